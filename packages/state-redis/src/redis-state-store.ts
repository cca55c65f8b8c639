import {
  ConfigurationError,
  InvalidArgumentError,
  type StateStore,
  StateStoreError,
} from '@arsenal/core';
import { Redis, type RedisOptions } from 'ioredis';
import { incrementScript, takeTokensScript } from './redis-scripts.js';
import { redactRedisUrl } from './redis-url.js';

export interface RedisStateStoreOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://` for TLS. Default `redis://127.0.0.1:6379`. */
  url?: string;
  /** An ioredis client you configured yourself (cluster, sentinel...); `url` is then ignored. Not closed by `close()`. */
  client?: Redis;
  /** Put before every key, to share one Redis between deployments. Default none. */
  namespace?: string;
  /** Give up connecting after this long. Default 2,000 ms. */
  connectTimeoutMs?: number;
  /** A command that gets no answer fails after this long. Default 5,000 ms. */
  commandTimeoutMs?: number;
}

type TakeTokensRequest = { capacity: number; refillPerSecond: number; cost?: number; now?: number };
type TakeTokensOutcome = { allowed: boolean; remaining: number; retryAfterMs: number };

/** Glob metacharacters in a SCAN MATCH pattern, escaped so a prefix matches itself only. */
const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, (character) => `\\${character}`);

function positiveNumber(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ConfigurationError(
      `RedisStateStore: ${name} must be a positive number of milliseconds, got ${String(value)}.`,
    );
  }
  return value;
}

/**
 * StateStore over Redis, for replicas that must agree. Values are JSON strings; increments and
 * token buckets are Lua scripts (atomic on the server); `keys` walks SCAN, never KEYS. While
 * Redis is unreachable every operation fails fast with a retryable `StateStoreError` and the
 * client reconnects in the background.
 */
export class RedisStateStore implements StateStore {
  readonly #client: Redis;
  readonly #ownsClient: boolean;
  readonly #namespace: string;
  readonly #where: string;
  #closed = false;
  #lastError: unknown;

