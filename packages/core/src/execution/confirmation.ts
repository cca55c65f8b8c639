import { ConfirmationError } from '../errors/index.js';
import { randomUuid } from '../hash/random-id.js';
import type { Clock } from './types.js';

interface Pending<T> {
  payload: T;
  expiresAt: number;
}

/**
 * Calls waiting for a human: each id can be taken exactly once, before it expires. Used and
 * expired ids are remembered (for one more TTL) so a second attempt says why it is refused.
 */
export class ConfirmationStore<T> {
  readonly #pending = new Map<string, Pending<T>>();
  readonly #spent = new Map<string, { reason: 'already_used' | 'expired'; forgetAt: number }>();
  readonly #ttlMs: number;
  readonly #clock: Clock;

  readonly #onCreate: ((id: string, payload: T, expiresAt: number) => void) | undefined;

  constructor(
    ttlMs: number,
    clock: Clock,
    onCreate?: (id: string, payload: T, expiresAt: number) => void,
  ) {
    this.#ttlMs = ttlMs;
    this.#clock = clock;
    this.#onCreate = onCreate;
  }

  /** Park a payload; returns its id and expiry (ms since epoch). */
  create(payload: T): { id: string; expiresAt: number } {
    this.#sweep();
    const id = `cfm_${randomUuid()}`;
    const expiresAt = this.#clock.now() + this.#ttlMs;
    this.#pending.set(id, { payload, expiresAt });
    this.#onCreate?.(id, payload, expiresAt);
    return { id, expiresAt };
  }

  /** Take the payload once; a second take, an unknown id or an expired one gives the error. */
  take(id: string): { payload: T } | { error: ConfirmationError; payload?: T } {
    const now = this.#clock.now();
    const pending = this.#pending.get(id);
    if (pending) {
      this.#pending.delete(id);
      if (pending.expiresAt <= now) {
        this.#spent.set(id, { reason: 'expired', forgetAt: now + this.#ttlMs });
        return { error: new ConfirmationError(id, 'expired'), payload: pending.payload };
      }
      this.#spent.set(id, { reason: 'already_used', forgetAt: now + this.#ttlMs });
      return { payload: pending.payload };
    }
    const spent = this.#spent.get(id);
    return { error: new ConfirmationError(id, spent?.reason ?? 'not_found') };
  }

  /** The payloads parked here, not taken and not expired. */
  list(): { id: string; payload: T; expiresAt: number }[] {
    this.#sweep();
    const parked: { id: string; payload: T; expiresAt: number }[] = [];
    for (const [id, pending] of this.#pending)
      parked.push({ id, payload: pending.payload, expiresAt: pending.expiresAt });
    return parked;
  }

  /** Whether `id` is parked here and not yet taken. */
  has(id: string): boolean {
    return this.#pending.has(id);
  }

  /** Forget a parked id as used (another replica resolved it). */
  drop(id: string): void {
    if (!this.#pending.delete(id)) return;
    this.#spent.set(id, { reason: 'already_used', forgetAt: this.#clock.now() + this.#ttlMs });
  }

  get size(): number {
    return this.#pending.size;
  }

  clear(): void {
    this.#pending.clear();
    this.#spent.clear();
  }

  #sweep(): void {
    const now = this.#clock.now();
    for (const [id, pending] of this.#pending) {
      if (pending.expiresAt <= now) {
        this.#pending.delete(id);
        this.#spent.set(id, { reason: 'expired', forgetAt: now + this.#ttlMs });
      }
    }
    for (const [id, spent] of this.#spent) if (spent.forgetAt <= now) this.#spent.delete(id);
  }
}
