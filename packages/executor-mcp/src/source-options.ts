import { InvalidArgumentError } from '@arsenal/core';
import type { LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { validateTransportOptions } from './mcp-transport.js';
import { DEFAULT_TIMEOUT_MS, type McpLogMessage, type McpToolSourceOptions } from './options.js';

/**
 * Checks the options a source cannot work without (name, transport, timeouts) and returns the
 * timeouts with their defaults; a bad one fails with how to fix it.
 */
export function checkedSourceOptions(options: McpToolSourceOptions): {
  timeoutMs: number;
  connectTimeoutMs: number;
} {
  if (typeof options.name !== 'string' || options.name.trim().length === 0) {
    throw new InvalidArgumentError(
      'MCP server name is required: it becomes the namespace of its tools.',
    );
  }
  validateTransportOptions(options.transport, options.name);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!(timeoutMs > 0)) {
    throw new InvalidArgumentError(
      `MCP server "${options.name}": timeoutMs must be > 0, got ${timeoutMs}.`,
    );
  }
  const connectTimeoutMs = options.connectTimeoutMs ?? Math.max(timeoutMs, DEFAULT_TIMEOUT_MS);
  if (!(connectTimeoutMs > 0)) {
    throw new InvalidArgumentError(
      `MCP server "${options.name}": connectTimeoutMs must be > 0, got ${connectTimeoutMs}.`,
    );
  }
  return { timeoutMs, connectTimeoutMs };
}

/** Forwards the server's log notifications to `onLog`, naming the server. */
export function logTo(
  onLog: (message: McpLogMessage) => void,
  server: string,
): (params: LoggingMessageNotification['params']) => void {
  return ({ level, logger, data }) =>
    onLog({ server, level, ...(logger === undefined ? {} : { logger }), data });
}
