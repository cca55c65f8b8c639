import {
  CircuitBreaker,
  type CircuitBreakerOptions,
  type CircuitChange,
} from '../circuit-breaker.js';
import type { Clock } from '../types.js';
import type { StateSync } from './state-sync.js';

/** What replicas share about one circuit. `changedAt` orders decisions. */
interface SharedCircuit {
  state: 'open' | 'closed';
  openedAt?: number;
  changedAt: number;
  by: string;
}

/** Shared records outlive a cooldown by far, but not for ever. */
const RECORD_TTL_MS = 24 * 60 * 60_000;

/**
 * A circuit breaker whose decisions replicas share. Each failure also counts in a shared
 * consecutive-failure counter, so failures spread over replicas open the circuit too; whoever
 * opens or closes a circuit writes it, and every replica adopts what it reads at its next sync
 * round. The decision on a call stays local and synchronous: no call waits for the store.
 * Store down: each replica falls back to its own counts (fail open to local state).
 */
export class SharedCircuitBreaker extends CircuitBreaker {
  readonly #sync: StateSync;
  /** Newest shared decision seen per circuit, so each is adopted once. */
  readonly #seen = new Map<string, number>();
  /** Circuits with failures counted in the shared counter since the last success. */
  readonly #failing = new Set<string>();
  /** Every circuit this replica has recorded an outcome for. */
  readonly #known = new Set<string>();
  #adopting = false;

  constructor(
    options: CircuitBreakerOptions | undefined,
    clock: Clock,
    onChange: (change: CircuitChange) => void,
    sync: StateSync,
  ) {
    super(options, clock, (change) => {
      onChange(change);
      if (!this.#adopting) this.#publish(change);
    });
    this.#sync = sync;
    sync.every(() => this.pull());
    // Circuits open here are written again: a restarted store may have lost them.
    sync.onRecovered(() => {
      for (const key of this.#known) {
        if (this.state(key) === 'open') this.#publish({ key, from: 'closed', to: 'open' });
      }
    });
  }

  #recordKey(key: string): string {
    return this.#sync.key('breaker', key);
  }

  #failuresKey(key: string): string {
    return this.#sync.key('breaker-failures', key);
  }

  #publish(change: CircuitChange): void {
    if (change.to === 'half_open') return; // each replica probes on its own after the cooldown
    const now = this.#sync.now();
    // Decisions in the same millisecond still get an order.
    const changedAt = Math.max(now, (this.#seen.get(change.key) ?? 0) + 1);
    const record: SharedCircuit = {
      state: change.to,
      changedAt,
      by: this.#sync.replicaId,
      ...(change.to === 'open' ? { openedAt: this.openedAt(change.key) ?? now } : {}),
    };
    this.#seen.set(change.key, changedAt);
    const sync = this.#sync;
    sync.fire('breakers', async () => {
      await sync.store.set(this.#recordKey(change.key), record, { ttlMs: RECORD_TTL_MS });
      if (change.to === 'closed') await sync.store.set(this.#failuresKey(change.key), 0);
    });
  }

  override record(key: string, success: boolean): void {
    super.record(key, success);
    this.#known.add(key);
    const sync = this.#sync;
    if (success) {
      if (!this.#failing.delete(key)) return;
      sync.fire('breakers', () => sync.store.set(this.#failuresKey(key), 0));
      return;
    }
    this.#failing.add(key);
    sync.fire('breakers', async () => {
      const failures = await sync.store.increment(this.#failuresKey(key), 1, {
        ttlMs: RECORD_TTL_MS,
      });
      if (failures >= this.failureThreshold && this.state(key) === 'closed') {
        this.adopt(key, 'open', sync.now());
        this.#publish({ key, from: 'closed', to: 'open' });
      }
    });
  }

  /** Adopt decisions other replicas wrote since the last round. */
  async pull(): Promise<void> {
    const sync = this.#sync;
    const prefix = this.#recordKey('');
    const names = await sync.attempt('breakers', () => sync.store.keys(prefix));
    if (!names) return;
    for (const name of names) {
      const record = await sync.attempt('breakers', () => sync.store.get<SharedCircuit>(name));
      if (!record || typeof record.changedAt !== 'number') continue;
      const key = name.slice(prefix.length);
      if ((this.#seen.get(key) ?? -1) >= record.changedAt) continue;
      // A restarted replica (same id, empty memory) adopts its own earlier decisions too.
      this.#seen.set(key, record.changedAt);
      this.#adopting = true;
      try {
        if (record.state === 'open') this.adopt(key, 'open', record.openedAt ?? record.changedAt);
        else if (this.state(key) !== 'closed') this.adopt(key, 'closed');
      } finally {
        this.#adopting = false;
      }
    }
  }
}
