import { createQdrantVectorStore } from './qdrant-vector-store.js';

export type { QdrantCondition, QdrantFilter, TranslatedFilter } from './qdrant-filter.js';
export { toQdrantFilter } from './qdrant-filter.js';
export type { QdrantVectorStoreOptions } from './qdrant-vector-store.js';
export { createQdrantVectorStore, pointId, QdrantVectorStore } from './qdrant-vector-store.js';

/** `arsenal.yaml` loads the store through this: `vectorStore: { use: '@arsenal/store-qdrant', options: {...} }`. */
export default createQdrantVectorStore;
