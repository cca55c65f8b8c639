import type { Writable } from 'node:stream';
import { DeadlineTimer, type Expiring } from '@arsenal/core/adapter';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type CallToolResult,
  ErrorCode,
  type JSONRPCMessage,
  McpError,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import type { UpstreamRequestRelations } from './request-relations.js';
import { CALL_TOOL_RESULT_CHECK } from './result-shapes.js';
import { ServerLineReader } from './server-line-reader.js';

/**
 * What tells a call of its abort: `onAbort` runs a listener once when the call is aborted (at once
 * when it already is) and returns the function that removes it. A `ToolCallContext` with
 * `onAbort` is one; {@link watchSignal} makes one of a signal.
 */
export interface AbortSource {
  onAbort(listener: (reason: unknown) => void): () => void;
}

/** An {@link AbortSource} of an AbortSignal. */
export function watchSignal(signal: AbortSignal): AbortSource {
  return {
    onAbort(listener) {
      if (signal.aborted) {
        listener(signal.reason);
        return () => {};
      }
      const onAbort = () => listener(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      return () => signal.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * Writes one line to the server's stdin; false when there is no stdin to write to, and the
 * message then goes through the transport's `send` (which fails as the SDK fails it).
 */
export type LineWriter = (line: string) => boolean;

/** What one tools/call sent by {@link StdioToolCalls} is given. */
export interface StdioCallOptions {
  /** An abort sends notifications/cancelled and rejects the call. */
  abort: AbortSource;
  /** Without progress, the call fails with a RequestTimeout McpError after this long. */
  timeoutMs: number;
  /** Hard limit even while progress arrives. */
  maxTotalTimeoutMs: number;
  onProgress: (progress: Progress) => void;
  /** The in-flight call this is, so a request the server makes while serving it reaches its caller. */
  callKey?: string | undefined;
}

/**
 * One call waiting for its answer. It waits on the connection's deadline timer; at its deadline
 * `expire` hands it to `timeOut`, which the calls share (no closure per call).
 */
class PendingCall implements Expiring {
  /** When it times out, in `performance.now()` time: progress moves it later. */
  deadline: number;
  constructor(
    readonly id: string,
    readonly name: string,
    readonly client: Client,
    readonly options: StdioCallOptions,
    readonly startedAt: number,
    readonly resolve: (result: CallToolResult) => void,
    readonly reject: (error: unknown) => void,
    /** Stops watching for the abort. */
    readonly unwatch: () => void,
    readonly timeOut: (call: PendingCall) => void,
  ) {
    this.deadline = startedAt + options.timeoutMs;
  }

  expire(): void {
    this.timeOut(this);
  }
}

/** The SDK client's own checks of a tool's result, which it keeps private. */
interface ClientResultChecks {
  isToolTaskRequired(name: string): boolean;
  getToolOutputValidator(
    name: string,
  ): ((value: unknown) => { valid: boolean; errorMessage?: string }) | undefined;
}

function resultChecksOf(client: Client): ClientResultChecks | undefined {
  const checks = client as unknown as Partial<ClientResultChecks>;
  return typeof checks.isToolTaskRequired === 'function' &&
    typeof checks.getToolOutputValidator === 'function'
    ? (checks as ClientResultChecks)
    : undefined;
}

/**
 * tools/call over a stdio connection without the SDK client's request machinery: the request
 * goes out through the same transport, its response and progress are taken by the connection's
 * line reader before the SDK sees them, and the result gets the checks `Client.callTool` gives
 * it (result shape, the tool's output schema). Per call this spares the SDK's schema checks of
 * the response envelope, its handler maps, a timer per request and an abort listener it never
 * removes; the deadlines of all calls share one timer. The protocol is the same: a progress
 * token per call (progress extends the deadline up to a total limit), notifications/cancelled
 * on abort or timeout, and the same McpError values for timeouts, refusals and a closed
 * connection. Ids are strings, so they never meet the SDK's numeric ones on the same connection.
 */
export class StdioToolCalls {
  readonly #transport: Transport;
  readonly #relations: UpstreamRequestRelations | undefined;
  readonly #writeLine: LineWriter | undefined;
  readonly #pending = new Map<string, PendingCall>();
  #next = 0;
  /** Every call's deadline, on one timer. */
  readonly #deadlines = new DeadlineTimer();

  /**
   * `writeLine`: the server's stdin, written to directly (a message then costs no promise of the
   * transport's `send`); without it every message goes through `send`.
   */
  constructor(transport: Transport, relations?: UpstreamRequestRelations, writeLine?: LineWriter) {
    this.#transport = transport;
    this.#relations = relations;
    this.#writeLine = writeLine;
  }

  /** Calls waiting for their answer. */
  get pendingCount(): number {
    return this.#pending.size;
  }

  /**
   * Whether a call of this tool can take this path: the SDK client exposes the checks to
   * mirror, and the tool does not require task-based execution (which only the SDK handles).
   */
  supports(client: Client, name: string): boolean {
    const checks = resultChecksOf(client);
    return checks !== undefined && !checks.isToolTaskRequired(name);
  }

  call(
    client: Client,
    name: string,
    args: Record<string, unknown>,
    traceparent: string | undefined,
    options: StdioCallOptions,
  ): Promise<CallToolResult> {
    let pending: PendingCall | undefined;
    let abortedFirst: { reason: unknown } | undefined;
    const unwatch = options.abort.onAbort((reason) => {
      if (pending) this.#cancel(pending, reason);
      else abortedFirst = { reason };
    });
    if (abortedFirst) {
      unwatch();
      return Promise.reject(abortedFirst.reason);
    }
    this.#next += 1;
    const id = `arsenal-${this.#next}`;
    return new Promise<CallToolResult>((resolve, reject) => {
      const call = new PendingCall(
        id,
        name,
        client,
        options,
        performance.now(),
        resolve,
        reject,
        unwatch,
        this.#timeOut,
      );
      pending = call;
      this.#pending.set(id, call);
      this.#deadlines.add(call);
      // The progress token is the request id, as the SDK makes it: a server relates its own
      // requests (elicitation, sampling) to this call by naming it.
      if (options.callKey !== undefined) this.#relations?.relate(id, options.callKey);
      const message = {
        jsonrpc: '2.0' as const,
        id,
        method: 'tools/call',
        params: {
          name,
          arguments: args,
          // W3C trace context, so a traced server continues the caller's trace.
          _meta:
            traceparent === undefined ? { progressToken: id } : { traceparent, progressToken: id },
        },
      };
      this.#send(message, call);
    });
  }

  /**
   * A message the server sent: true when it was the answer to (or progress of) one of these
   * calls and has been handled, false when it is the SDK's to handle.
   */
  take(message: JSONRPCMessage): boolean {
    const fields = message as {
      id?: unknown;
      method?: unknown;
      params?: { progressToken?: unknown };
    };
    if (typeof fields.id === 'string' && fields.method === undefined) {
      const pending = this.#pending.get(fields.id);
      if (!pending) return false;
      this.#answer(pending, message);
      return true;
    }
    if (fields.method === 'notifications/progress') {
      const token = fields.params?.progressToken;
      const pending = typeof token === 'string' ? this.#pending.get(token) : undefined;
      if (!pending) return false;
      this.#progress(pending, fields.params as Progress & { progressToken: string });
      return true;
    }
    return false;
  }

  /** The connection closed: every call waiting fails as the SDK fails its own requests. */
  closeAll(): void {
    const error = new McpError(ErrorCode.ConnectionClosed, 'Connection closed');
    for (const pending of [...this.#pending.values()]) {
      if (this.#settle(pending)) pending.reject(error);
    }
  }

  #answer(pending: PendingCall, message: JSONRPCMessage): void {
    if (!this.#settle(pending)) return;
    if ('error' in message) {
      const { code, message: text, data } = message.error;
      pending.reject(McpError.fromError(code, text, data));
      return;
    }
    const result = (message as { result?: unknown }).result;
    let checked: CallToolResult;
    try {
      const parsed = CALL_TOOL_RESULT_CHECK.safeParse(result);
      if (!parsed.success) {
        pending.reject(parsed.error);
        return;
      }
      checked = parsed.data as CallToolResult;
      outputCheck(pending.client, pending.name, checked);
    } catch (error) {
      pending.reject(error);
      return;
    }
    pending.resolve(checked);
  }

  #progress(pending: PendingCall, params: Progress & { progressToken: string }): void {
    const now = performance.now();
    const elapsed = now - pending.startedAt;
    const maxTotal = pending.options.maxTotalTimeoutMs;
    if (maxTotal && elapsed >= maxTotal) {
      if (this.#settle(pending)) {
        pending.reject(
          McpError.fromError(ErrorCode.RequestTimeout, 'Maximum total timeout exceeded', {
            maxTotalTimeout: maxTotal,
            totalElapsed: elapsed,
          }),
        );
      }
      return;
    }
    pending.deadline = now + pending.options.timeoutMs;
    const { progressToken: _token, ...progress } = params;
    pending.options.onProgress(progress);
  }

  /**
   * Send a message of this path: straight to the server's stdin when there is one (a failed write
   * shows on the stream, whose close fails the calls waiting), else through the transport; a
   * send that fails fails `call`, when given and still waiting.
   */
  #send(message: JSONRPCMessage, call: PendingCall | undefined): void {
    if (this.#writeLine?.(`${JSON.stringify(message)}\n`)) return;
    this.#transport.send(message).catch((error: unknown) => {
      // Without a call: the connection is going away, and its close fails what is left.
      if (call && this.#settle(call)) call.reject(error);
    });
  }

  /** Stop waiting, tell the server, fail the call (abort or timeout). */
  #cancel(pending: PendingCall, reason: unknown): void {
    if (!this.#settle(pending)) return;
    this.#send(
      {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: pending.id, reason: String(reason) },
      },
      undefined,
    );
    pending.reject(
      reason instanceof McpError ? reason : new McpError(ErrorCode.RequestTimeout, String(reason)),
    );
  }

  /** Forget a call that ends now; false when it had already ended. */
  #settle(pending: PendingCall): boolean {
    if (this.#pending.get(pending.id) !== pending) return false;
    this.#pending.delete(pending.id);
    this.#deadlines.delete(pending);
    pending.unwatch();
    return true;
  }

  /** A call's deadline passed without an answer or progress. */
  readonly #timeOut = (pending: PendingCall): void => {
    const timeout = pending.options.timeoutMs;
    this.#cancel(
      pending,
      McpError.fromError(ErrorCode.RequestTimeout, 'Request timed out', { timeout }),
    );
  };
}

