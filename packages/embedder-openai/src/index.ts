export type { OpenAIEmbedderOptions } from './openai-embedder.js';
export { createOpenAIEmbedder, OpenAIEmbedder } from './openai-embedder.js';
