export type { CohereRerankerOptions } from './cohere-reranker.js';
export { CohereReranker, createCohereReranker } from './cohere-reranker.js';
