import type { IncomingMessage, ServerResponse } from 'node:http';
import { type BodyLimits, parseJson, readBody } from '@arsenal/http';
import {
  invalidJsonRpc,
  JSON_RPC_INVALID_REQUEST,
  JSON_RPC_PARSE_ERROR,
  sendJsonRpcError,
} from './http-messages.js';

/**
 * Reads a POST body as one JSON-RPC message or batch. On anything wrong (too slow, too large,
 * not JSON, not JSON-RPC) the caller has been answered and the result is `undefined`.
 */
export async function readJsonRpcBody(
  request: IncomingMessage,
  response: ServerResponse,
  limits: BodyLimits,
): Promise<{ value: unknown } | undefined> {
  const outcome = await readBody(request, limits.maxBodyBytes, limits.bodyTimeoutMs);
  if (outcome.kind === 'aborted') return undefined;
  if (outcome.kind === 'timeout' || outcome.kind === 'too_large') {
    const [status, message] =
      outcome.kind === 'timeout'
        ? [408, `Request body did not arrive within ${limits.bodyTimeoutMs} ms.`]
        : [413, `Request body is larger than ${limits.maxBodyBytes} bytes.`];
    sendJsonRpcError(response, status, JSON_RPC_INVALID_REQUEST, message, { connection: 'close' });
    response.once('finish', () => request.destroy());
    return undefined;
  }
  const parsed = parseJson(outcome.body);
  if (!parsed) {
    sendJsonRpcError(response, 400, JSON_RPC_PARSE_ERROR, 'Parse error: the body is not JSON.');
    return undefined;
  }
  const invalid = invalidJsonRpc(parsed.value);
  if (invalid) {
    sendJsonRpcError(response, 400, JSON_RPC_INVALID_REQUEST, `Invalid Request: ${invalid}.`);
    return undefined;
  }
  return parsed;
}
