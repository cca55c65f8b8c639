import {
  CallToolResultSchema,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
} from '@modelcontextprotocol/sdk/types.js';

// The SDK checks every message from a server against its zod schemas: the JSON-RPC envelope when
// the line is read, the CallToolResult when the response reaches its request. For the shapes
// nearly every tools/call answer has (a result object; text content), the checks here accept
// exactly what those schemas accept and return it unchanged, as they would; anything else
// (other content types, annotations, _meta, errors, requests, notifications) goes to the SDK's
// schemas, so their messages and defaults stay the authority.

const RESPONSE_KEYS = new Set(['jsonrpc', 'id', 'result']);
const RESULT_KEYS = new Set(['content', 'structuredContent', 'isError']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasOnlyKeys(value: Record<string, unknown>, keys: ReadonlySet<string>): boolean {
  for (const key in value) if (!keys.has(key)) return false;
  return true;
}

/** A text block with nothing but its type and text: what the schema passes through as it is. */
function isPlainTextBlock(block: unknown): boolean {
  if (!isPlainObject(block) || block.type !== 'text' || typeof block.text !== 'string') {
    return false;
  }
  let keys = 0;
  for (const _key in block) keys++;
  return keys === 2;
}

/** A CallToolResult of text blocks, optional structured content and isError, nothing else. */
export function isPlainTextToolResult(value: unknown): boolean {
  if (!isPlainObject(value) || !hasOnlyKeys(value, RESULT_KEYS)) return false;
  const { content, structuredContent, isError } = value;
  if (!Array.isArray(content) || !content.every(isPlainTextBlock)) return false;
  if (structuredContent !== undefined && !isPlainObject(structuredContent)) return false;
  return isError === undefined || typeof isError === 'boolean';
}

/**
 * What `Client.callTool` checks a result with: plain text results as they are, anything else
 * with the SDK's CallToolResultSchema (same errors, same defaults).
 */
export const CALL_TOOL_RESULT_CHECK = {
  safeParse(value: unknown) {
    if (isPlainTextToolResult(value)) {
      return { success: true as const, data: value as Record<string, unknown> };
    }
    return CallToolResultSchema.safeParse(value);
  },
} as unknown as typeof CallToolResultSchema;

/** A successful response `{ jsonrpc, id, result }` whose result has no `_meta` to check. */
function isPlainResultResponse(value: unknown): value is JSONRPCMessage {
  if (!isPlainObject(value) || value.jsonrpc !== '2.0' || !hasOnlyKeys(value, RESPONSE_KEYS)) {
    return false;
  }
  const { id, result } = value;
  if (typeof id !== 'string' && !(typeof id === 'number' && Number.isInteger(id))) return false;
  return isPlainObject(result) && result._meta === undefined;
}

/** Parse one line from a server: plain result responses as they are, the rest by the schema. */
export function parseServerLine(line: string): JSONRPCMessage {
  const value: unknown = JSON.parse(line);
  return isPlainResultResponse(value) ? value : JSONRPCMessageSchema.parse(value);
}
