export type { CohereEmbedderOptions } from './cohere-embedder.js';
export { CohereEmbedder, createCohereEmbedder } from './cohere-embedder.js';
