import type { StateStore } from '../ports/state-store.js';

/** Options of the in-memory state store: the clock its expiries follow. */
export interface InMemoryStateStoreOptions {
  /** Milliseconds since the epoch; default `Date.now`. Tests pass a fake clock. */
  now?: () => number;
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * StateStore for one process: a Map with lazy TTL expiry. Operations are atomic because they
 * run to completion on the event loop before the returned promise settles.
 */
export class InMemoryStateStore implements StateStore {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;

  constructor(options: InMemoryStateStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
  }

  #read(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #expiry(ttlMs: number | undefined): number {
    return ttlMs === undefined ? Number.POSITIVE_INFINITY : this.#now() + ttlMs;
  }

  /** The value under `key`, or undefined when it is missing or expired. */
  async get<T = unknown>(key: string): Promise<T | undefined> {
    return this.#read(key)?.value as T | undefined;
  }

  /** Store a value under `key`, expiring after `ttlMs` when given. */
  async set(key: string, value: unknown, options: { ttlMs?: number } = {}): Promise<void> {
    // A copy, so that callers mutating their object later do not change stored state (as with Redis).
    const stored = value === undefined ? undefined : structuredClone(value);
    this.#entries.set(key, { value: stored, expiresAt: this.#expiry(options.ttlMs) });
  }

  /** Remove the value under `key`. */
  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  async increment(key: string, by = 1, options: { ttlMs?: number } = {}): Promise<number> {
    return this.incrementSync(key, by, options);
  }

  /** Synchronous `increment`, for callers in the same process that cannot afford a promise. */
  incrementSync(key: string, by = 1, options: { ttlMs?: number } = {}): number {
    const entry = this.#read(key);
    const current = typeof entry?.value === 'number' ? entry.value : 0;
    const next = current + by;
    const expiresAt = entry ? entry.expiresAt : this.#expiry(options.ttlMs);
    this.#entries.set(key, { value: next, expiresAt });
    return next;
  }

  async takeTokens(
    key: string,
    request: { capacity: number; refillPerSecond: number; cost?: number; now?: number },
  ): Promise<{ allowed: boolean; remaining: number; retryAfterMs: number }> {
    return this.takeTokensSync(key, request);
  }

  /** Synchronous `takeTokens` (same semantics). */
  takeTokensSync(
    key: string,
    request: { capacity: number; refillPerSecond: number; cost?: number; now?: number },
  ): { allowed: boolean; remaining: number; retryAfterMs: number } {
    const now = request.now ?? this.#now();
    const cost = request.cost ?? 1;
    const entry = this.#read(key);
    const previous = entry?.value as Bucket | undefined;
    let tokens = request.capacity;
    if (previous && typeof previous.tokens === 'number') {
      const elapsedSeconds = Math.max(0, now - previous.updatedAt) / 1000;
      tokens = Math.min(
        request.capacity,
        previous.tokens + elapsedSeconds * request.refillPerSecond,
      );
    }
    const allowed = tokens >= cost;
    if (allowed) tokens -= cost;
    // An idle bucket refills completely; keep it only as long as that takes.
    const refillMs =
      request.refillPerSecond > 0
        ? ((request.capacity - tokens) / request.refillPerSecond) * 1000
        : Number.POSITIVE_INFINITY;
    this.#entries.set(key, {
      value: { tokens, updatedAt: now } satisfies Bucket,
      expiresAt: this.#now() + Math.max(refillMs, 1000),
    });
    const retryAfterMs = allowed
      ? 0
      : request.refillPerSecond > 0
        ? Math.ceil(((cost - tokens) / request.refillPerSecond) * 1000)
        : Number.POSITIVE_INFINITY;
    return { allowed, remaining: Math.floor(tokens), retryAfterMs };
  }

  async keys(prefix: string): Promise<string[]> {
    const found: string[] = [];
    for (const key of [...this.#entries.keys()]) {
      if (key.startsWith(prefix) && this.#read(key)) found.push(key);
    }
    return found.sort();
  }

  /** Forget every value. */
  async close(): Promise<void> {
    this.#entries.clear();
  }
}

/** A StateStore in this process's memory: one process only; use a shared store across replicas. */
export function createInMemoryStateStore(options?: InMemoryStateStoreOptions): InMemoryStateStore {
  return new InMemoryStateStore(options);
}
