export type {
  OpenAIApi,
  OpenAIChatTool,
  OpenAIFunctionDefinition,
  OpenAIResponsesTool,
  OpenAIToolFor,
  OpenAIToolLike,
} from './openai-tool.js';
export type { OpenAIEncodeOptions, OpenAITranscoderOptions } from './openai-transcoder.js';
export {
  createOpenAITranscoder,
  fromOpenAITool,
  OpenAITranscoder,
  toOpenAIResponsesTool,
  toOpenAITool,
} from './openai-transcoder.js';
export type { UnsupportedKeywordHandler } from './strict-schema.js';
export { STRICT_STRING_FORMATS, toStrictSchema } from './strict-schema.js';
