import type { ServerResponse } from 'node:http';
import { RestApiError } from './problem-details.js';

/** Most invocation event streams one caller may hold open at once, by default. */
export const DEFAULT_MAX_EVENT_STREAMS_PER_PRINCIPAL = 32;

/**
 * Counts open invocation event streams per caller (a principal, or one anonymous client). A stream of an invocation another replica
 * runs reads the shared store every poll interval, so without a bound one caller opening
 * hundreds of streams would multiply the store's load; past the limit a stream is refused with
 * 429. Each stream is counted until its response closes, however it ends.
 */
export class EventStreamLimits {
  readonly #perCaller: number;
  readonly #open = new Map<string, number>();
  #total = 0;

  constructor(perCaller: number) {
    this.#perCaller = perCaller;
  }

  /** Streams open right now, across callers. */
  get open(): number {
    return this.#total;
  }

  /** Count a stream of `owner` until `response` closes, or throw 429 when it holds the most. */
  admit(owner: string, response: ServerResponse): void {
    const current = this.#open.get(owner) ?? 0;
    if (current >= this.#perCaller) {
      throw new RestApiError(
        429,
        'too_many_streams',
        `This caller already follows ${current} invocation event streams, the most one caller may hold open; close one (or poll GET /invocations/{id}) and retry.`,
        { headers: { 'retry-after': '1' } },
      );
    }
    this.#open.set(owner, current + 1);
    this.#total++;
    response.once('close', () => {
      this.#total--;
      const left = (this.#open.get(owner) ?? 1) - 1;
      if (left > 0) this.#open.set(owner, left);
      else this.#open.delete(owner);
    });
  }
}
