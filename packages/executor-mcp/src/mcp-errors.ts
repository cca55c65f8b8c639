import { ArsenalError, CancelledError, ToolExecutionError, ToolTimeoutError } from '@arsenal/core';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

/** A tool that ran and reported failure (`isError: true`); `result` is what the server returned. */
export class McpToolError extends ToolExecutionError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.executor-mcp.McpToolError');
  readonly serverName: string;
  readonly result: CallToolResult;
  constructor(toolName: string, serverName: string, result: CallToolResult) {
    const text = textOf(result);
    super(
      toolName,
      text ||
        `Tool "${toolName}" on MCP server "${serverName}" reported an error without a message.`,
      { retryable: false },
    );
    this.serverName = serverName;
    this.result = result;
  }
}

/** The text blocks of a result, joined by newlines. */
export function textOf(result: CallToolResult): string {
  return result.content
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('\n')
    .trim();
}

/** A short quote of the server's last stderr lines, for error messages. */
export function stderrHint(lines: readonly string[]): string {
  const tail = lines.filter((line) => line.trim().length > 0).slice(-5);
  return tail.length > 0 ? ` Last stderr lines:\n  ${tail.join('\n  ')}` : '';
}

function httpStatusOf(error: unknown): number | undefined | null {
  if (error instanceof StreamableHTTPError || error instanceof SseError) return error.code;
  return null;
}

function isRetryableStatus(status: number | undefined): boolean {
  return status === undefined || status === 408 || status === 429 || status >= 500;
}

export interface CallErrorContext {
  toolName: string;
  serverName: string;
  timeoutMs: number;
  /** The caller's signal: aborted means cancelled, whatever the SDK reports. */
  signal: AbortSignal;
  stderr: readonly string[];
}

/**
 * Map whatever a tools/call failure threw into an ArsenalError: cancelled, timeout (retryable),
 * connection lost (retryable), protocol refusal (not retryable).
 */
/**
 * Servers built on the SDK send McpError messages that already carry "MCP error <code>:", which
 * the client's McpError prefixes again: keep one.
 */
export function withoutRepeatedPrefix(message: string): string {
  return message.replace(/^(MCP error -?\d+: )(?:MCP error -?\d+: )+/, '$1');
}

export function toCallError(error: unknown, context: CallErrorContext): ArsenalError {
  const { toolName, serverName } = context;
  if (context.signal.aborted) {
    return new CancelledError(
      `Call to tool "${toolName}" on MCP server "${serverName}" was cancelled; the server was sent notifications/cancelled.`,
      { cause: context.signal.reason },
    );
  }
  if (ArsenalError.isInstance(error)) return error;
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) {
      const timeout = new ToolTimeoutError(toolName, context.timeoutMs);
      Object.defineProperty(timeout, 'cause', { value: error });
      return timeout;
    }
    if (error.code === ErrorCode.ConnectionClosed) {
      return new ArsenalError(
        'connection_closed',
        `MCP server "${serverName}" closed the connection while tool "${toolName}" was running (it crashed or was stopped). It is restarted automatically; retry the call.${stderrHint(context.stderr)}`,
        { retryable: true, cause: error },
      );
    }
    return new ToolExecutionError(
      toolName,
      `MCP server "${serverName}" refused tool "${toolName}": ${withoutRepeatedPrefix(error.message)}`,
      { cause: error },
    );
  }
  const status = httpStatusOf(error);
  if (status !== null) {
    // After a successful handshake, 404 means the server forgot the session (it restarted):
    // a new session on the next call fixes it.
    return new ArsenalError(
      'connection_failed',
      `MCP server "${serverName}" answered tool "${toolName}" with HTTP ${status ?? 'error'}: ${(error as Error).message}`,
      { retryable: status === 404 || isRetryableStatus(status), cause: error },
    );
  }
  if (error instanceof Error && error.name === 'ZodError') {
    return new ToolExecutionError(
      toolName,
      `MCP server "${serverName}" returned a malformed result for tool "${toolName}": ${error.message}`,
      { cause: error },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ArsenalError(
    'connection_failed',
    `Could not reach MCP server "${serverName}" to call tool "${toolName}": ${message}. Retry the call; check the server is running.`,
    { retryable: true, cause: error },
  );
}

const NOT_RETRYABLE_SPAWN_CODES = new Set(['ENOENT', 'EACCES', 'ENOTDIR']);

/** Map a failure to connect or initialize into an ArsenalError. */
export function toConnectionError(
  error: unknown,
  serverName: string,
  stderr: readonly string[],
): ArsenalError {
  if (ArsenalError.isInstance(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  const systemCode = (error as { code?: unknown } | undefined)?.code;
  const status = httpStatusOf(error);
  let retryable = true;
  if (typeof systemCode === 'string' && NOT_RETRYABLE_SPAWN_CODES.has(systemCode))
    retryable = false;
  if (status !== null) retryable = isRetryableStatus(status);
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return new ArsenalError(
      'timeout',
      `MCP server "${serverName}" did not complete the initialize handshake in time. Raise connectTimeoutMs or check the server.${stderrHint(stderr)}`,
      { retryable: true, cause: error },
    );
  }
  return new ArsenalError(
    'connection_failed',
    `Could not connect to MCP server "${serverName}": ${message}.${stderrHint(stderr)}`,
    { retryable, cause: error },
  );
}
