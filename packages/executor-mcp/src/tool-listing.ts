import { ArsenalError, CancelledError } from '@arsenal/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

// A server that keeps returning cursors is broken; stop rather than loop forever.
const MAX_LIST_PAGES = 1_000;

export interface ListErrorContext {
  serverName: string;
  signal: AbortSignal | undefined;
  connectTimeoutMs: number;
}

export interface ListToolsOptions extends ListErrorContext {
  /** Limit of each tools/list request. */
  timeoutMs: number;
}

/** Map a failure to reach the server or to list its tools into an ArsenalError. */
export function toListError(error: unknown, context: ListErrorContext): ArsenalError {
  const { serverName, signal } = context;
  if (signal?.aborted) {
    return new CancelledError(`Listing the tools of MCP server "${serverName}" was cancelled.`, {
      cause: signal.reason,
    });
  }
  if (ArsenalError.isInstance(error)) return error;
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return new ArsenalError(
      'timeout',
      `MCP server "${serverName}" was not ready within ${context.connectTimeoutMs} ms. Raise connectTimeoutMs or check the server.`,
      { retryable: true, cause: error },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ArsenalError(
    /timed out/i.test(message) ? 'timeout' : 'connection_failed',
    `Could not list the tools of MCP server "${serverName}": ${message}`,
    { retryable: true, cause: error },
  );
}

/** Every tool the server lists, following `nextCursor` across pages. */
export async function listAllTools(client: Client, options: ListToolsOptions): Promise<Tool[]> {
  const tools: Tool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
    let result: Awaited<ReturnType<Client['listTools']>>;
    try {
      result = await client.listTools(cursor === undefined ? {} : { cursor }, {
        signal: options.signal,
        timeout: options.timeoutMs,
      });
    } catch (error) {
      throw toListError(error, options);
    }
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined || cursor === '') return tools;
    if (seen.has(cursor)) break;
    seen.add(cursor);
  }
  throw new ArsenalError(
    'execution_failed',
    `MCP server "${options.serverName}" kept returning pagination cursors for tools/list (a repeated cursor or over ${MAX_LIST_PAGES} pages); it is probably broken.`,
  );
}
