import { ConfigurationError } from '../../errors/arsenal-error.js';
import type { ArsenalEvent, SharedStateKind } from '../../events/events.js';
import { randomUuid } from '../../hash/random-id.js';
import type { StateStore } from '../../ports/state-store.js';
import type { Clock } from '../types.js';

/** How an engine shares its state through a StateStore. */
export interface SharedStateOptions {
  /**
   * How often this process pulls what other replicas wrote (breakers, health, cancel requests)
   * and pushes its own health figures. Default 1,000 ms.
   */
  syncIntervalMs?: number;
  /** Names this process in shared records. Default: a random id. */
  replicaId?: string;
  /** Put before every key. Default `arsenal:`. */
  keyPrefix?: string;
}

interface SyncOptions extends SharedStateOptions {
  store: StateStore;
  clock: Clock;
  emit: (event: ArsenalEvent) => void;
}

type Task = () => Promise<void>;

/**
 * The link between one process and the shared store: guarded operations that never throw (a
 * failure becomes one `state.unavailable` event per outage, a later success `state.recovered`),
 * and a periodic pull/push loop that does not keep the process alive.
 */
export class StateSync {
  readonly store: StateStore;
  readonly replicaId: string;
  readonly prefix: string;
  readonly intervalMs: number;
  readonly #clock: Clock;
  readonly #emit: (event: ArsenalEvent) => void;
  readonly #tasks: Task[] = [];
  /** Fire-and-forget writes not yet settled; a round waits for them first. */
  readonly #inflight = new Set<Promise<void>>();
  readonly #recoveryListeners: (() => void)[] = [];
  #downSince: number | undefined;
  /** Outages seen so far: an operation knows which one it started in. */
  #outages = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  #ticking: Promise<void> | undefined;
  #closed = false;

  constructor(options: SyncOptions) {
    this.store = options.store;
    this.replicaId = options.replicaId ?? `replica_${randomUuid().slice(0, 8)}`;
    if (!/^[\w.-]+$/.test(this.replicaId)) {
      throw new ConfigurationError(
        `sharedState.replicaId "${this.replicaId}" may hold only letters, digits, "_", "." and "-" (it ends shared keys); use e.g. the pod name.`,
      );
    }
    this.prefix = options.keyPrefix ?? 'arsenal:';
    this.intervalMs = Math.max(10, options.syncIntervalMs ?? 1000);
    this.#clock = options.clock;
    this.#emit = options.emit;
  }

  /** Whether the last operation on the store failed. */
  get unavailable(): boolean {
    return this.#downSince !== undefined;
  }

  now(): number {
    return this.#clock.now();
  }

  key(...parts: string[]): string {
    return this.prefix + parts.join(':');
  }

  /** Run an operation on the store; a failure is reported and becomes `undefined`. */
  async attempt<T>(kind: SharedStateKind, operation: () => Promise<T>): Promise<T | undefined> {
    const outage = this.#outages;
    try {
      const value = await operation();
      this.succeeded(kind, outage);
      return value;
    } catch (error) {
      this.failed(kind, error);
      return undefined;
    }
  }

  /** Fire and forget: for writes a call must not wait for. */
  fire(kind: SharedStateKind, operation: () => Promise<unknown>): void {
    const pending = this.attempt(kind, operation).then(() => {
      this.#inflight.delete(pending);
    });
    this.#inflight.add(pending);
  }

  failed(kind: SharedStateKind, error: unknown): void {
    if (this.#downSince !== undefined || this.#closed) return;
    this.#outages++;
    this.#downSince = this.#clock.now();
    this.#send({
      type: 'state.unavailable',
      time: new Date(this.#downSince).toISOString(),
      kind,
      message: error instanceof Error ? error.message : String(error),
    });
  }

  /**
   * A store operation answered. `startedIn` (the outage count when it began): an operation that
   * began before the current outage was seen (a write still in flight) says nothing about the
   * store now, and ends no outage.
   */
  succeeded(kind: SharedStateKind, startedIn = this.#outages): void {
    if (this.#downSince === undefined || startedIn !== this.#outages) return;
    const now = this.#clock.now();
    const downForMs = now - this.#downSince;
    this.#downSince = undefined;
    this.#send({ type: 'state.recovered', time: new Date(now).toISOString(), kind, downForMs });
    for (const listener of this.#recoveryListeners) {
      try {
        listener();
      } catch {
        // One listener must not keep the others from re-pushing.
      }
    }
  }

  /**
   * Called when the store answers again after an outage. A restarted Redis may have lost
   * everything: listeners mark their local state to be written again.
   */
  onRecovered(listener: () => void): void {
    this.#recoveryListeners.push(listener);
  }

  #send(event: ArsenalEvent): void {
    try {
      this.#emit(event);
    } catch {
      // Telemetry must never break state handling.
    }
  }

  /** Add work to every sync round (in order). */
  every(task: Task): void {
    this.#tasks.push(task);
  }

  /** Start the loop; the first round runs at once, so a new replica picks up shared state. */
  start(): void {
    if (this.#timer || this.#closed) return;
    void this.tick();
    this.#timer = setInterval(() => void this.tick(), this.intervalMs);
    // A sync loop must never keep a process alive (Node and Bun timers have unref; others not).
    (this.#timer as { unref?: () => void }).unref?.();
  }

  /** One full round, started now or right after the one running (tests and shutdown call it). */
  async tick(): Promise<void> {
    while (this.#ticking) await this.#ticking;
    if (this.#closed) return;
    this.#ticking = (async () => {
      try {
        await Promise.allSettled([...this.#inflight]);
        for (const task of this.#tasks) {
          if (this.#closed) return;
          try {
            await task();
          } catch {
            // Tasks report store failures themselves; a bug in one must not stop the others.
          }
        }
      } finally {
        this.#ticking = undefined;
      }
    })();
    return this.#ticking;
  }

  /** Stop the loop after a last round (pushing what is still unsent). */
  async close(): Promise<void> {
    if (this.#closed) return;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.tick();
    this.#closed = true;
  }
}

/** The sync link an engine with these options gets: none without a store or with sharing off. */
export function createStateSync(
  options: { stateStore?: StateStore; sharedState?: SharedStateOptions | boolean },
  clock: Clock,
  emit: (event: ArsenalEvent) => void,
): StateSync | undefined {
  if (!options.stateStore || options.sharedState === false) return undefined;
  return new StateSync({
    ...(typeof options.sharedState === 'object' ? options.sharedState : {}),
    store: options.stateStore,
    clock,
    emit,
  });
}
