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

/** Sends every event to several sinks; one failing sink never affects the others. */
export function combineTelemetry(...sinks: readonly (Telemetry | undefined)[]): Telemetry {
  const active = sinks.filter((sink): sink is Telemetry => sink !== undefined);
  return {
    emit(event) {
      for (const sink of active) {
        try {
          sink.emit(event);
        } catch {
          // A broken sink must not break the call that emitted the event.
        }
      }
    },
    async close() {
      await Promise.allSettled(active.map((sink) => sink.close?.()));
    },
  };
}

/** Telemetry that drops every event. */
export const noopTelemetry: Telemetry = { emit() {} };
