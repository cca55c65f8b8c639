export type { InMemoryHistoryStoreOptions } from './in-memory-history-store.js';
export {
  createInMemoryHistoryStore,
  InMemoryHistoryStore,
  queryAuditRecords,
} from './in-memory-history-store.js';
export type { InMemoryStateStoreOptions } from './in-memory-state-store.js';
export { createInMemoryStateStore, InMemoryStateStore } from './in-memory-state-store.js';
export type { InMemoryVectorStoreOptions } from './in-memory-vector-store.js';
export { createInMemoryVectorStore, InMemoryVectorStore } from './in-memory-vector-store.js';
export type { MetadataFilterNode, MetadataScalar } from './metadata-filter-parse.js';
export { parseMetadataFilter } from './metadata-filter-parse.js';
export { checkedVectorLength, copyMetadata } from './vector-input.js';
