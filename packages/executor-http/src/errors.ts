import { ArsenalError, type ArsenalErrorOptions, ToolExecutionError } from '@arsenal/core';

/** The API answered with a status outside 2xx. `body` is its answer, trimmed and redacted. */
export class HttpStatusError extends ToolExecutionError {
  static override readonly marker: symbol = Symbol.for(
    'arsenal.error.executor-http.HttpStatusError',
  );
  readonly status: number;
  readonly body: string;
  readonly retryAfterMs: number | undefined;
  constructor(
    toolName: string,
    status: number,
    body: string,
    options: { method: string; url: string; retryAfterMs?: number },
  ) {
    const retryable = status === 408 || status === 425 || status === 429 || status >= 500;
    const quote = body ? `: ${body}` : '';
    super(
      toolName,
      `Tool "${toolName}": ${options.method} ${options.url} answered HTTP ${status}${quote}`,
      { code: 'http_error', retryable },
    );
    this.status = status;
    this.body = body;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** Why a request was refused before (or while) it was sent. */
export type RefusalReason =
  | 'ssrf'
  | 'header_injection'
  | 'path_traversal'
  | 'invalid_url'
  | 'too_many_redirects'
  | 'credential_redirect'
  | 'response_too_large'
  | 'missing_credentials';

/** A request Arsenal refused to send or finish: a blocked address, a hostile argument, a limit. */
export class HttpRequestRefusedError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for(
    'arsenal.error.executor-http.HttpRequestRefusedError',
  );
  readonly reason: RefusalReason;
  constructor(reason: RefusalReason, message: string, options?: ArsenalErrorOptions) {
    super('request_refused', message, { retryable: false, ...options });
    this.reason = reason;
  }
}

/** A spec that cannot be read or is not OpenAPI 3.x / Swagger 2.0 at all. */
export class OpenApiSpecError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for(
    'arsenal.error.executor-http.OpenApiSpecError',
  );
  readonly source: string;
  constructor(source: string, message: string, options?: ArsenalErrorOptions) {
    super('invalid_spec', `OpenAPI spec ${source}: ${message}`, options);
    this.source = source;
  }
}
