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

declare module '@arsenal/core' {
  /** `retrieveTools(query, { dialect: 'anthropic' })` returns Anthropic tools. */
  interface DialectToolTypes {
    anthropic: import('./anthropic-tool.js').AnthropicTool;
  }
}
