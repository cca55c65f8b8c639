import type { ToolCallContext } from '@arsenal/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  type ClientCapabilities,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ErrorCode,
  ListRootsRequestSchema,
  McpError,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import type { UpstreamRequestRelations } from './request-relations.js';

type Kind = 'elicit' | 'sample' | 'listRoots';

const WHAT: Record<Kind, string> = {
  elicit: 'elicitation',
  sample: 'sampling',
  listRoots: 'roots',
};

/** What Arsenal declares to an upstream server: it passes these requests on to its own caller. */
export const PASS_THROUGH_CAPABILITIES: ClientCapabilities = {
  sampling: {},
  elicitation: {},
  roots: { listChanged: true },
};

/** A call being tracked: the key its tools/call carries, and the end of its tracking. */
export interface TrackedCall {
  key: string;
  untrack(): void;
}

/** One tracked call: a class, so a call costs no closure. */
class Tracked implements TrackedCall {
  readonly key: string;
  readonly #calls: Map<string, ToolCallContext>;
  readonly #relations: Set<UpstreamRequestRelations>;

  constructor(
    key: string,
    calls: Map<string, ToolCallContext>,
    relations: Set<UpstreamRequestRelations>,
  ) {
    this.key = key;
    this.#calls = calls;
    this.#relations = relations;
  }

  untrack(): void {
    this.#calls.delete(this.key);
    for (const relations of this.#relations) relations.forget(this.key);
  }
}

/**
 * The calls in flight on one upstream server. A request the server makes of its client
 * (sampling, elicitation, roots) goes to the caller of the call it belongs to, and to nobody
 * else: the server must say which call that is (see UpstreamRequestRelations). A request that
 * does not say, or names a call that ended, is refused with a JSON-RPC error — except over stdio
 * while exactly one call is in flight, the only call it can serve. Arsenal never guesses between
 * calls, since the connection is shared by every caller and a guess could show one caller's
 * request to another and take that other's answer as the first's.
 */
export class InFlightCalls {
  readonly #calls = new Map<string, ToolCallContext>();
  /** The relations of each live connection, told when a call ends. */
  readonly #relations = new Set<UpstreamRequestRelations>();
  #next = 0;

  /** Track a call until `untrack` is called; its tools/call carries `key`. */
  add(context: ToolCallContext): TrackedCall {
    this.#next += 1;
    const key = String(this.#next);
    this.#calls.set(key, context);
    return new Tracked(key, this.#calls, this.#relations);
  }

  #answering(
    kind: Kind,
    serverName: string,
    relations: UpstreamRequestRelations,
    request: { params?: { _meta?: unknown } },
    requestId: RequestId,
  ): ToolCallContext {
    let key = relations.callOf(request, requestId);
    // Over stdio a server that does not name the progress token cannot say which call it
    // serves; while exactly one call is in flight on it, that call is the only one it can serve.
    if (key === undefined && !relations.relatesByStream && this.#calls.size === 1) {
      [key] = this.#calls.keys();
    }
    const call = key === undefined ? undefined : this.#calls.get(key);
    if (call === undefined || call.signal.aborted) {
      throw new McpError(
        ErrorCode.InvalidRequest,
        `Arsenal does not pass this ${WHAT[kind]} request from "${serverName}" on: it is not related to a tools/call in progress, and Arsenal serves several callers over this connection. Send it while serving the call, related to that call's request (the SDK's relatedRequestId, which Streamable HTTP carries), or with the call's progress token in _meta.`,
      );
    }
    if (!call.clientCan?.[kind]) {
      throw new McpError(
        ErrorCode.InvalidRequest,
        `Arsenal cannot pass this ${WHAT[kind]} request from "${serverName}" on: the client that made the call does not support ${WHAT[kind]}.`,
      );
    }
    return call;
  }

  /**
   * Answer a connection's sampling, elicitation and roots requests through the callers of the
   * calls they serve. Returns the function to call when the connection is gone.
   */
  install(client: Client, serverName: string, relations: UpstreamRequestRelations): () => void {
    this.#relations.add(relations);
    client.setRequestHandler(CreateMessageRequestSchema, async (request, extra) => {
      const call = this.#answering('sample', serverName, relations, request, extra.requestId);
      return (await call.sample?.(request.params as never)) as never;
    });
    client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
      const call = this.#answering('elicit', serverName, relations, request, extra.requestId);
      return (await call.elicit?.(request.params as never)) as never;
    });
    client.setRequestHandler(ListRootsRequestSchema, async (request, extra) => {
      const call = this.#answering('listRoots', serverName, relations, request, extra.requestId);
      return (await call.listRoots?.()) as never;
    });
    return () => {
      this.#relations.delete(relations);
    };
  }
}
