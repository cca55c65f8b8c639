/**
 * Small shared state that replicas of a server must agree on: rate-limit buckets, and (with
 * `sharedState`) breakers, health, invocations and confirmations; the REST API keeps invocation
 * ownership here too. The in-memory store serves one process; a shared store (Redis) lets
 * replicas share it. Values are JSON-serialisable.
 *
 * @example
 * // One process; across replicas pass a shared store such as `createRedisStateStore`.
 * const arsenal = createArsenal({ execution: { stateStore: createInMemoryStateStore() } });
 */
export interface StateStore {
  /** The value under `key`, or undefined when it is missing or expired. */
  get<T = unknown>(key: string): Promise<T | undefined>;
  /** Store a value under `key`, expiring after `ttlMs` when given. */
  set(key: string, value: unknown, options?: { ttlMs?: number }): Promise<void>;
  /** Remove the value under `key`. */
  delete(key: string): Promise<void>;
  /** Atomically add `by` to a number (0 when missing) and return the new value. */
  increment(key: string, by?: number, options?: { ttlMs?: number }): Promise<number>;
  /**
   * Atomic token bucket: refill at `refillPerSecond` up to `capacity`, then try to take `cost`.
   * Returns whether it was taken and, if not, how long until it could be.
   */
  takeTokens(
    key: string,
    request: { capacity: number; refillPerSecond: number; cost?: number; now?: number },
  ): Promise<{ allowed: boolean; remaining: number; retryAfterMs: number }>;
  /** Keys starting with a prefix (for inspection and cleanup). */
  keys(prefix: string): Promise<string[]>;
  /** Release connections. */
  close?(): Promise<void>;
}
