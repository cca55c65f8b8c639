import type { ServerResponse } from 'node:http';
import { ArsenalError, type ArsenalErrorOptions, type ToolResult } from '@arsenal/core';

/** An RFC 9457 problem: what every error response of the API carries. */
export interface ProblemDetails {
  /** `urn:arsenal:problem:<code>`: stable, names the kind of problem. */
  type: string;
  title: string;
  status: number;
  /** What was wrong and how to fix it. */
  detail: string;
  /** The request path the problem occurred on. */
  instance?: string;
  /** The Arsenal error code (`tool_not_found`, `validation_failed`...). */
  code: string;
  [extension: string]: unknown;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
export const PROBLEM_TYPE_PREFIX = 'urn:arsenal:problem:';

/** An error that already knows its HTTP status (and any headers it needs, like `Allow`). */
export class RestApiError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.rest-api.RestApiError');
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly extensions: Readonly<Record<string, unknown>>;
  constructor(
    status: number,
    code: string,
    message: string,
    options: ArsenalErrorOptions & {
      headers?: Record<string, string>;
      extensions?: Record<string, unknown>;
    } = {},
  ) {
    super(code, message, options);
    this.status = status;
    this.headers = options.headers ?? {};
    this.extensions = options.extensions ?? {};
  }
}

/** Whether a value is a RestApiError (by shape, so duplicated package copies still match). */
export function isRestApiError(value: unknown): value is RestApiError {
  return (
    ArsenalError.isInstance(value) &&
    typeof (value as Partial<RestApiError>).status === 'number' &&
    typeof (value as Partial<RestApiError>).extensions === 'object'
  );
}

/** The HTTP status of each Arsenal error code and tool-result status. */
const STATUS_BY_CODE: Record<string, number> = {
  invalid_json: 400,
  invalid_request: 400,
  invalid_argument: 422,
  invalid_arguments: 422,
  validation_failed: 422,
  invalid_tool_definition: 422,
  suspicious_tool_content: 422,
  invalid_plan: 422,
  unauthenticated: 401,
  permission_denied: 403,
  forbidden: 403,
  not_found: 404,
  tool_not_found: 404,
  invocation_not_found: 404,
  confirmation_invalid: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  duplicate_tool: 409,
  dependency_cycle: 409,
  confirmation_required: 409,
  confirmation_rejected: 409,
  cancelled: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  call_limit_exceeded: 429,
  internal: 500,
  configuration_invalid: 500,
  not_supported: 501,
  failure: 502,
  execution_failed: 502,
  result_not_serializable: 502,
  circuit_open: 503,
  engine_closed: 503,
  vector_store_error: 503,
  embedder_error: 503,
  reranker_error: 503,
  timeout: 504,
};

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The HTTP status an Arsenal error code maps to; 500 for codes this API does not know. */
export function statusForCode(code: string): number {
  return STATUS_BY_CODE[code] ?? 500;
}

function problem(
  status: number,
  code: string,
  detail: string,
  instance: string | undefined,
): ProblemDetails {
  return {
    type: `${PROBLEM_TYPE_PREFIX}${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    ...(instance !== undefined ? { instance } : {}),
    code,
  };
}

function retryAfterSeconds(milliseconds: number): string {
  return String(Math.max(1, Math.ceil(milliseconds / 1000)));
}

/** A problem and its headers for anything a handler threw. Unknown errors reveal nothing. */
export function problemFromError(
  error: unknown,
  instance?: string,
): { problem: ProblemDetails; headers: Record<string, string> } {
  if (!ArsenalError.isInstance(error)) {
    return {
      problem: problem(500, 'internal', 'The request failed on the server; retry it.', instance),
      headers: {},
    };
  }
  const status = isRestApiError(error) ? error.status : statusForCode(error.code);
  const body = problem(status, error.code, error.message, instance);
  const headers: Record<string, string> = {};
  const fields = error as unknown as Record<string, unknown>;
  if (Array.isArray(fields.issues)) body.issues = fields.issues;
  if (Array.isArray(fields.suggestions) && fields.suggestions.length > 0) {
    body.suggestions = fields.suggestions;
  }
  if (typeof fields.retryAfterMs === 'number') {
    headers['retry-after'] = retryAfterSeconds(fields.retryAfterMs);
  }
  if (isRestApiError(error)) {
    Object.assign(body, error.extensions);
    Object.assign(headers, error.headers);
  }
  return { problem: body, headers };
}

/**
 * The problem for a tool call that did not succeed: its status mapped to HTTP, the error's own
 * message as detail, and the whole ToolResult kept as the `result` extension.
 */
export function problemFromToolResult(
  result: ToolResult,
  instance?: string,
): { problem: ProblemDetails; headers: Record<string, string> } {
  const code = result.error?.code ?? result.status;
  const status = STATUS_BY_CODE[result.status] ?? statusForCode(code);
  const body = problem(
    status,
    code,
    result.error?.message ?? `The call of "${result.tool}" ended as ${result.status}.`,
    instance,
  );
  if (result.error?.issues) body.issues = result.error.issues;
  if (result.error?.suggestions && result.error.suggestions.length > 0) {
    body.suggestions = result.error.suggestions;
  }
  body.result = result;
  const headers: Record<string, string> = {};
  if (result.error?.retryAfterMs !== undefined) {
    headers['retry-after'] = retryAfterSeconds(result.error.retryAfterMs);
  }
  return { problem: body, headers };
}

/** Answer with a problem document; a response already under way is just ended. */
export function sendProblem(
  response: ServerResponse,
  problemDetails: ProblemDetails,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  const body = JSON.stringify(problemDetails);
  response.writeHead(problemDetails.status, {
    'content-type': PROBLEM_CONTENT_TYPE,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(body);
}
