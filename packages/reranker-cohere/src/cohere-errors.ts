import { CancelledError, parseRetryAfter, RerankerError } from '@arsenal/core';
import { CohereError, CohereTimeoutError } from 'cohere-ai';

/** Turn whatever the Cohere SDK threw into an RerankerError (or CancelledError), key left out. */
export function toRerankerError(
  error: unknown,
  context: {
    baseUrl: string;
    apiKey: string;
    signal?: AbortSignal;
    timeoutMs: number;
    timedOut: boolean;
  },
): Error {
  if (context.signal?.aborted)
    return new CancelledError(undefined, { cause: context.signal.reason });
  const redact = (text: string) =>
    context.apiKey.length >= 4 ? text.split(context.apiKey).join('[redacted]') : text;
  if (context.timedOut || error instanceof CohereTimeoutError) {
    return new RerankerError(
      `Cohere rerank at ${context.baseUrl} did not answer within ${context.timeoutMs} ms; raise timeoutMs or check the service.`,
      { cause: error, retryable: true },
    );
  }
  if (error instanceof CohereError) {
    const status = error.statusCode;
    if (status === undefined) {
      return new RerankerError(
        `Cannot reach Cohere at ${context.baseUrl}: ${redact(error.message)}; check baseUrl and the network.`,
        { cause: error, retryable: true },
      );
    }
    const detail = redact(bodyMessage(error.body) ?? error.message);
    const retryAfterMs = parseRetryAfter(error.rawResponse?.headers?.get?.('retry-after'));
    return new RerankerError(
      `Cohere rerank at ${context.baseUrl} answered ${status}: ${detail}; ${hint(status)}.`,
      {
        cause: error,
        statusCode: status,
        retryable: status === 429 || status === 408 || status >= 500,
        retryAfterMs,
      },
    );
  }
  return new RerankerError(
    `Cohere rerank at ${context.baseUrl} failed: ${redact((error as Error)?.message ?? String(error))}.`,
    { cause: error, retryable: true },
  );
}

/** Cohere's error bodies: `{ "message": "..." }` (v2 adds an `id`). */
function bodyMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim().slice(0, 300) || undefined;
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : undefined;
}

function hint(status: number): string {
  if (status === 401 || status === 403) return 'check the API key (COHERE_API_KEY)';
  if (status === 404) return 'check the model name and baseUrl';
  if (status === 429) return 'the rate limit was hit; retried with backoff, then gave up';
  if (status >= 500) return 'the service failed; retried with backoff, then gave up';
  return 'check the options (model, maxTokensPerDocument)';
}
