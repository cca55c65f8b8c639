import { createChromaVectorStore } from './chroma-vector-store.js';

export type { ChromaVectorStoreOptions } from './chroma-vector-store.js';
export { ChromaVectorStore, createChromaVectorStore } from './chroma-vector-store.js';
export type { ChromaWhere } from './chroma-where.js';
export { toChromaWhere } from './chroma-where.js';

/** `arsenal.yaml` loads the store through this: `vectorStore: { use: '@arsenal/store-chroma', options: {...} }`. */
export default createChromaVectorStore;
