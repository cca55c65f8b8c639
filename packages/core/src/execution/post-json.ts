import { CancelledError } from '../errors/arsenal-error.js';
import type { RetryOptions } from './retry.js';
import { retryWithBackoff } from './retry-with-backoff.js';
import { type JsonServiceDescription, toServiceError, where } from './service-error.js';

/**
 * Options of `postJsonWithRetry`: the request, its per-attempt timeout, retries, and the service
 * it calls.
 */
export interface PostJsonOptions extends RetryOptions, JsonServiceDescription {
  url: string;
  headers?: Record<string, string>;
  body: unknown;
  /** Per attempt. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** The call itself, for adapters that fix the service description once. */
export type JsonServiceCall = Omit<PostJsonOptions, keyof JsonServiceDescription>;

/**
 * POST JSON to a vendor API and parse the JSON answer, retrying 429, 408, 5xx, timeouts and
 * dropped connections with backoff that honours `Retry-After` (and `retry-after-ms`). Failures
 * become the service's typed error (see `toServiceError`); an abort becomes `CancelledError`.
 */
export function postJsonWithRetry(options: PostJsonOptions): Promise<unknown> {
  return retryWithBackoff(() => attempt(options), {
    ...options,
    maxRetries: options.maxRetries ?? 3,
  });
}

async function attempt(options: PostJsonOptions): Promise<unknown> {
  if (options.signal?.aborted)
    throw new CancelledError(undefined, { cause: options.signal.reason });
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: JSON.stringify(options.body),
      signal,
    });
    text = await response.text();
  } catch (error) {
    throw toServiceError(error, { ...options, timedOut: timeout.aborted });
  }
  if (!response.ok) {
    const { status, headers, statusText } = response;
    throw toServiceError({ status, body: text, headers, statusText }, options);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const hint = options.notJsonHint ?? `check that the URL points at ${options.service}`;
    throw options.createError(
      `${where(options)} answered ${response.status} with a body that is not JSON; ${hint}.`,
      { cause: error, statusCode: response.status },
    );
  }
}
