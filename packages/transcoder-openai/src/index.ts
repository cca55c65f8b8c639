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

declare module '@arsenal/core' {
  /** `retrieveTools(query, { dialect: 'openai' })` returns OpenAI tools (Chat Completions or Responses shape, as the transcoder's `api` says). */
  interface DialectToolTypes {
    openai:
      | import('./openai-tool.js').OpenAIChatTool
      | import('./openai-tool.js').OpenAIResponsesTool;
  }
}
