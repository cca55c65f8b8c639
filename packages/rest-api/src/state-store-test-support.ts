import { createInMemoryStateStore, type StateStore } from '@arsenal/core';

/** A real in-memory StateStore that can be switched off, as a Redis outage would. */
export function switchableStore(): { store: StateStore; down: boolean } {
  const inner = createInMemoryStateStore();
  const state = { down: false, store: undefined as unknown as StateStore };
  const guard = <T>(run: () => Promise<T>): Promise<T> =>
    state.down ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')) : run();
  state.store = {
    get: (key) => guard(() => inner.get(key)),
    set: (key, value, options) => guard(() => inner.set(key, value, options)),
    delete: (key) => guard(() => inner.delete(key)),
    increment: (key, by, options) => guard(() => inner.increment(key, by, options)),
    takeTokens: (key, request) => guard(() => inner.takeTokens(key, request)),
    keys: (prefix) => guard(() => inner.keys(prefix)),
  };
  return state;
}
