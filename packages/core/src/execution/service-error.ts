import { type ArsenalError, CancelledError } from '../errors/arsenal-error.js';
import type { ModelServiceErrorOptions } from '../errors/model-errors.js';
import { parseRetryAfter } from './retry-with-backoff.js';

/** How a vendor's API is described in errors and which error its failures become. */
export interface JsonServiceDescription {
  /** Names the service in messages, e.g. "OpenAI embeddings" → "OpenAI embeddings at https://…". */
  service: string;
  /** The error every failure becomes (e.g. `EmbedderError`, `RerankerError`). */
  createError: (message: string, options: ModelServiceErrorOptions) => ArsenalError;
  /** What to check for a status the call failed with (no trailing period). */
  hintForStatus: (status: number) => string;
  /** What to check when a 2xx body is not JSON. Default: that the URL points at the service. */
  notJsonHint?: string;
}

/**
 * The vendor call a failure came from, so `toServiceError` can say what failed and how to fix it.
 */
export interface ServiceCallContext extends JsonServiceDescription {
  /** The endpoint (or API root) called. */
  url: string;
  /** Per attempt. */
  timeoutMs: number;
  /** The caller's signal: when aborted, the failure is a `CancelledError`. */
  signal?: AbortSignal;
  /** Whether the attempt's own timeout fired. */
  timedOut?: boolean;
  /** A secret (the API key) cut out of every message. */
  secret?: string;
}

/** An HTTP answer that failed: its status, body (text or parsed) and headers. */
export interface FailedAnswer {
  status: number;
  body: unknown;
  headers?:
    | {
        /** The value of a response header, or null when it is absent. */
        get(name: string): string | null;
      }
    | undefined;
  statusText?: string;
}

/**
 * What any failure of a vendor call means, as the service's typed error: an abort → CancelledError;
 * a timeout → retryable, "did not answer within"; a failed answer (an SDK error carrying
 * `statusCode`/`body`/`rawResponse`, or a `FailedAnswer`) → its status, the vendor's message with
 * keys redacted, the wait it asked for and what to check (retryable for 408, 429, 5xx); anything
 * else → retryable, "Cannot reach".
 */
export function toServiceError(error: unknown, context: ServiceCallContext): Error {
  if (context.signal?.aborted)
    return new CancelledError(undefined, { cause: context.signal.reason });
  const redact = (text: string) => redactKeys(redactSecret(text, context.secret));
  if (context.timedOut || isTimeout(error)) {
    return context.createError(
      `${where(context)} did not answer within ${context.timeoutMs} ms; raise timeoutMs or check the service.`,
      { cause: error, retryable: true },
    );
  }
  const answer = failedAnswerOf(error);
  if (answer) {
    const { status } = answer;
    const detail = redact(vendorMessage(answer.body) ?? answer.statusText ?? `HTTP ${status}`);
    return context.createError(
      `${where(context)} answered ${status}: ${detail}; ${context.hintForStatus(status)}.`,
      {
        ...(answer === error ? {} : { cause: error }),
        statusCode: status,
        retryable: status === 429 || status === 408 || status >= 500,
        retryAfterMs: retryAfterOf(answer.headers),
      },
    );
  }
  const message = redact((error as Error | null)?.message ?? String(error));
  return context.createError(
    `Cannot reach ${where(context)}: ${message}; check baseUrl and that the service is up.`,
    { cause: error, retryable: true },
  );
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: unknown; constructor?: { name?: string } } | null)?.name;
  const type = (error as { constructor?: { name?: string } } | null)?.constructor?.name ?? '';
  return name === 'TimeoutError' || name === 'AbortError' || /TimeoutError$/.test(type);
}

function failedAnswerOf(error: unknown): FailedAnswer | undefined {
  const value = error as {
    status?: unknown;
    statusCode?: unknown;
    body?: unknown;
    headers?: FailedAnswer['headers'];
    rawResponse?: { headers?: FailedAnswer['headers'] };
    statusText?: string;
  } | null;
  const status = typeof value?.statusCode === 'number' ? value.statusCode : value?.status;
  if (typeof status !== 'number' || !value) return undefined;
  const headers = value.rawResponse?.headers ?? value.headers;
  return {
    status,
    body: value.body,
    headers: typeof headers?.get === 'function' ? headers : undefined,
    statusText: value.statusText,
  };
}

/**
 * The message of a vendor's error body (text or parsed): `{ "error": "..." }`,
 * `{ "error": { "message", "code" } }` or `{ "message": "..." }`; else the start of the text.
 */
export function vendorMessage(body: unknown): string | undefined {
  let parsed = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body) as unknown;
    } catch {
      return body.trim() === '' ? undefined : body.trim().slice(0, 300);
    }
  }
  const value = parsed as {
    error?: { message?: unknown; code?: unknown } | string;
    message?: unknown;
  } | null;
  if (typeof value?.error === 'string') return value.error;
  if (typeof value?.error?.message === 'string') {
    const code = typeof value.error.code === 'string' ? ` (${value.error.code})` : '';
    return `${value.error.message}${code}`;
  }
  if (typeof value?.message === 'string') return value.message;
  return typeof body === 'string' && body.trim() !== '' ? body.trim().slice(0, 300) : undefined;
}

/** `retry-after-ms` (milliseconds, sent by some vendors) before the standard `retry-after`. */
function retryAfterOf(headers: FailedAnswer['headers']): number | undefined {
  if (!headers) return undefined;
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds !== null && /^\d+(\.\d+)?$/.test(milliseconds.trim()))
    return Number(milliseconds);
  return parseRetryAfter(headers.get('retry-after'));
}

export function where(context: { service: string; url: string }): string {
  const parsed = new URL(context.url);
  return `${context.service} at ${parsed.origin}${parsed.pathname}`;
}

function redactSecret(text: string, secret: string | undefined): string {
  return secret && secret.length >= 4 ? text.split(secret).join('[redacted]') : text;
}

/** Vendors echo part of a rejected key ("Incorrect API key provided: sk-abc***"): drop it. */
export function redactKeys(message: string): string {
  return message.replace(/\b(sk|key)-[A-Za-z0-9_*-]{3,}/g, '$1-[redacted]');
}
