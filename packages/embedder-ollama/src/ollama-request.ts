import {
  CancelledError,
  EmbedderError,
  parseRetryAfter,
  type RetryOptions,
  retryWithBackoff,
} from '@arsenal/core';

export interface OllamaRequestOptions extends RetryOptions {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** Per attempt. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** POST JSON to Ollama, retrying 429, 5xx, timeouts and dropped connections. */
export function postOllama(options: OllamaRequestOptions): Promise<unknown> {
  return retryWithBackoff(() => attempt(options), {
    ...options,
    maxRetries: options.maxRetries ?? 3,
  });
}

async function attempt(options: OllamaRequestOptions): Promise<unknown> {
  if (options.signal?.aborted)
    throw new CancelledError(undefined, { cause: options.signal.reason });
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    throw networkError(error, options);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw networkError(error, options);
  }
  if (!response.ok) throw statusError(response, text, options.url);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new EmbedderError(
      `${where(options.url)} answered ${response.status} with a body that is not JSON; check baseUrl points at an Ollama server.`,
      { cause: error, statusCode: response.status },
    );
  }
}

function networkError(error: unknown, options: OllamaRequestOptions): Error {
  if (options.signal?.aborted)
    return new CancelledError(undefined, { cause: options.signal.reason });
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new EmbedderError(
      `${where(options.url)} did not answer within ${options.timeoutMs} ms; raise timeoutMs or check the service.`,
      { cause: error, retryable: true },
    );
  }
  return new EmbedderError(
    `Cannot reach ${where(options.url)}: ${(error as Error).message}; check baseUrl and that the service is up.`,
    { cause: error, retryable: true },
  );
}

/** The message of an Ollama error body: `{ "error": "..." }`. */
function vendorMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown; code?: unknown } | string };
    if (typeof body.error === 'string') return body.error;
    if (typeof body.error?.message === 'string') {
      const code = typeof body.error.code === 'string' ? ` (${body.error.code})` : '';
      return `${body.error.message}${code}`;
    }
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return text.trim() === '' ? undefined : text.trim().slice(0, 300);
}

function statusError(response: Response, text: string, url: string): EmbedderError {
  const status = response.status;
  const detail = redactKeys(vendorMessage(text) ?? response.statusText);
  const retryAfterMs = retryAfterOf(response.headers);
  const hint =
    status === 404
      ? 'pull the model first (`ollama pull <model>`) and check baseUrl'
      : status === 401 || status === 403
        ? 'check the headers a proxy in front of Ollama needs'
        : status === 429 || status >= 500
          ? 'the server is busy or failed; retried with backoff, then gave up'
          : 'check the request options (model, dimensions, truncate)';
  return new EmbedderError(`${where(url)} answered ${status}: ${detail}; ${hint}.`, {
    statusCode: status,
    retryable: status === 429 || status === 408 || status >= 500,
    retryAfterMs,
  });
}

/** OpenAI may send `retry-after-ms` (milliseconds) besides the standard `retry-after`. */
function retryAfterOf(headers: Headers): number | undefined {
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds !== null && /^\d+(\.\d+)?$/.test(milliseconds.trim()))
    return Number(milliseconds);
  return parseRetryAfter(headers.get('retry-after'));
}

function where(url: string): string {
  const parsed = new URL(url);
  return `Ollama at ${parsed.origin}${parsed.pathname}`;
}

/** Vendors echo part of a rejected key ("Incorrect API key provided: sk-abc***"): drop it. */
export function redactKeys(message: string): string {
  return message.replace(/\b(sk|key)-[A-Za-z0-9_*-]{3,}/g, '$1-[redacted]');
}
