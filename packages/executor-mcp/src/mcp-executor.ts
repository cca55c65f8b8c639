import {
  ArsenalError,
  type ExecutionRequest,
  type Executor,
  PermissionDeniedError,
  type ProgressUpdate,
  type ToolDefinition,
} from '@arsenal/core';
import { formatTraceparent } from '@arsenal/core/adapter';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import type { InFlightCalls } from './client-passthrough.js';
import type { McpConnection } from './mcp-connection.js';
import { type CallErrorContext, McpToolError, toCallError } from './mcp-errors.js';
import { CALL_META_KEY } from './request-relations.js';
import { CALL_TOOL_RESULT_CHECK } from './result-shapes.js';
import { type AbortSource, type StdioToolCalls, watchSignal } from './stdio-tool-calls.js';

export interface McpExecutorOptions {
  serverName: string;
  connection: McpConnection;
  timeoutMs: number;
  /** How long a call waits for the server to be ready (connecting, restarting). */
  connectTimeoutMs: number;
  maxTotalTimeoutMs: number;
  /** HTTP-like transports reconnect on the next call after a transport failure. */
  reconnectOnTransportError: boolean;
  stderr: () => readonly string[];
  /** Whether pinning withholds this tool right now. */
  isWithheld: (mcpName: string) => boolean;
  /** Calls in flight, so the server's requests of its client reach the right caller. */
  inFlight?: InFlightCalls;
}

/** The name to call the server with: the original MCP name kept in metadata. */
export function mcpNameOf(tool: ToolDefinition): string {
  const mcpName = tool.metadata.mcpName;
  return typeof mcpName === 'string' ? mcpName : tool.name;
}

function toProgressUpdate(progress: Progress): ProgressUpdate {
  const update: ProgressUpdate = {};
  if (progress.total !== undefined && progress.total > 0) {
    update.progress = Math.min(1, Math.max(0, progress.progress / progress.total));
    update.total = progress.total;
  }
  if (progress.message !== undefined) update.message = progress.message;
  else if (update.progress === undefined) update.message = `progress ${progress.progress}`;
  return update;
}

/**
 * Runs the tools of one MCP server: `tools/call` with the original tool name, a timeout that
 * progress notifications extend, cancellation sent to the server when the caller aborts, and the
 * full CallToolResult (content of every type, structuredContent) as the result.
 */
export class McpExecutor implements Executor {
  readonly kind = 'mcp';
  readonly #options: McpExecutorOptions;

  constructor(options: McpExecutorOptions) {
    this.#options = options;
  }

  canExecute(tool: ToolDefinition): boolean {
    return tool.source === 'mcp_server' && tool.metadata.mcpServer === this.#options.serverName;
  }

  /** Not an async function: the call's own promise is returned, with no step of its own. */
  execute(request: ExecutionRequest): Promise<CallToolResult> {
    try {
      return this.#execute(request);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  #execute(request: ExecutionRequest): Promise<CallToolResult> {
    const { tool, context } = request;
    const { serverName, connection } = this.#options;
    const mcpName = mcpNameOf(tool);
    if (this.#options.isWithheld(mcpName)) {
      throw new PermissionDeniedError(
        tool.name,
        `MCP server "${serverName}" changed this tool's description or schema since it was approved, so pinning withholds it; review the change and add its new hash from approvedHashes() to pinning.approved`,
      );
    }
    const client = connection.connectedClient;
    const toolCalls = connection.connectedToolCalls;
    if (client && toolCalls?.supports(client, mcpName)) {
      return this.#callDirect(request, mcpName, client, toolCalls);
    }
    const signal = context.signal;
    if (signal.aborted) throw toCallError(signal.reason, this.#errorContext(tool, signal));
    return this.#callThroughClient(request, mcpName, client);
  }

  /** What a failure's message draws on; the stderr tail is read when a call fails. */
  #errorContext(tool: ToolDefinition, signal: AbortSignal): CallErrorContext {
    return {
      toolName: tool.name,
      serverName: this.#options.serverName,
      timeoutMs: this.#options.timeoutMs,
      signal,
      stderr: this.#options.stderr(),
    };
  }

  /** The progress listener a call passes on to its caller. */
  #progressListener(context: ExecutionRequest['context']): (progress: Progress) => void {
    return (progress) => {
      try {
        context.reportProgress(toProgressUpdate(progress));
      } catch {
        // A faulty progress listener must not fail the call.
      }
    };
  }

