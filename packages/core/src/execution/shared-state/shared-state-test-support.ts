// A StateStore that can be switched off, standing in for a Redis that went away.
// Test-only: the build and the dependency check leave `*-test-support.ts` files out.
import { StateStoreError } from '../../errors/arsenal-error.js';
import { InMemoryStateStore } from '../../memory/in-memory-state-store.js';
import type { StateStore } from '../../ports/state-store.js';

export class SwitchableStateStore implements StateStore {
  readonly inner = new InMemoryStateStore();
  down = false;

  #check(): void {
    if (this.down)
      throw new StateStoreError('Redis at redis://127.0.0.1:1 failed: connection refused.', {
        retryable: true,
      });
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    this.#check();
    return this.inner.get<T>(key);
  }

  async set(key: string, value: unknown, options?: { ttlMs?: number }): Promise<void> {
    this.#check();
    return this.inner.set(key, value, options);
  }

  async delete(key: string): Promise<void> {
    this.#check();
    return this.inner.delete(key);
  }

  async increment(key: string, by?: number, options?: { ttlMs?: number }): Promise<number> {
    this.#check();
    return this.inner.increment(key, by, options);
  }

  async takeTokens(
    key: string,
    request: { capacity: number; refillPerSecond: number; cost?: number; now?: number },
  ): Promise<{ allowed: boolean; remaining: number; retryAfterMs: number }> {
    this.#check();
    return this.inner.takeTokens(key, request);
  }

  async keys(prefix: string): Promise<string[]> {
    this.#check();
    return this.inner.keys(prefix);
  }
}
