export type { TransformersEmbedderOptions } from './transformers-embedder.js';
export { createTransformersEmbedder, TransformersEmbedder } from './transformers-embedder.js';