  /**
   * A connected stdio server: the call goes out beside the SDK client (see StdioToolCalls). It
   * watches the call's abort through `context.onAbort` where the context has it, so no signal is
   * made for the call; the watch ends with the call.
   */
  async #callDirect(
    request: ExecutionRequest,
    mcpName: string,
    client: Client,
    toolCalls: StdioToolCalls,
  ): Promise<CallToolResult> {
    const { tool, context } = request;
    const { serverName, connection } = this.#options;
    // The context itself tells of the abort when it can: no signal, no adapter per call.
    const abort: AbortSource = context.onAbort
      ? (context as AbortSource)
      : watchSignal(context.signal);
    const tracked = this.#options.inFlight?.add(context);
    const traceparent = formatTraceparent(context);
    let result: CallToolResult;
    try {
      result = await toolCalls.call(client, mcpName, request.arguments, traceparent, {
        abort,
        timeoutMs: this.#options.timeoutMs,
        maxTotalTimeoutMs: this.#options.maxTotalTimeoutMs,
        onProgress: this.#progressListener(context),
        callKey: tracked?.key,
      });
    } catch (error) {
      throw toCallError(error, this.#errorContext(tool, context.signal));
    } finally {
      tracked?.untrack();
    }
    connection.noteSuccess();
    if (result.isError === true) throw new McpToolError(tool.name, serverName, result);
    return result;
  }

  async #callThroughClient(
    request: ExecutionRequest,
    mcpName: string,
    connected: Client | undefined,
  ): Promise<CallToolResult> {
    const { tool, context } = request;
    const { serverName, connection, timeoutMs } = this.#options;
    // One linked signal per call: the SDK never removes its abort listener, and an abort after
    // the call ended must not send a stray notifications/cancelled.
    const call = new AbortController();
    const onAbort = () => call.abort(context.signal.reason);
    context.signal.addEventListener('abort', onAbort, { once: true });
    // The call's key travels in its tools/call, so a request the server makes while serving it
    // reaches this caller and no other (the connection removes the key before sending).
    const tracked = this.#options.inFlight?.add(context);
    let client: Client | undefined = connected;
    try {
      // A connected server is used at once: the bounded wait (two signals and a timer per call)
      // is only needed while it connects or restarts.
      client ??= await connection.client(
        AbortSignal.any([call.signal, AbortSignal.timeout(this.#options.connectTimeoutMs)]),
      );
      const traceparent = formatTraceparent(context);
      // W3C trace context in _meta, so a traced server continues the caller's trace.
      const meta = {
        ...(traceparent ? { traceparent } : {}),
        ...(tracked ? { [CALL_META_KEY]: tracked.key } : {}),
      };
      const result = (await client.callTool(
        {
          name: mcpName,
          arguments: request.arguments,
          ...(Object.keys(meta).length > 0 ? { _meta: meta } : {}),
        },
        CALL_TOOL_RESULT_CHECK,
        {
          signal: call.signal,
          timeout: timeoutMs,
          resetTimeoutOnProgress: true,
          maxTotalTimeout: this.#options.maxTotalTimeoutMs,
          onprogress: this.#progressListener(context),
        },
      )) as CallToolResult;
      connection.noteSuccess();
      if (result.isError === true) throw new McpToolError(tool.name, serverName, result);
      return result;
    } catch (error) {
      if (error instanceof McpToolError) throw error;
      const mapped =
        !context.signal.aborted && isTimeoutAbort(error)
          ? new ArsenalError(
              'timeout',
              `MCP server "${serverName}" was not ready to run tool "${tool.name}" within ${this.#options.connectTimeoutMs} ms (it is starting, restarting or not answering). Retry later or raise connectTimeoutMs.`,
              { retryable: true, cause: error },
            )
          : toCallError(error, this.#errorContext(tool, context.signal));
      if (
        client &&
        this.#options.reconnectOnTransportError &&
        mapped.code === 'connection_failed' &&
        mapped.retryable
      ) {
        await connection.drop(client);
      }
      throw mapped;
    } finally {
      tracked?.untrack();
      context.signal.removeEventListener('abort', onAbort);
    }
  }
}

function isTimeoutAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'TimeoutError';
}
