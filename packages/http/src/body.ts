import type { IncomingMessage } from 'node:http';
import type { HttpRefusal } from './refusals.js';

export type BodyOutcome =
  | { kind: 'ok'; body: Buffer }
  | { kind: 'too_large' }
  | { kind: 'timeout' }
  | { kind: 'aborted' };

/** The limits a request body is read within. */
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

/** Parse a JSON body; undefined when it is not JSON. */
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
