import { ArsenalError, CancelledError, ToolTimeoutError } from '@arsenal/core';
import { backoffDelay, sleep } from '@arsenal/core/adapter';
import { AddressGuard, type AddressRange, type HostResolver } from './address-guard.js';
import { applyAuth, type HttpAuth, registerSecrets } from './auth.js';
import { HttpStatusError } from './errors.js';
import { type IncomingResponse, type OutgoingRequest, sendRequest } from './http-transport.js';
import { OAuth2TokenCache } from './oauth2-token-cache.js';
import { checkHeaderValue } from './parameter-serialization.js';
import { Redactor } from './redactor.js';
import { readResult, trimmedBody } from './response-reader.js';

/** Network limits and safety shared by the OpenAPI and plain HTTP sources. */
export interface HttpClientOptions {
  /** Ranges beyond public addresses that requests may reach (`loopback` for local APIs). */
  allowAddresses?: readonly AddressRange[];
  /** Resolves host names before the guard checks them; node:dns by default. */
  resolver?: HostResolver;
  /** Per attempt. Default 30,000 ms. */
  timeoutMs?: number;
  /** Default 10 MiB. */
  maxResponseBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Retries of retryable failures of idempotent (or retryable-marked) calls. Default 2. */
  maxRetries?: number;
  /** First backoff delay; doubles each retry. Default 250 ms. */
  retryBaseDelayMs?: number;
  /** Longest wait before a retry, `Retry-After` included; longer waits fail at once. Default 30 s. */
  maxRetryDelayMs?: number;
  /** Headers sent with every request (values count as secrets). */
  headers?: Record<string, string>;
  /** Clock for token expiry (tests). */
  now?: () => number;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);

export interface CallPlan {
  toolName: string;
  method: string;
  /** Builds a fresh request for each attempt. */
  build: () => Promise<OutgoingRequest>;
  auths: readonly HttpAuth[];
  /** Retry even a non-idempotent method. */
  retryable: boolean;
  signal: AbortSignal;
}

function retryAfterMs(response: IncomingResponse, now: number): number | undefined {
  const header = response.headers['retry-after'];
  if (header === undefined) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Sends calls with auth, per-attempt timeouts, retries with backoff and `Retry-After`. */
export class HttpClient {
  readonly redactor = new Redactor();
  readonly tokens: OAuth2TokenCache;
  readonly #guard: AddressGuard;
  readonly #options: HttpClientOptions;

  constructor(options: HttpClientOptions = {}) {
    this.#options = options;
    this.#guard = new AddressGuard({
      ...(options.allowAddresses ? { allow: options.allowAddresses } : {}),
      ...(options.resolver ? { resolver: options.resolver } : {}),
    });
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      checkHeaderValue(name, value, 'headers');
      this.redactor.add(value);
    }
    this.tokens = new OAuth2TokenCache({
      send: (request, signal) => this.send(request, signal),
      redactor: this.redactor,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  /** Register credentials so they are redacted wherever they could surface. */
  registerAuth(auth: HttpAuth): void {
    registerSecrets(auth, this.redactor);
  }

  /** One request through the guard, redirects and size cap; no retries, no auth. */
  send(
    request: OutgoingRequest,
    signal: AbortSignal,
    limits: { maxResponseBytes?: number } = {},
  ): Promise<IncomingResponse> {
    return sendRequest(request, {
      guard: this.#guard,
      signal,
      maxRedirects: this.#options.maxRedirects ?? 5,
      holdsSecret: (text) => this.redactor.holdsSecret(text),
      maxResponseBytes:
        limits.maxResponseBytes ?? this.#options.maxResponseBytes ?? 10 * 1024 * 1024,
    });
  }

  /** Run a call to completion: the parsed result, or a typed, redacted error. */
  async call(plan: CallPlan): Promise<unknown> {
    const maxRetries = this.#options.maxRetries ?? 2;
    const timeoutMs = this.#options.timeoutMs ?? 30_000;
    let reauthenticated = false;
    for (let attempt = 0; ; attempt += 1) {
      plan.signal.throwIfAborted();
      const request = await plan.build();
      const configured = lowerCased(this.#options.headers ?? {});
      request.headers = { ...configured, ...request.headers };
      request.credentials = {
        headers: [...(request.credentials?.headers ?? []), ...Object.keys(configured)],
        query: [...(request.credentials?.query ?? [])],
      };
      const attemptSignal = AbortSignal.any([plan.signal, AbortSignal.timeout(timeoutMs)]);
      let failure: ArsenalError;
      let waitMs: number | undefined;
      try {
        await applyAuth(request, plan.auths, this.tokens, attemptSignal);
        const response = await this.send(request, attemptSignal);
        if (response.status >= 200 && response.status < 300)
          return readResult(response, this.redactor);
        const oauth = plan.auths.filter((auth) => auth.type === 'oauth2');
        if (response.status === 401 && oauth.length > 0 && !reauthenticated) {
          // The token may have been revoked or expired early: fetch a new one, once.
          for (const auth of oauth) this.tokens.invalidate(auth);
          reauthenticated = true;
          attempt -= 1;
          continue;
        }
        waitMs = retryAfterMs(response, Date.now());
        failure = new HttpStatusError(
          plan.toolName,
          response.status,
          trimmedBody(response, this.redactor),
          {
            method: request.method,
            url: `${request.url.origin}${request.url.pathname}`,
            ...(waitMs === undefined ? {} : { retryAfterMs: waitMs }),
          },
        );
      } catch (error) {
        failure = this.#toError(error, plan, timeoutMs);
      }
      const mayRetry =
        failure.retryable &&
        attempt < maxRetries &&
        (plan.retryable || IDEMPOTENT.has(plan.method.toUpperCase()));
      const delay =
        waitMs ??
        backoffDelay(attempt + 1, {
          baseDelayMs: this.#options.retryBaseDelayMs ?? 250,
          maxDelayMs: this.#options.maxRetryDelayMs ?? 30_000,
        });
      if (!mayRetry || delay > (this.#options.maxRetryDelayMs ?? 30_000)) throw failure;
      await sleep(delay, plan.signal);
    }
  }

  #toError(error: unknown, plan: CallPlan, timeoutMs: number): ArsenalError {
    if (plan.signal.aborted) {
      return ArsenalError.isInstance(plan.signal.reason)
        ? plan.signal.reason
        : new CancelledError(`Call of "${plan.toolName}" was cancelled.`, { cause: error });
    }
    if (
      error instanceof DOMException &&
      (error.name === 'TimeoutError' || error.name === 'AbortError')
    ) {
      return new ToolTimeoutError(plan.toolName, timeoutMs);
    }
    if (ArsenalError.isInstance(error)) {
      if (
        !error.message.includes('[redacted]') &&
        this.redactor.redact(error.message) !== error.message
      ) {
        return new ArsenalError(error.code, this.redactor.redact(error.message), {
          retryable: error.retryable,
        });
      }
      return error;
    }
    return new ArsenalError(
      'execution_failed',
      this.redactor.redact(`Tool "${plan.toolName}" failed: ${(error as Error).message}`),
      { cause: error },
    );
  }
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
}
