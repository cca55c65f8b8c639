import { ArsenalError, type ArsenalErrorOptions } from './arsenal-error.js';

/** Options of a ModelServiceError: those of any ArsenalError, and what the service answered. */
export interface ModelServiceErrorOptions extends ArsenalErrorOptions {
  /** HTTP status of the failed call, when the model sits behind an API. */
  statusCode?: number;
  /** How long the service asked callers to wait (`Retry-After`), in ms. */
  retryAfterMs?: number;
}

/**
 * An embedder failed (bad key, rate limit, server down, malformed response). `retryable` tells
 * whether trying again may help; `retryAfterMs` is the wait the service asked for.
 */
export class EmbedderError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.EmbedderError');
  readonly statusCode: number | undefined;
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options: ModelServiceErrorOptions = {}) {
    super('embedder_error', message, options);
    this.statusCode = options.statusCode;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** A reranker failed; the same fields as EmbedderError. */
export class RerankerError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.RerankerError');
  readonly statusCode: number | undefined;
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options: ModelServiceErrorOptions = {}) {
    super('reranker_error', message, options);
    this.statusCode = options.statusCode;
    this.retryAfterMs = options.retryAfterMs;
  }
}
