import type { ServerResponse } from 'node:http';

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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalidMessage(message: unknown): string | undefined {
  if (!isObject(message)) return 'a JSON-RPC message must be an object';
  if (message.jsonrpc !== '2.0') return 'the "jsonrpc" member must be "2.0"';
  const id = message.id;
  if (id !== undefined && typeof id !== 'string' && typeof id !== 'number') {
    return 'the "id" member must be a string or a number';
  }
  if ('method' in message) {
    if (typeof message.method !== 'string') return 'the "method" member must be a string';
    if (message.params !== undefined && !isObject(message.params)) {
      return 'the "params" member must be an object';
    }
    return undefined;
  }
  if (id !== undefined && ('result' in message || isObject(message.error))) return undefined;
  return 'it is neither a request, a notification nor a response';
}

/**
 * Why a parsed body is not a JSON-RPC message (or batch of them), or undefined when it is.
 * These get -32600 Invalid Request: the body was JSON, so it is not a parse error.
 */
export function invalidJsonRpc(value: unknown): string | undefined {
  if (!Array.isArray(value)) return invalidMessage(value);
  if (value.length === 0) return 'an empty batch';
  for (const [index, message] of value.entries()) {
    const problem = invalidMessage(message);
    if (problem) return `message ${index} of the batch: ${problem}`;
  }
  return undefined;
}

/** The protocol version an `initialize` request in the body asks for. */
export function requestedProtocolVersion(value: unknown): string | undefined {
  const messages = Array.isArray(value) ? value : [value];
  for (const message of messages) {
    if (!isObject(message) || message.method !== 'initialize') continue;
    const params = message.params;
    if (isObject(params) && typeof params.protocolVersion === 'string') {
      return params.protocolVersion;
    }
  }
  return undefined;
}
