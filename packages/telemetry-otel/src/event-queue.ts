import type { ArsenalEvent } from '@arsenal/core';

/**
 * Events held to be applied later, in the order they arrived: on the next turn of the event loop,
 * when `limit` are waiting, or when asked (`drain`). Applying one event never stops the others.
 */
export class EventQueue {
  #events: ArsenalEvent[] = [];
  #scheduled = false;

  constructor(
    private readonly apply: (event: ArsenalEvent) => void,
    private readonly limit: number,
  ) {}

  push(event: ArsenalEvent): void {
    this.#events.push(event);
    if (this.#events.length >= this.limit) this.drain();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      // unref: a queue of spans never keeps a process alive that has nothing else to do.
      setImmediate(this.#drainLater).unref();
    }
  }

  drain(): void {
    const events = this.#events;
    if (events.length === 0) return;
    this.#events = [];
    for (const event of events) {
      try {
        this.apply(event);
      } catch {
        // One malformed event must not cost the others.
      }
    }
  }

  readonly #drainLater = (): void => {
    this.#scheduled = false;
    this.drain();
  };
}
