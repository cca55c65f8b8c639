import type { IncomingMessage } from 'node:http';
import type { HttpRefusal } from './refusals.js';

/**
 * How reading a request body ended: the whole body, or why not.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { type BodyOutcome, readBody } from '@arsenal/http';
 *
 * const server = createServer(async (request, response) => {
 *   const outcome: BodyOutcome = await readBody(request, 64 * 1024);
 *   if (outcome.kind === 'ok') response.end(`${outcome.body.length} bytes`);
 *   else response.destroy(); // too_large, timeout or aborted
 * });
 * ```
 */
export type BodyOutcome =
  | { kind: 'ok'; body: Buffer }
  | { kind: 'too_large' }
  | { kind: 'timeout' }
  | { kind: 'aborted' };

/**
 * The limits a request body is read within.
 *
 * @example
 * ```ts
 * import type { BodyLimits, HttpRoute } from '@arsenal/http';
 * import { readBody } from '@arsenal/http';
 *
 * const route: HttpRoute = {
 *   path: '/upload',
 *   async handle(request, response, _principal, context) {
 *     const limits: BodyLimits = context.limits;
 *     const outcome = await readBody(request, limits.maxBodyBytes, limits.bodyTimeoutMs);
 *     response.end(outcome.kind);
 *   },
 * };
 * ```
 */
export interface BodyLimits {
  /** Largest body accepted, in bytes. */
  maxBodyBytes: number;
  /** Longest the whole body may take to arrive, in ms. */
  bodyTimeoutMs: number;
}

/**
 * Read a request body up to `limit` bytes within `timeoutMs`. Past the limit it stops buffering
 * at once and reports `too_large`; past the time, `timeout` (a client sending slowly or never
 * finishing). The caller answers and closes the connection.
 *
 * @example
 * ```ts
 * import { readBody } from '@arsenal/http';
 * import type { HttpRoute } from '@arsenal/http';
 *
 * const echo: HttpRoute = {
 *   path: '/echo',
 *   async handle(request, response, _principal, { limits }) {
 *     const outcome = await readBody(request, limits.maxBodyBytes, limits.bodyTimeoutMs);
 *     if (outcome.kind === 'ok') response.end(outcome.body);
 *     else response.destroy();
 *   },
 * };
 * ```
 */
export function readBody(
  request: IncomingMessage,
  limit: number,
  timeoutMs = 30_000,
): Promise<BodyOutcome> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.resolve({ kind: 'too_large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const timer = setTimeout(() => {
      request.pause();
      settle({ kind: 'timeout' });
    }, timeoutMs);
    const settle = (outcome: BodyOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.off('data', onData);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.pause();
        settle({ kind: 'too_large' });
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => settle({ kind: 'ok', body: Buffer.concat(chunks) }));
    request.once('error', () => settle({ kind: 'aborted' }));
    request.once('close', () => settle({ kind: 'aborted' }));
  });
}

/**
 * Parse a JSON body; undefined when it is not JSON.
 *
 * @example
 * ```ts
 * import { parseJson } from '@arsenal/http';
 *
 * parseJson(Buffer.from('{"query":"weather"}')); // { value: { query: 'weather' } }
 * parseJson(Buffer.from('not json')); // undefined
 * ```
 */
export function parseJson(body: Buffer): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(body.toString('utf8')) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * The refusal for a body that could not be read whole (the connection must close after it, so
 * the rest is never read), or undefined for one that was.
 *
 * @example
 * ```ts
 * import { bodyRefusal, type HttpRoute, parseJson, readBody, sendRefusal } from '@arsenal/http';
 *
 * const route: HttpRoute = {
 *   path: '/search',
 *   async handle(request, response, _principal, { limits }) {
 *     const outcome = await readBody(request, limits.maxBodyBytes, limits.bodyTimeoutMs);
 *     const refusal = bodyRefusal(outcome, limits);
 *     if (refusal === 'aborted') return; // the client went away
 *     if (refusal) return sendRefusal(response, refusal); // 413 or 408
 *     if (outcome.kind === 'ok') response.end(JSON.stringify(parseJson(outcome.body)?.value));
 *   },
 * };
 * ```
 */
export function bodyRefusal(
  outcome: BodyOutcome,
  limits: BodyLimits,
): HttpRefusal | 'aborted' | undefined {
  if (outcome.kind === 'ok') return undefined;
  if (outcome.kind === 'aborted') return 'aborted';
  return outcome.kind === 'too_large'
    ? {
        status: 413,
        code: 'payload_too_large',
        detail: `The request body is larger than ${limits.maxBodyBytes} bytes; send less (or raise maxBodyBytes).`,
        headers: { connection: 'close' },
      }
    : {
        status: 408,
        code: 'request_timeout',
        detail: `The request body did not arrive within ${limits.bodyTimeoutMs} ms.`,
        headers: { connection: 'close' },
      };
}
