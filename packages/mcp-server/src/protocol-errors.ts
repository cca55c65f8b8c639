import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  isJSONRPCRequest,
  ListToolsRequestSchema,
  PingRequestSchema,
  SetLevelRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/** Longest piece of caller input echoed back in an error message. */
export const ECHO_LIMIT = 120;

/** Caller input fit to echo in a message: cut to {@link ECHO_LIMIT} characters, with its size. */
export function echoInput(text: string): string {
  if (text.length <= ECHO_LIMIT) return text;
  return `${text.slice(0, ECHO_LIMIT)}… (${text.length} characters)`;
}

/**
 * A JSON-RPC error to throw from a request handler. The SDK answers with its `code` and
 * `message` as they are; its own McpError prefixes "MCP error <code>:" to the message, which
 * the client's McpError then prefixes again ("MCP error -32602: MCP error -32602: ...").
 */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ProtocolError';
  }
}

interface ParamsSchema {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
  };
}

const REQUEST_SCHEMAS = new Map<string, ParamsSchema>([
  ['initialize', InitializeRequestSchema],
  ['ping', PingRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['tools/call', CallToolRequestSchema],
  ['logging/setLevel', SetLevelRequestSchema],
]);

/** Register the request schemas of further methods a session answers (prompts, resources). */
export function guardRequestSchema(method: string, schema: ParamsSchema): void {
  REQUEST_SCHEMAS.set(method, schema);
}

/** Why a request's params are invalid, in one readable line; undefined when they are valid. */
export function invalidParams(method: string, request: unknown): string | undefined {
  const schema = REQUEST_SCHEMAS.get(method);
  if (!schema) return undefined;
  const parsed = schema.safeParse(request);
  if (parsed.success) return undefined;
  const issues = (parsed.error?.issues ?? []).slice(0, 3).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  return `Invalid params for ${echoInput(method)}: ${issues.join('; ') || 'they do not match the method'}.`;
}

/**
 * Answer requests whose params do not match their method with -32602 and a readable message,
 * before the SDK would (with -32603 and a raw schema dump). Call after `server.connect`.
 */
export function guardRequestParams(server: Server, transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    if (isJSONRPCRequest(message)) {
      const problem = invalidParams(message.method, message);
      if (problem !== undefined) {
        transport
          .send(
            {
              jsonrpc: '2.0',
              id: message.id,
              error: { code: ErrorCode.InvalidParams, message: problem },
            },
            { relatedRequestId: message.id },
          )
          .catch((error: unknown) => server.onerror?.(error as Error));
        return;
      }
    }
    deliver(message, extra);
  };
}
