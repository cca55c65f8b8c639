export type { ModelFolder } from './local-model-folder.js';
export { inspectModelFolder, useLocalModelsOnly } from './local-model-folder.js';
export type { TransformersEmbedderOptions } from './transformers-embedder.js';
export { createTransformersEmbedder, TransformersEmbedder } from './transformers-embedder.js';
