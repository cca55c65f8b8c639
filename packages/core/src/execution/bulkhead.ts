import { type CallAbortSources, isCallAborted, watchCallAbort } from './call-abort.js';

/** Concurrency limits per tool, and how many calls may wait for a free slot. */
export interface BulkheadOptions {
  /** Most calls running at once per tool. Default unlimited. */
  maxConcurrentPerTool?: number;
  /** Limits for named tools (name or qualified name), overriding the default. */
  tools?: Record<string, number>;
  /** Calls allowed to wait for a slot per tool; beyond it calls are refused. Default 0. */
  maxQueuedPerTool?: number;
}

interface Compartment {
  running: number;
  waiting: Array<(entered: boolean) => void>;
}

/** Limits how many calls to one tool run at once, so one slow tool cannot starve the rest. */
export class Bulkhead {
  readonly #compartments = new Map<string, Compartment>();
  readonly #maxQueued: number;

  constructor(maxQueued = 0) {
    this.#maxQueued = Math.max(0, maxQueued);
  }

  /**
   * Enter the compartment `key` holding at most `limit` calls. Resolves true once inside (call
   * `leave` afterwards), false when refused or when the call (`abort`: its signal or its
   * cancellation) is cancelled while waiting.
   */
  enter(key: string, limit: number, abort: CallAbortSources = {}): boolean | Promise<boolean> {
    let compartment = this.#compartments.get(key);
    if (!compartment) {
      compartment = { running: 0, waiting: [] };
      this.#compartments.set(key, compartment);
    }
    if (compartment.running < limit) {
      compartment.running++;
      return true;
    }
    if (compartment.waiting.length >= this.#maxQueued || isCallAborted(abort)) return false;
    const target = compartment;
    return new Promise<boolean>((resolve) => {
      const admit = (entered: boolean) => {
        unwatch();
        resolve(entered);
      };
      target.waiting.push(admit);
      const unwatch = watchCallAbort(abort, () => {
        const index = target.waiting.indexOf(admit);
        if (index >= 0) target.waiting.splice(index, 1);
        resolve(false);
      });
    });
  }

  leave(key: string): void {
    const compartment = this.#compartments.get(key);
    if (!compartment) return;
    const next = compartment.waiting.shift();
    // The slot passes straight to the next waiter, so `running` stays the same.
    if (next) next(true);
    else {
      compartment.running--;
      if (compartment.running <= 0) this.#compartments.delete(key);
    }
  }

  running(key: string): number {
    return this.#compartments.get(key)?.running ?? 0;
  }
}
