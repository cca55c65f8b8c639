import type { RootsResult, ToolCallContext } from '@arsenal/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  type ClientCapabilities,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ErrorCode,
  ListRootsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';

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

/**
 * The calls in flight on one upstream connection. A request the server makes of its client
 * (sampling, elicitation, roots) is answered by the caller of the call it belongs to: the most
 * recent call in flight whose caller can answer it (MCP does not say which call a server request
 * serves, so with several concurrent calls the newest one answers).
 */
export class InFlightCalls {
  readonly #calls: ToolCallContext[] = [];
  /** The roots a client gave last: the answer to a roots request made outside any call. */
  #latestRoots: RootsResult | undefined;

  /** Remember the roots a client just gave (after `roots/list_changed`). */
  rememberRoots(roots: RootsResult): void {
    this.#latestRoots = roots;
  }

  /** Track a call until the returned function is called. */
  add(context: ToolCallContext): () => void {
    this.#calls.push(context);
    return () => {
      const index = this.#calls.lastIndexOf(context);
      if (index >= 0) this.#calls.splice(index, 1);
    };
  }

  #answering(kind: Kind, serverName: string): ToolCallContext {
    for (let i = this.#calls.length - 1; i >= 0; i -= 1) {
      const call = this.#calls[i] as ToolCallContext;
      if (call.clientCan?.[kind] && !call.signal.aborted) return call;
    }
    throw new McpError(
      ErrorCode.InvalidRequest,
      `Arsenal cannot pass this ${WHAT[kind]} request from "${serverName}" on: no call in progress comes from a client that supports ${WHAT[kind]}.`,
    );
  }

  /** Answer the server's sampling, elicitation and roots requests through the calls' callers. */
  install(client: Client, serverName: string): void {
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      const call = this.#answering('sample', serverName);
      return (await call.sample?.(request.params as never)) as never;
    });
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      const call = this.#answering('elicit', serverName);
      return (await call.elicit?.(request.params as never)) as never;
    });
    client.setRequestHandler(ListRootsRequestSchema, async () => {
      // Servers often ask for roots outside a call (after list_changed): the latest roots answer.
      if (this.#latestRoots && !this.#calls.some((call) => call.clientCan?.listRoots)) {
        return this.#latestRoots as never;
      }
      const call = this.#answering('listRoots', serverName);
      const roots = (await call.listRoots?.()) as RootsResult;
      this.#latestRoots = roots;
      return roots as never;
    });
  }
}
