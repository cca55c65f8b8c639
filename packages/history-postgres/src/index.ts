export { describeTarget, HistoryStoreError } from './history-errors.js';
export type { PostgresHistoryStoreOptions, RetentionOptions } from './options.js';
export { createPostgresHistoryStore, PostgresHistoryStore } from './postgres-history-store.js';
