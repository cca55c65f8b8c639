import type { IncomingMessage, ServerResponse } from 'node:http';

/** JSON-RPC error codes this server answers with before a message reaches the SDK. */
export const JSON_RPC_PARSE_ERROR = -32700;
export const JSON_RPC_INVALID_REQUEST = -32600;
/** Server-defined range: transport-level refusals (auth, size, sessions). */
export const JSON_RPC_SERVER_ERROR = -32000;
export const JSON_RPC_SESSION_NOT_FOUND = -32001;

/** Answer with a JSON-RPC error object and an HTTP status. */
export function sendJsonRpcError(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  response.end(body);
}

export type BodyOutcome =
  | { kind: 'ok'; body: Buffer }
  | { kind: 'too_large' }
  | { kind: 'aborted' };

/**
 * Read a request body up to `limit` bytes. Past the limit it stops buffering at once and
 * reports `too_large`; the caller answers 413 and closes the connection.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<BodyOutcome> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.resolve({ kind: 'too_large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (outcome: BodyOutcome) => {
      if (settled) return;
      settled = true;
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

/** Whether a parsed body is (or, in a batch, contains) an `initialize` request. */
export function containsInitialize(value: unknown): boolean {
  const messages = Array.isArray(value) ? value : [value];
  return messages.some(
    (message) =>
      typeof message === 'object' &&
      message !== null &&
      (message as { method?: unknown }).method === 'initialize',
  );
}
