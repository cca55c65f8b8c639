export type { RedisStateStoreOptions } from './redis-state-store.js';
export { createRedisStateStore, RedisStateStore } from './redis-state-store.js';
export { redactRedisUrl } from './redis-url.js';
