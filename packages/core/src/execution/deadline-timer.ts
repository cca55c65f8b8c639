/** A wait with a deadline (an attempt, a call upstream): `expire` runs once if it still waits then. */
export interface Expiring {
  /**
   * When it times out, in `performance.now()` milliseconds (monotonic, as timers are). It may
   * move later while the entry waits (progress extends a call's deadline): the timer, finding it
   * not due, waits for the new one. It must not move earlier.
   */
  readonly deadline: number;
  expire(): void;
}

/** The longest delay a timer takes (a longer one fires at once); later deadlines re-arm. */
const MAX_TIMER_DELAY = 2 ** 31 - 1;

type Timer = ReturnType<typeof setTimeout>;

/** A timer handle that can stop (or start again) keeping the process alive, as Node's can. */
interface ReferencedTimer {
  ref?: () => unknown;
  unref?: () => unknown;
}

/**
 * Many deadlines on one timer, armed for the earliest of them (an execution engine's attempts,
 * an executor's calls upstream). An entry that ends before its deadline only leaves the set: the
 * timer stays armed, finds nothing due when it fires and re-arms for the next deadline, so most
 * calls arm no timer and clear none (a timer per call, armed and cleared, cost more than the rest
 * of an attempt's bookkeeping). While an entry waits the timer keeps the process alive, as a
 * timer of its own would; once none waits it does not.
 */
export class DeadlineTimer {
  readonly #waiting = new Set<Expiring>();
  #timer: Timer | undefined;
  /** When the armed timer fires; Infinity when none is armed. */
  #firesAt = Number.POSITIVE_INFINITY;
  /** Whether the armed timer keeps the process alive. */
  #referenced = false;

  /** Attempts waiting for their deadline. */
  get size(): number {
    return this.#waiting.size;
  }

  /** Expire `entry` at its deadline unless it is deleted first. */
  add(entry: Expiring): void {
    this.#waiting.add(entry);
    if (entry.deadline < this.#firesAt) this.#arm(entry.deadline);
    else if (!this.#referenced) this.#reference(true);
  }

  /** `entry` ended before its deadline. */
  delete(entry: Expiring): void {
    if (this.#waiting.delete(entry) && this.#waiting.size === 0) this.#reference(false);
  }

  #arm(deadline: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    const now = performance.now();
    const delay = Math.min(MAX_TIMER_DELAY, Math.max(0, deadline - now));
    this.#firesAt = delay === MAX_TIMER_DELAY ? now + delay : deadline;
    this.#timer = setTimeout(this.#expire, delay);
    this.#referenced = true;
  }

  #reference(keepAlive: boolean): void {
    this.#referenced = keepAlive;
    const timer = this.#timer as ReferencedTimer | undefined;
    if (keepAlive) timer?.ref?.();
    else timer?.unref?.();
  }

  readonly #expire = (): void => {
    const firedFor = this.#firesAt;
    this.#timer = undefined;
    this.#firesAt = Number.POSITIVE_INFINITY;
    this.#referenced = false;
    // The timer stands for its deadline even when the clock reads a little earlier.
    const now = Math.max(performance.now(), firedFor);
    const due: Expiring[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const entry of this.#waiting) {
      if (entry.deadline <= now) due.push(entry);
      else if (entry.deadline < next) next = entry.deadline;
    }
    for (const entry of due) this.#waiting.delete(entry);
    if (next !== Number.POSITIVE_INFINITY) this.#arm(next);
    // Expired after the set is settled: an expiry may start or end other attempts. One that
    // throws does not keep the others waiting; its error surfaces as a timer's would.
    let failure: { error: unknown } | undefined;
    for (const entry of due) {
      try {
        entry.expire();
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  };
}
