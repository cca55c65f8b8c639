import type { PendingConfirmationInfo, StateStore } from '@arsenal/core';
import { shownId } from './invocation-owners.js';
import { ownershipUnavailable } from './shared-invocation-owners.js';

/**
 * A call waiting for a human, as `GET /confirmations` lists it: what the Arsenal lists of it
 * (what would run, for whom, why and until when; arguments redacted), and who asked.
 */
export interface PendingConfirmationEntry extends PendingConfirmationInfo {
  /** The owner key of the caller (`ownerOf`): never sent to clients. */
  owner: string;
}

/**
 * The pending confirmations the REST API handed out, for listing. The confirmation itself lives
 * in the Arsenal (which runs it exactly once); this book only says what waits and who asked.
 * In memory for one process (`MemoryPendingConfirmations`), or in the shared StateStore so every
 * replica lists the same (`SharedPendingConfirmations`).
 */
export interface PendingConfirmations {
  add(entry: PendingConfirmationEntry): void | Promise<void>;
  get(
    id: string,
  ): PendingConfirmationEntry | undefined | Promise<PendingConfirmationEntry | undefined>;
  /** Entries not yet expired, soonest to expire first, at most `limit`. */
  list(limit: number): PendingConfirmationEntry[] | Promise<PendingConfirmationEntry[]>;
  forget(id: string): void | Promise<void>;
}

/** Most entries kept in memory; the oldest are dropped past it (they also expire on their own). */
const DEFAULT_CAPACITY = 10_000;
/** Most shared records read for one listing, so a flooded store cannot make a listing unbounded. */
export const MAX_SHARED_SCAN = 2_000;

function unexpired(entries: Iterable<PendingConfirmationEntry>, now: number, limit: number) {
  return [...entries]
    .filter((entry) => Date.parse(entry.expiresAt) > now)
    .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.id.localeCompare(b.id))
    .slice(0, limit);
}

/** Pending confirmations kept by this process. */
export class MemoryPendingConfirmations implements PendingConfirmations {
  readonly #entries = new Map<string, PendingConfirmationEntry>();
  readonly #capacity: number;
  readonly #now: () => number;

  constructor(capacity = DEFAULT_CAPACITY, now: () => number = Date.now) {
    this.#capacity = capacity;
    this.#now = now;
  }

  add(entry: PendingConfirmationEntry): void {
    this.#sweep();
    this.#entries.delete(entry.id);
    this.#entries.set(entry.id, entry);
    while (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  get(id: string): PendingConfirmationEntry | undefined {
    const entry = this.#entries.get(id);
    return entry && Date.parse(entry.expiresAt) > this.#now() ? entry : undefined;
  }

  list(limit: number): PendingConfirmationEntry[] {
    this.#sweep();
    return unexpired(this.#entries.values(), this.#now(), limit);
  }

  forget(id: string): void {
    this.#entries.delete(id);
  }

  #sweep(): void {
    const now = this.#now();
    for (const [id, entry] of this.#entries) {
      if (Date.parse(entry.expiresAt) <= now) this.#entries.delete(id);
    }
  }
}

/**
 * Pending confirmations in the shared StateStore: one record per confirmation, living until the
 * confirmation expires, so a listing on any replica shows calls parked on every other. When the
 * store cannot be reached, listing and settling fail closed with 503 `ownership_unavailable`.
 */
export class SharedPendingConfirmations implements PendingConfirmations {
  readonly #store: StateStore;
  readonly #prefix: string;
  readonly #now: () => number;

  constructor(store: StateStore, options: { keyPrefix?: string; now?: () => number } = {}) {
    this.#store = store;
    this.#prefix = options.keyPrefix ?? 'arsenal:rest-pending:';
    this.#now = options.now ?? Date.now;
  }

  async add(entry: PendingConfirmationEntry): Promise<void> {
    const ttlMs = Date.parse(entry.expiresAt) - this.#now();
    if (!(ttlMs > 0)) return;
    try {
      await this.#store.set(this.#prefix + entry.id, entry, { ttlMs });
    } catch (error) {
      throw ownershipUnavailable(`record the confirmation "${shownId(entry.id)}"`, error);
    }
  }

  async get(id: string): Promise<PendingConfirmationEntry | undefined> {
    let entry: PendingConfirmationEntry | undefined;
    try {
      entry = await this.#store.get<PendingConfirmationEntry>(this.#prefix + id);
    } catch (error) {
      throw ownershipUnavailable(`read the confirmation "${shownId(id)}"`, error);
    }
    return isEntry(entry) && Date.parse(entry.expiresAt) > this.#now() ? entry : undefined;
  }

  async list(limit: number): Promise<PendingConfirmationEntry[]> {
    let found: (PendingConfirmationEntry | undefined)[];
    try {
      const keys = (await this.#store.keys(this.#prefix)).slice(0, MAX_SHARED_SCAN);
      found = await Promise.all(keys.map((key) => this.#store.get<PendingConfirmationEntry>(key)));
    } catch (error) {
      throw ownershipUnavailable('list the pending confirmations', error);
    }
    return unexpired(found.filter(isEntry), this.#now(), limit);
  }

  async forget(id: string): Promise<void> {
    try {
      await this.#store.delete(this.#prefix + id);
    } catch (error) {
      throw ownershipUnavailable(`release the confirmation "${shownId(id)}"`, error);
    }
  }
}

/** A record read back from a shared store is data from the outside: check its shape. */
function isEntry(value: unknown): value is PendingConfirmationEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === 'string' &&
    typeof entry.tool === 'string' &&
    typeof entry.owner === 'string' &&
    typeof entry.expiresAt === 'string' &&
    typeof entry.requestedAt === 'string' &&
    typeof entry.arguments === 'object' &&
    entry.arguments !== null
  );
}
