export type { JsonlHistoryStoreOptions } from './jsonl-history-store.js';
export { createJsonlHistoryStore, JsonlHistoryStore } from './jsonl-history-store.js';
