import type { ArsenalEvent, ArsenalEventType, Telemetry } from './events.js';

/** Keeps the last `capacity` events in memory; for tests, dashboards and `arsenal` debugging. */
export class InMemoryTelemetry implements Telemetry {
  readonly #capacity: number;
  #events: ArsenalEvent[] = [];

  constructor(options: { capacity?: number } = {}) {
    this.#capacity = options.capacity ?? 10_000;
  }

  /** Keep the event (the oldest are dropped past the capacity). */
  emit(event: ArsenalEvent): void {
    this.#events.push(event);
    if (this.#events.length > this.#capacity)
      this.#events.splice(0, this.#events.length - this.#capacity);
  }

  /** Events so far, optionally of one type. */
  events<T extends ArsenalEventType>(type?: T): Extract<ArsenalEvent, { type: T }>[] {
    const all = type ? this.#events.filter((event) => event.type === type) : this.#events;
    return [...all] as Extract<ArsenalEvent, { type: T }>[];
  }

  /** Forget every event kept so far. */
  clear(): void {
    this.#events = [];
  }
}

/** Telemetry that keeps the last `capacity` events (default 10,000) in memory, for tests and consoles. */
export function createInMemoryTelemetry(options?: { capacity?: number }): InMemoryTelemetry {
  return new InMemoryTelemetry(options);
}

/** Where a combined telemetry keeps its sinks (a registry symbol: copies of core agree on it). */
const SINKS = Symbol.for('arsenal.telemetry.sinks');

/** The sinks a telemetry stands for: a combined one's own sinks, or itself. */
function sinksOf(telemetry: Telemetry): readonly Telemetry[] {
  const inner = (telemetry as { [SINKS]?: readonly Telemetry[] })[SINKS];
  return inner ?? [telemetry];
}

/**
 * Sends every event to several sinks; one failing sink never affects the others. Combined sinks
 * given to it are flattened (Arsenal combines the telemetry it is given once more, to guard
 * against a throwing sink), so each event costs one loop over the sinks however it was composed.
 */
export function combineTelemetry(...sinks: readonly (Telemetry | undefined)[]): Telemetry {
  const active = sinks
    .filter((sink): sink is Telemetry => sink !== undefined)
    .flatMap((sink) => sinksOf(sink));
  return {
    [SINKS]: active,
    emit(event) {
      for (let index = 0; index < active.length; index++) {
        try {
          active[index]!.emit(event);
        } catch {
          // A broken sink must not break the call that emitted the event.
        }
      }
    },
    async close() {
      await Promise.allSettled(active.map((sink) => sink.close?.()));
    },
  } as Telemetry;
}

/** Telemetry that drops every event. */
export const noopTelemetry: Telemetry = { emit() {} };
