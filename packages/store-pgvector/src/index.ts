import { createPgvectorVectorStore } from './pgvector-vector-store.js';

export type { PgvectorVectorStoreOptions } from './pgvector-options.js';
export { createPgvectorVectorStore, PgvectorVectorStore } from './pgvector-vector-store.js';
export type { SqlFilter } from './sql-filter.js';
export { toSqlFilter } from './sql-filter.js';

/** `arsenal.yaml` loads the store through this: `vectorStore: { use: '@arsenal/store-pgvector', options: {...} }`. */
export default createPgvectorVectorStore;
