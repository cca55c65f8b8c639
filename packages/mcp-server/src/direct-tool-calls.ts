import type { CallCancellation } from '@arsenal/core';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type CallToolResult,
  ErrorCode,
  type JSONRPCMessage,
  type ProgressToken,
  type RequestId,
  type ServerNotification,
} from '@modelcontextprotocol/sdk/types.js';
import type { CallChannel } from './call-session-hooks.js';
import { isPlainObject } from './plain-object.js';
import type { DirectRequests } from './stdio-line-transport.js';

/** Runs one tools/call for the session: the same handler the SDK path calls. */
export type DirectCallHandler = (
  name: string,
  args: Record<string, unknown> | undefined,
  channel: CallChannel,
  progressToken: ProgressToken | undefined,
) => Promise<CallToolResult>;

const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
}

/** What the SDK answers for a handler that threw: its code when it has one, else -32603. */
function errorResponse(id: RequestId, error: unknown): JSONRPCMessage {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
    data?: unknown;
  };
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: Number.isSafeInteger(failure.code) ? (failure.code as number) : ErrorCode.InternalError,
      message: typeof failure.message === 'string' ? failure.message : 'Internal error',
      ...(failure.data === undefined ? {} : { data: failure.data }),
    },
  };
}

/** A tools/call request as the direct path takes it. */
export interface DirectToolCall {
  jsonrpc: '2.0';
  id: RequestId;
  method: 'tools/call';
  params: {
    name: string;
    arguments?: Record<string, unknown>;
    _meta?: { progressToken?: ProgressToken };
  };
}

/**
 * Whether a parsed message is a tools/call request with exactly the shape the SDK's schemas
 * accept (JSON-RPC envelope with no other keys, a string name, object arguments and _meta, a
 * string or integer progress token) and without task augmentation, which only the SDK handles.
 */
export function isDirectToolCall(message: unknown): message is DirectToolCall {
  if (!isPlainObject(message) || message.method !== 'tools/call') return false;
  const { id, params } = message;
  if (message.jsonrpc !== '2.0' || !isRequestId(id) || !isPlainObject(params)) return false;
  for (const key in message) if (!REQUEST_KEYS.has(key)) return false;
  const { name, arguments: args, _meta: meta } = params;
  if (typeof name !== 'string' || params.task !== undefined) return false;
  if (args !== undefined && !isPlainObject(args)) return false;
  if (meta === undefined) return true;
  if (!isPlainObject(meta)) return false;
  return meta.progressToken === undefined || isRequestId(meta.progressToken);
}

/**
 * tools/call answered beside the SDK's protocol layer, for a transport that has already parsed the
 * message (a stdio line, an HTTP body). The request is taken only when it has exactly the shape the SDK's schemas would accept and
 * asks for nothing the SDK must handle (task augmentation); anything else, and every other method,
 * goes the SDK's way with its own checks and error messages. The call itself runs the same
 * handler as the SDK path (policy, argument validation, confirmation, audit); what is skipped is
 * the repeated schema parsing of a request and of a result this server built itself. Progress,
 * log messages and requests to the client go out through the SDK server, related to the call.
 */
export class DirectToolCalls implements DirectRequests {
  readonly #server: Server;
  readonly #handler: DirectCallHandler;
  readonly #inFlight = new Map<RequestId, DirectCall>();

  constructor(server: Server, handler: DirectCallHandler) {
    this.#server = server;
    this.#handler = handler;
  }

  take(message: unknown): Promise<JSONRPCMessage | undefined> | undefined {
    if (!isDirectToolCall(message) || this.#inFlight.has(message.id)) return undefined;
    const params = message.params;
    return this.#run(message.id, params.name, params.arguments, params._meta?.progressToken);
  }

  cancel(requestId: RequestId, reason: unknown): void {
    this.#inFlight.get(requestId)?.abort(reason);
  }

  /** The session closed: stop every call in flight, as the SDK does for its own handlers. */
  abortAll(): void {
    const calls = [...this.#inFlight.values()];
    this.#inFlight.clear();
    for (const call of calls) call.abort(new Error('The session closed.'));
  }

  async #run(
    id: RequestId,
    name: string,
    args: Record<string, unknown> | undefined,
    progressToken: ProgressToken | undefined,
  ): Promise<JSONRPCMessage | undefined> {
    const call = new DirectCall(this.#server, id);
    this.#inFlight.set(id, call);
    try {
      const result = await this.#handler(name, args, call, progressToken);
      // A cancelled request is not answered (MCP cancellation; the SDK does the same).
      return call.aborted ? undefined : { jsonrpc: '2.0', id, result };
    } catch (error) {
      return call.aborted ? undefined : errorResponse(id, error);
    } finally {
      if (this.#inFlight.get(id) === call) this.#inFlight.delete(id);
    }
  }
}

function ignore(): void {}

/**
 * One tools/call on the direct path: its channel to the client and its cancellation. The engine
 * hears of a cancel through `onAbort`; an AbortSignal is made only when something asks for one
 * (a confirmation asked of the client, a tool reading its context's signal): a signal per
 * request, with its listeners, cost more than the rest of the request's own work.
 */
export class DirectCall implements CallChannel, CallCancellation {
  readonly requestId: RequestId;
  aborted = false;
  reason: unknown;
  readonly #server: Server;
  #listeners: Array<(reason: unknown) => void> | undefined;
  #controller: AbortController | undefined;

  constructor(server: Server, requestId: RequestId) {
    this.#server = server;
    this.requestId = requestId;
  }

  get cancellation(): CallCancellation {
    return this;
  }

  /** Aborts with the call; made when first asked for. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.aborted) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  async sendNotification(notification: ServerNotification): Promise<void> {
    if (this.aborted) return;
    await this.#server.notification(notification, { relatedRequestId: this.requestId });
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.#controller?.abort(reason);
    const listeners = this.#listeners;
    this.#listeners = undefined;
    if (!listeners) return;
    for (const listener of listeners) {
      try {
        listener(reason);
      } catch {
        // One listener failing must not keep the others from hearing of the cancel.
      }
    }
  }

  onAbort(listener: (reason: unknown) => void): () => void {
    if (this.aborted) {
      listener(this.reason);
      return ignore;
    }
    const listeners = this.#listeners ?? [];
    this.#listeners = listeners;
    listeners.push(listener);
    return () => {
      // Once aborted the list is being told (a listener may stop listening as it is told).
      if (this.aborted) return;
      const index = listeners.indexOf(listener);
      if (index !== -1) listeners.splice(index, 1);
    };
  }
}
