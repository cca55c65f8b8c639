import type { ServerResponse } from 'node:http';

/**
 * How a surface writes the refusals of the front door: `problem` is an RFC 9457 problem
 * document (REST, console, probes); `json-rpc` a JSON-RPC error object, for protocols whose
 * clients read nothing else (MCP, A2A). Either way the text is the same and says what to change;
 * it never carries a stack trace, a file path or an internal name.
 *
 * @example
 * ```ts
 * import type { HttpRoute, RefusalFormat } from '@arsenal/http';
 *
 * const format: RefusalFormat = 'json-rpc'; // clients read JSON-RPC errors only
 * const route: HttpRoute = {
 *   path: '/rpc',
 *   errorFormat: format,
 *   handle: async (_request, response) => void response.end('{}'),
 * };
 * ```
 */
export type RefusalFormat = 'problem' | 'json-rpc';

/**
 * A request the front door (or a surface) refuses, before or instead of handling it.
 *
 * @example
 * ```ts
 * import { type HttpRefusal, type HttpRoute, sendRefusal } from '@arsenal/http';
 *
 * const route: HttpRoute = {
 *   path: '/reports',
 *   async handle(request, response) {
 *     if (request.method !== 'GET') {
 *       const refusal: HttpRefusal = {
 *         status: 405,
 *         code: 'method_not_allowed',
 *         detail: 'Reports are read-only; use GET.',
 *         headers: { allow: 'GET' },
 *       };
 *       return sendRefusal(response, refusal);
 *     }
 *     response.end('[]');
 *   },
 * };
 * ```
 */
export interface HttpRefusal {
  status: number;
  /** Stable machine-readable kind: `forbidden_host`, `unauthenticated`, `payload_too_large`... */
  code: string;
  /** What was wrong and how to fix it. */
  detail: string;
  headers?: Readonly<Record<string, string>>;
}

/**
 * The type URI prefix of every problem document Arsenal writes.
 *
 * @example
 * ```ts
 * import { PROBLEM_TYPE_PREFIX } from '@arsenal/http';
 *
 * const response = await fetch('http://127.0.0.1:3333/api/tools').catch(() => undefined);
 * const problem = (await response?.json().catch(() => undefined)) as { type?: string } | undefined;
 * const code = problem?.type?.startsWith(PROBLEM_TYPE_PREFIX)
 *   ? problem.type.slice(PROBLEM_TYPE_PREFIX.length) // 'unauthenticated', 'forbidden_host'...
 *   : undefined;
 * ```
 */
export const PROBLEM_TYPE_PREFIX = 'urn:arsenal:problem:';
/**
 * The content type of an RFC 9457 problem document.
 *
 * @example
 * ```ts
 * import { PROBLEM_CONTENT_TYPE, refusalBody } from '@arsenal/http';
 *
 * const { contentType } = refusalBody({ status: 404, code: 'not_found', detail: 'No such tool.' }, 'problem');
 * contentType === PROBLEM_CONTENT_TYPE; // true
 * ```
 */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * JSON-RPC error codes the front door answers with before a message reaches a protocol SDK.
 *
 * @example
 * ```ts
 * import { JSON_RPC_PARSE_ERROR, refusalBody } from '@arsenal/http';
 *
 * const { body } = refusalBody({ status: 400, code: 'invalid_json', detail: 'The body is not JSON.' }, 'json-rpc');
 * (JSON.parse(body) as { error: { code: number } }).error.code === JSON_RPC_PARSE_ERROR; // true
 * ```
 */
export const JSON_RPC_PARSE_ERROR = -32700;
/**
 * JSON-RPC "invalid request": the message was too large, too slow or malformed.
 *
 * @example
 * ```ts
 * import { JSON_RPC_INVALID_REQUEST, refusalBody } from '@arsenal/http';
 *
 * const refusal = { status: 413, code: 'payload_too_large', detail: 'Send at most 1 MiB.' };
 * const { body } = refusalBody(refusal, 'json-rpc');
 * (JSON.parse(body) as { error: { code: number } }).error.code === JSON_RPC_INVALID_REQUEST; // true
 * ```
 */
export const JSON_RPC_INVALID_REQUEST = -32600;
/**
 * Server-defined range: transport-level refusals (auth, size, sessions).
 *
 * @example
 * ```ts
 * import { JSON_RPC_SERVER_ERROR, refusalBody } from '@arsenal/http';
 *
 * const refusal = { status: 401, code: 'unauthenticated', detail: 'Send a bearer token.' };
 * const { body } = refusalBody(refusal, 'json-rpc');
 * (JSON.parse(body) as { error: { code: number } }).error.code === JSON_RPC_SERVER_ERROR; // true
 * ```
 */
export const JSON_RPC_SERVER_ERROR = -32000;

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The JSON-RPC error code of a refusal: parse and request errors keep theirs. */
function jsonRpcCode(refusal: HttpRefusal): number {
  if (refusal.code === 'invalid_json') return JSON_RPC_PARSE_ERROR;
  if (['payload_too_large', 'request_timeout', 'invalid_request'].includes(refusal.code)) {
    return JSON_RPC_INVALID_REQUEST;
  }
  return JSON_RPC_SERVER_ERROR;
}

/**
 * The body of a refusal in a format, with its content type.
 *
 * @example
 * ```ts
 * import { refusalBody } from '@arsenal/http';
 *
 * const refusal = { status: 404, code: 'not_found', detail: 'No tool "send_emial"; did you mean "send_email"?' };
 * refusalBody(refusal, 'problem', '/api/tools/send_emial');
 * // { contentType: 'application/problem+json', body: '{"type":"urn:arsenal:problem:not_found",...}' }
 * ```
 */
export function refusalBody(
  refusal: HttpRefusal,
  format: RefusalFormat,
  instance?: string,
): { contentType: string; body: string } {
  if (format === 'json-rpc') {
    return {
      contentType: 'application/json',
      body: JSON.stringify({
        jsonrpc: '2.0',
        error: {
          code: jsonRpcCode(refusal),
          message: refusal.detail,
          data: { code: refusal.code },
        },
        id: null,
      }),
    };
  }
  return {
    contentType: PROBLEM_CONTENT_TYPE,
    body: JSON.stringify({
      type: `${PROBLEM_TYPE_PREFIX}${refusal.code}`,
      title: TITLES[refusal.status] ?? 'Error',
      status: refusal.status,
      detail: refusal.detail,
      ...(instance !== undefined ? { instance } : {}),
      code: refusal.code,
    }),
  };
}

/**
 * Answer a request with a refusal; a response already under way is ended instead.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { sendRefusal } from '@arsenal/http';
 *
 * const server = createServer((_request, response) => {
 *   sendRefusal(response, { status: 503, code: 'draining', detail: 'Shutting down; retry shortly.' });
 * });
 * ```
 */
export function sendRefusal(
  response: ServerResponse,
  refusal: HttpRefusal,
  format: RefusalFormat = 'problem',
  instance?: string,
): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  const { contentType, body } = refusalBody(refusal, format, instance);
  response.writeHead(refusal.status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...refusal.headers,
  });
  response.end(body);
}
