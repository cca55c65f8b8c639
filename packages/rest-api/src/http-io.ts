import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '@arsenal/http';
import type { z } from 'zod';
import { RestApiError } from './problem-details.js';

export interface BodyLimits {
  maxBodyBytes: number;
  bodyTimeoutMs: number;
}

/** Whether a request says its body is JSON (`application/json` or any `+json` type). */
function declaresJson(request: IncomingMessage): boolean {
  const type = request.headers['content-type'];
  if (typeof type !== 'string') return false;
  const mediaType = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/**
 * For actions that take no body (approve, confirm, reject, cancel): refuse one a browser form can
 * send (`application/x-www-form-urlencoded`, `multipart/form-data`, `text/plain`), so no page
 * elsewhere can post the action with a plain form. No body, or a JSON one (ignored), is fine.
 */
export function refuseFormBody(request: IncomingMessage, action: string): void {
  if (request.headers['content-type'] === undefined || declaresJson(request)) return;
  throw new RestApiError(
    415,
    'unsupported_media_type',
    `${action} takes no body: send the request without one (got "Content-Type: ${String(request.headers['content-type']).slice(0, 100)}").`,
  );
}

/**
 * Read and parse a JSON request body within the size and time limits. Oversized and late bodies
 * close the connection after the answer, so the rest of them is never read.
 */
export async function readJsonBody(
  request: IncomingMessage,
  response: ServerResponse,
  limits: BodyLimits,
): Promise<unknown> {
  if (!declaresJson(request)) {
    throw new RestApiError(
      415,
      'unsupported_media_type',
      `The body must be JSON: send it with "Content-Type: application/json" (got "${String(request.headers['content-type'] ?? 'none')}").`,
    );
  }
  const outcome = await readBody(request, limits.maxBodyBytes, limits.bodyTimeoutMs);
  if (outcome.kind === 'aborted') {
    throw new RestApiError(
      400,
      'invalid_request',
      'The request body ended before it was complete.',
    );
  }
  if (outcome.kind === 'too_large' || outcome.kind === 'timeout') {
    response.once('finish', () => request.destroy());
    if (outcome.kind === 'too_large') {
      throw new RestApiError(
        413,
        'payload_too_large',
        `The request body is larger than ${limits.maxBodyBytes} bytes; send less (or raise maxBodyBytes).`,
        { headers: { connection: 'close' } },
      );
    }
    throw new RestApiError(
      408,
      'request_timeout',
      `The request body did not arrive within ${limits.bodyTimeoutMs} ms.`,
      { headers: { connection: 'close' } },
    );
  }
  const text = outcome.body.toString('utf8');
  if (text.trim() === '') {
    throw new RestApiError(400, 'invalid_json', 'The request body is empty; send a JSON object.');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new RestApiError(
      400,
      'invalid_json',
      `The request body is not valid JSON (${(error as Error).message}); fix the syntax and retry.`,
    );
  }
}

/** Parse a value with a zod schema; failures become a 422 problem listing every issue. */
export function parseWith<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  what: string,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.length === 0 ? '' : `/${issue.path.map(String).join('/')}`,
    message: issue.message,
  }));
  const listed = issues.map((issue) => `${issue.path || '(root)'}: ${issue.message}`).join('; ');
  throw new RestApiError(422, 'validation_failed', `The ${what} is invalid: ${listed}.`, {
    extensions: { issues },
  });
}

/** Answer with JSON. */
export function sendJson(
  response: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify(value);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(body);
}
