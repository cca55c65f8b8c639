export type {
  AnthropicCacheControl,
  AnthropicInputSchema,
  AnthropicTool,
  AnthropicToolLike,
} from './anthropic-tool.js';
export type { AnthropicEncodeOptions, AnthropicTranscoderOptions } from './anthropic-transcoder.js';
export {
  AnthropicTranscoder,
  createAnthropicTranscoder,
  fromAnthropicTool,
  toAnthropicTool,
} from './anthropic-transcoder.js';