/** What `Client.callTool` checks after the result: structured content against the output schema. */
function outputCheck(client: Client, name: string, result: CallToolResult): void {
  const validator = resultChecksOf(client)?.getToolOutputValidator(name);
  if (!validator) return;
  if (!result.structuredContent && !result.isError) {
    throw new McpError(
      ErrorCode.InvalidRequest,
      `Tool ${name} has an output schema but did not return structured content`,
    );
  }
  if (!result.structuredContent) return;
  let verdict: { valid: boolean; errorMessage?: string };
  try {
    verdict = validator(result.structuredContent);
  } catch (error) {
    throw new McpError(
      ErrorCode.InvalidParams,
      `Failed to validate structured content: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!verdict.valid) {
    throw new McpError(
      ErrorCode.InvalidParams,
      `Structured content does not match the tool's output schema: ${verdict.errorMessage}`,
    );
  }
}

/**
 * Give a stdio transport the direct tools/call path: its line reader (see useServerLineReader)
 * hands the path its answers, and a closing transport fails the calls still waiting. Undefined
 * for other transports, or when the transport kept the SDK's own reader.
 */
export function attachStdioToolCalls(
  transport: Transport,
  relations?: UpstreamRequestRelations,
): StdioToolCalls | undefined {
  if (!(transport instanceof StdioClientTransport)) return undefined;
  const reader = (transport as unknown as { _readBuffer?: unknown })._readBuffer;
  if (!(reader instanceof ServerLineReader)) return undefined;
  const calls = new StdioToolCalls(transport, relations, (line) => {
    // The SDK keeps the child process in a field it does not export (see useServerLineReader).
    const stdin = (transport as unknown as { _process?: { stdin?: Writable | null } })._process
      ?.stdin;
    if (!stdin?.writable) return false;
    stdin.write(line);
    return true;
  });
  reader.taker = calls;
  // Set before the SDK client connects: it keeps this handler and calls it first on close.
  const previous = transport.onclose;
  transport.onclose = () => {
    calls.closeAll();
    previous?.();
  };
  return calls;
}
