import { CancelledError } from '../errors/arsenal-error.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import {
  type CallAbortSources,
  callAbortReason,
  isCallAborted,
  watchCallAbort,
} from './call-abort.js';

/**
 * How often a call that failed with a retryable error is tried again, and how long to wait between
 * tries.
 */
export interface RetryOptions {
  /** Retries after the first attempt when a call does not set its own. Default 0. */
  maxRetries?: number;
  /** Delay before the first retry; doubles each time. Default 100 ms. */
  baseDelayMs?: number;
  /** Upper bound of one delay. Default 10,000 ms. */
  maxDelayMs?: number;
  /** Randomise each delay between half and all of it, so replicas do not retry in step. Default true. */
  jitter?: boolean;
  /** Source of randomness in [0, 1) (tests pass a fixed one). Default Math.random. */
  random?: () => number;
}

const NON_IDEMPOTENT_CAPABILITIES = new Set(['write_data', 'delete_data', 'financial']);

/**
 * Whether running the tool twice is safe. `idempotentHint` decides when set; otherwise tools
 * that write, delete or move money are not.
 */
export function isIdempotentTool(tool: ToolDefinition): boolean {
  const hint = tool.annotations?.idempotentHint;
  if (hint !== undefined) return hint;
  if (tool.annotations?.destructiveHint === true) return false;
  return !tool.capabilities.some((capability) => NON_IDEMPOTENT_CAPABILITIES.has(capability));
}

/** Delay before retry number `retry` (1 for the first): exponential, capped, optionally jittered. */
export function backoffDelay(retry: number, options: RetryOptions = {}): number {
  const base = options.baseDelayMs ?? 100;
  const max = options.maxDelayMs ?? 10_000;
  const exponential = Math.min(max, base * 2 ** Math.max(0, retry - 1));
  if (options.jitter === false) return exponential;
  const random = (options.random ?? Math.random)();
  return Math.round(exponential / 2 + (exponential / 2) * random);
}

/** Wait `ms`, or reject with CancelledError as soon as `signal` aborts. Leaves no timer behind. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return sleepUnlessCancelled(ms, { signal });
}

/** {@link sleep} for a call: either of its signal and its cancellation ends the wait. */
export function sleepUnlessCancelled(ms: number, abort: CallAbortSources): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (isCallAborted(abort)) {
      reject(new CancelledError(undefined, { cause: callAbortReason(abort) }));
      return;
    }
    const timer = setTimeout(() => {
      unwatch();
      resolve();
    }, ms);
    const unwatch = watchCallAbort(abort, (reason) => {
      clearTimeout(timer);
      reject(new CancelledError(undefined, { cause: reason }));
    });
  });
}