  constructor(options: RedisStateStoreOptions = {}) {
    this.#namespace = options.namespace ?? '';
    if (options.client) {
      this.#client = options.client;
      this.#ownsClient = false;
      this.#where = 'Redis (client passed in)';
    } else {
      const url = options.url ?? 'redis://127.0.0.1:6379';
      if (!/^rediss?:\/\//.test(url)) {
        throw new ConfigurationError(
          `RedisStateStore: url "${redactRedisUrl(url)}" is not a Redis URL; use redis://host:6379 (or rediss:// for TLS).`,
        );
      }
      this.#where = `Redis at ${redactRedisUrl(url)}`;
      const clientOptions: RedisOptions = {
        lazyConnect: true,
        connectTimeout: positiveNumber('connectTimeoutMs', options.connectTimeoutMs, 2000),
        commandTimeout: positiveNumber('commandTimeoutMs', options.commandTimeoutMs, 5000),
        // Fail a command after one reconnect attempt instead of queueing it for ever.
        maxRetriesPerRequest: 1,
        retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
      };
      this.#client = new Redis(url, clientOptions);
      this.#ownsClient = true;
    }
    // Without a listener ioredis prints every connection error; callers see them as StateStoreError.
    this.#client.on('error', (error: unknown) => {
      this.#lastError = error;
    });
    this.#client.defineCommand('arsenalIncrement', { numberOfKeys: 1, lua: incrementScript });
    this.#client.defineCommand('arsenalTakeTokens', { numberOfKeys: 1, lua: takeTokensScript });
  }

  async #run<T>(operation: string, key: string, command: () => Promise<T>): Promise<T> {
    if (this.#closed) {
      throw new StateStoreError(
        `RedisStateStore: ${operation}("${key}") after close(); create a new store.`,
      );
    }
    const status = this.#client.status;
    // While reconnecting, fail at once rather than queue: callers decide how to degrade.
    if (status === 'reconnecting' || status === 'close' || status === 'end') {
      throw this.#unavailable(operation, key, this.#lastError);
    }
    try {
      return await command();
    } catch (error) {
      throw this.#unavailable(operation, key, error);
    }
  }

  #unavailable(operation: string, key: string, cause: unknown): StateStoreError {
    const reason = cause instanceof Error ? cause.message : 'not connected';
    return new StateStoreError(
      `${this.#where} failed on ${operation}("${key}"): ${reason}. Check that the server runs and is reachable; the store reconnects by itself.`,
      { cause, retryable: true },
    );
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const raw = await this.#run('get', key, () => this.#client.get(this.#namespace + key));
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch (error) {
      throw new StateStoreError(
        `${this.#where}: key "${key}" does not hold JSON written by Arsenal; delete it or use another namespace.`,
        { cause: error },
      );
    }
  }

  async set(key: string, value: unknown, options: { ttlMs?: number } = {}): Promise<void> {
    const ttlMs = options.ttlMs;
    if (ttlMs !== undefined && (typeof ttlMs !== 'number' || Number.isNaN(ttlMs))) {
      throw new InvalidArgumentError(`set("${key}"): ttlMs must be a number of milliseconds.`);
    }
    // An expired-at-once value reads as missing, exactly as in memory.
    if (value === undefined || (ttlMs !== undefined && ttlMs <= 0)) return this.delete(key);
    const json = JSON.stringify(value);
    const name = this.#namespace + key;
    await this.#run('set', key, () =>
      ttlMs === undefined || ttlMs === Number.POSITIVE_INFINITY
        ? this.#client.set(name, json)
        : this.#client.set(name, json, 'PX', Math.ceil(ttlMs)),
    );
  }

  async delete(key: string): Promise<void> {
    await this.#run('delete', key, () => this.#client.del(this.#namespace + key));
  }

  async increment(key: string, by = 1, options: { ttlMs?: number } = {}): Promise<number> {
    if (typeof by !== 'number' || !Number.isFinite(by)) {
      throw new InvalidArgumentError(
        `increment("${key}"): by must be a finite number, got ${String(by)}.`,
      );
    }
    const ttlMs = options.ttlMs;
    const ttl = ttlMs !== undefined && Number.isFinite(ttlMs) && ttlMs > 0 ? Math.ceil(ttlMs) : 0;
    const raw = await this.#run('increment', key, () =>
      this.#command<string>('arsenalIncrement', this.#namespace + key, String(by), String(ttl)),
    );
    return Number(raw);
  }

  async takeTokens(key: string, request: TakeTokensRequest): Promise<TakeTokensOutcome> {
    const cost = request.cost ?? 1;
    for (const [name, value] of [
      ['capacity', request.capacity],
      ['refillPerSecond', request.refillPerSecond],
      ['cost', cost],
    ] as const) {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
        throw new InvalidArgumentError(
          `takeTokens("${key}"): ${name} must be a finite number ≥ 0, got ${String(value)}.`,
        );
      }
    }
    const now = request.now ?? Date.now();
    const [allowed, tokensText] = await this.#run('takeTokens', key, () =>
      this.#command<[number, string]>(
        'arsenalTakeTokens',
        this.#namespace + key,
        String(request.capacity),
        String(request.refillPerSecond),
        String(cost),
        String(now),
      ),
    );
    const tokens = Number(tokensText);
    const retryAfterMs =
      allowed === 1
        ? 0
        : request.refillPerSecond > 0
          ? Math.ceil(((cost - tokens) / request.refillPerSecond) * 1000)
          : Number.POSITIVE_INFINITY;
    return { allowed: allowed === 1, remaining: Math.floor(tokens), retryAfterMs };
  }

  async keys(prefix: string): Promise<string[]> {
    const pattern = `${escapeGlob(this.#namespace + prefix)}*`;
    const found = new Set<string>();
    await this.#run('keys', prefix, async () => {
      let cursor = '0';
      do {
        const [next, batch] = await this.#client.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
        for (const name of batch) found.add(name.slice(this.#namespace.length));
        cursor = next;
      } while (cursor !== '0');
    });
    return [...found].sort();
  }

  /** Round trip to the server; throws a retryable StateStoreError when it is unreachable. */
  async ping(): Promise<void> {
    await this.#run('ping', '', () => this.#client.ping());
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (!this.#ownsClient) return;
    try {
      await this.#client.quit();
    } catch {
      this.#client.disconnect();
    }
  }

  #command<T>(name: string, ...args: string[]): Promise<T> {
    const command = (this.#client as unknown as Record<string, (...a: string[]) => Promise<T>>)[
      name
    ];
    if (!command) throw new Error(`script ${name} is not defined`);
    return command.apply(this.#client, args);
  }
}

/**
 * Create a Redis-backed StateStore.
 *
 * @example
 * const state = createRedisStateStore({ url: 'redis://127.0.0.1:6379' });
 * const arsenal = createArsenal({ execution: { stateStore: state } });
 */
export function createRedisStateStore(options?: RedisStateStoreOptions): RedisStateStore {
  return new RedisStateStore(options);
}
