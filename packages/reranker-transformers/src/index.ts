export type { TransformersRerankerOptions } from './transformers-reranker.js';
export { createTransformersReranker, TransformersReranker } from './transformers-reranker.js';
