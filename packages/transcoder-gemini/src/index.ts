export { fromGeminiSchema } from './from-gemini-schema.js';
export type {
  GeminiFunctionDeclaration,
  GeminiFunctionDeclarationLike,
  GeminiSchema,
  GeminiSchemaLike,
  GeminiTool,
  GeminiType,
} from './gemini-tool.js';
export type { GeminiEncodeOptions, GeminiTranscoderOptions } from './gemini-transcoder.js';
export {
  createGeminiTranscoder,
  fromGeminiFunctionDeclaration,
  GeminiTranscoder,
  toGeminiFunctionDeclaration,
  toGeminiTool,
} from './gemini-transcoder.js';
export type { GeminiSchemaOptions, UnsupportedKeywordHandler } from './to-gemini-schema.js';
export { DEFAULT_MAX_RECURSION_DEPTH, toGeminiSchema } from './to-gemini-schema.js';

declare module '@arsenal/core' {
  /** `retrieveTools(query, { dialect: 'gemini' })` returns Gemini function declarations. */
  interface DialectToolTypes {
    gemini: import('./gemini-tool.js').GeminiFunctionDeclaration;
  }
}
