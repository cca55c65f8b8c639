import { ArsenalError } from '../errors/arsenal-error.js';
import { backoffDelay, type RetryOptions, sleep } from './retry.js';

/**
 * Options of `retryWithBackoff`: those of the engine's retries, plus cancellation, which errors to
 * retry, and the wait a server asked for.
 */
export interface RetryWithBackoffOptions extends RetryOptions {
  /** Stops waiting and retrying: the pending wait rejects with CancelledError. */
  signal?: AbortSignal;
  /** Whether `error` is worth another attempt. Default: an ArsenalError with `retryable`. */
  shouldRetry?: (error: unknown) => boolean;
  /** A wait the server asked for (`Retry-After`), in ms; used instead of the backoff when longer. */
  retryAfterMs?: (error: unknown) => number | undefined;
  /** Called before each wait, e.g. to log it. */
  onRetry?: (info: { retry: number; delayMs: number; error: unknown }) => void;
}

/** Longest `Retry-After` honoured by default: a server asking for more is treated as down. */
const DEFAULT_MAX_DELAY_MS = 30_000;

/**
 * Run `operation`, retrying retryable failures with exponential backoff (`maxRetries` times,
 * default 3), waiting at least what the failure's `retryAfterMs` asks. Throws the last error.
 *
 * @example
 * const body = await retryWithBackoff(() => postJson(url, request), { signal, maxRetries: 5 });
 */
export async function retryWithBackoff<T>(
  operation: (attempt: number) => Promise<T>,
  options: RetryWithBackoffOptions = {},
): Promise<T> {
  const maxRetries = options.maxRetries ?? 3;
  const maxDelay = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  const shouldRetry = options.shouldRetry ?? isRetryableError;
  const retryAfter = options.retryAfterMs ?? retryAfterOf;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt >= maxRetries || options.signal?.aborted || !shouldRetry(error)) throw error;
      const backoff = backoffDelay(attempt + 1, { ...options, maxDelayMs: maxDelay });
      const asked = retryAfter(error);
      const delayMs = Math.min(maxDelay, Math.max(backoff, asked ?? 0));
      options.onRetry?.({ retry: attempt + 1, delayMs, error });
      await sleep(delayMs, options.signal);
    }
  }
}

function isRetryableError(error: unknown): boolean {
  return ArsenalError.isInstance(error) && error.retryable;
}

function retryAfterOf(error: unknown): number | undefined {
  const value = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * The wait an HTTP `Retry-After` header asks for, in ms: delta-seconds (`"2"`, `"0.5"`) or an
 * HTTP date. Undefined when absent or unreadable. `now` is for tests.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date names its weekday and month; bare numbers like "-3" are not dates.
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
