import { ConfigurationError, type StateStore } from '@arsenal/core';
import { type InvocationOwnership, shownId } from './invocation-owners.js';
import { RestApiError } from './problem-details.js';

/** How shared ownership records are kept. */
export interface SharedOwnershipOptions {
  /** How long an ownership record lives. Default 15 minutes (longer than invocations are kept). */
  ttlMs?: number;
  /** Put before every key. Default `arsenal:rest-owner:`. */
  keyPrefix?: string;
}

const DEFAULT_TTL_MS = 15 * 60_000;
/** Records need only outlive the invocations they guard; far longer expiries stores refuse. */
const MAX_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * Ownership in the shared StateStore: a replica answers for invocations and confirmations that
 * another replica started. Every record expires after `ttlMs`, so the store stays bounded.
 * When the store cannot be reached, ownership fails closed: the request is answered 503
 * `ownership_unavailable` (retry later), never with another principal's invocation.
 */
export class SharedInvocationOwners implements InvocationOwnership {
  readonly #store: StateStore;
  readonly #ttlMs: number;
  readonly #prefix: string;

  constructor(store: StateStore, options: SharedOwnershipOptions = {}) {
    const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    if (!Number.isFinite(ttlMs) || ttlMs <= 0 || ttlMs > MAX_TTL_MS) {
      throw new ConfigurationError(
        `ownership ttlMs must be a positive number of milliseconds up to ${MAX_TTL_MS} (7 days), got ${ttlMs}; leave it out for 15 minutes.`,
      );
    }
    this.#store = store;
    this.#ttlMs = ttlMs;
    this.#prefix = options.keyPrefix ?? 'arsenal:rest-owner:';
  }

  /** A third of the time-to-live: two refreshes may fail before a record expires. */
  get refreshEveryMs(): number {
    return Math.max(1, Math.floor(this.#ttlMs / 3));
  }

  async remember(id: string, owner: string): Promise<void> {
    try {
      await this.#store.set(this.#prefix + id, owner, { ttlMs: this.#ttlMs });
    } catch (error) {
      throw ownershipUnavailable(`record who owns "${shownId(id)}"`, error);
    }
  }

  async owns(id: string, owner: string): Promise<boolean> {
    let recorded: unknown;
    try {
      recorded = await this.#store.get<string>(this.#prefix + id);
    } catch (error) {
      throw ownershipUnavailable(`check who owns "${shownId(id)}"`, error);
    }
    return recorded === owner;
  }

  async forget(id: string): Promise<void> {
    try {
      await this.#store.delete(this.#prefix + id);
    } catch (error) {
      throw ownershipUnavailable(`release "${shownId(id)}"`, error);
    }
  }
}

/** The store's own message stays in `cause` (for logs): clients need not see its address. */
export function ownershipUnavailable(action: string, cause: unknown): RestApiError {
  return new RestApiError(
    503,
    'ownership_unavailable',
    `Could not ${action}: the shared state store did not answer. Invocations are checked against it on every replica, so none is shown or changed until it answers; retry later.`,
    { cause, headers: { 'retry-after': '1' } },
  );
}
