import type { ToolResult } from '@arsenal/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isPlainObject } from './plain-object.js';

/**
 * `_meta` key of the Arsenal error (code, retryable, issues) on an `isError` result.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { createArsenalMcpServer, ERROR_META_KEY } from '@arsenal/mcp-server';
 *
 * const mcp = createArsenalMcpServer({ arsenal: createArsenal(), mode: 'dynamic' });
 * const result = await mcp.callTool('execute_tool', { tool_name: 'get_weather', arguments: {} });
 * if (result.isError) {
 *   const error = result._meta?.[ERROR_META_KEY] as { code: string; retryable: boolean } | undefined;
 *   console.error(error?.code, error?.retryable);
 * }
 * ```
 */
export const ERROR_META_KEY = 'arsenal/error';
/**
 * `_meta` key of a pending confirmation (id, expiresAt, reason).
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { CONFIRMATION_META_KEY, createArsenalMcpServer } from '@arsenal/mcp-server';
 *
 * const mcp = createArsenalMcpServer({ arsenal: createArsenal(), mode: 'static' });
 * const result = await mcp.callTool('delete_repository', { name: 'demo' });
 * const pending = result._meta?.[CONFIRMATION_META_KEY] as { id: string; reason: string } | undefined;
 * if (pending) await mcp.callTool('confirm_tool_call', { confirmation_id: pending.id, approve: true });
 * ```
 */
export const CONFIRMATION_META_KEY = 'arsenal/confirmation';

const CONTENT_TYPES = new Set(['text', 'image', 'audio', 'resource_link', 'resource']);

/** Whether a value already is a `CallToolResult` (what MCP-sourced tools return). */
function isCallToolResult(value: unknown): value is CallToolResult {
  if (typeof value !== 'object' || value === null) return false;
  const content = (value as { content?: unknown }).content;
  return (
    Array.isArray(content) &&
    content.every(
      (block) =>
        typeof block === 'object' &&
        block !== null &&
        CONTENT_TYPES.has((block as { type?: unknown }).type as string),
    )
  );
}

/** A successful tool's value as MCP content: passed through, text, or JSON plus structured content. */
function successContent(value: unknown): CallToolResult {
  if (isCallToolResult(value)) {
    // Passed on as it is unless it carries isError (a success says nothing of one): no copy.
    if (!('isError' in value)) return value;
    const { isError: _isError, ...rest } = value;
    return { ...rest, content: value.content };
  }
  if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
  if (value === undefined) return { content: [{ type: 'text', text: 'Done (no result).' }] };
  const text = JSON.stringify(value, null, 2) ?? String(value);
  return {
    content: [{ type: 'text', text }],
    ...(isPlainObject(value) ? { structuredContent: value } : {}),
  };
}

/**
 * The MCP answer for an Arsenal ToolResult. Failures are `isError` results whose text starts
 * with the Arsenal error code, so a model can read it and an application can branch on it.
 */
export function toCallToolResult(result: ToolResult, listedName: string): CallToolResult {
  if (result.status === 'success') return successContent(result.result);
  if (result.status === 'pending_confirmation' && result.confirmation) {
    return pendingConfirmationResult(listedName, result.confirmation);
  }
  const error = result.error ?? {
    code: result.status,
    message: `Tool "${listedName}" ended with status ${result.status}.`,
    errorType: 'ArsenalError',
    retryable: false,
  };
  const lines = [`${error.code}: ${error.message}`];
  if (error.suggestions && error.suggestions.length > 0) {
    lines.push(`Did you mean: ${error.suggestions.join(', ')}?`);
  }
  return {
    isError: true,
    content: [{ type: 'text', text: lines.join('\n') }],
    _meta: {
      [ERROR_META_KEY]: {
        code: error.code,
        message: error.message,
        retryable: error.retryable,
        status: result.status,
        ...(error.issues ? { issues: error.issues } : {}),
        ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
      },
    },
  };
}

/** An error result for failures found before a call reaches the engine (bad meta-tool input). */
export function errorResult(code: string, message: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: `${code}: ${message}` }],
    _meta: { [ERROR_META_KEY]: { code, message, retryable: false } },
  };
}

/** The answer to a call that waits for a human: it has not run, and this says how to run it. */
export function pendingConfirmationResult(
  listedName: string,
  confirmation: { id: string; expiresAt: string; reason: string },
): CallToolResult {
  return {
    content: [
      {
        type: 'text',
        text:
          `Tool "${listedName}" was NOT run: it needs a human confirmation because ${confirmation.reason}. ` +
          `Ask the user to approve it, then call confirm_tool_call with confirmation_id "${confirmation.id}" ` +
          `(approve: false to cancel it). The confirmation expires at ${confirmation.expiresAt}.`,
      },
    ],
    _meta: {
      [CONFIRMATION_META_KEY]: {
        status: 'pending_confirmation',
        confirmationId: confirmation.id,
        expiresAt: confirmation.expiresAt,
        reason: confirmation.reason,
      },
    },
  };
}
