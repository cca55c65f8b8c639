import {
  type ExecutionRequest,
  type Executor,
  type ToolDefinition,
  ToolNotFoundError,
} from '@arsenal/core';
import { formatTraceparent } from '@arsenal/core/adapter';
import type { HttpAuth } from './auth.js';
import type { HttpClient } from './http-client.js';
import type { OutgoingRequest } from './http-transport.js';

/** How to call one tool: its method, a request builder and its credentials. */
export interface HttpCallTarget {
  method: string;
  build: (args: Record<string, unknown>) => Promise<OutgoingRequest>;
  auths: () => HttpAuth[];
  retryable: boolean;
}

export interface HttpExecutorOptions {
  sourceId: string;
  client: HttpClient;
  /** The call target of a tool this source registered, by tool name. */
  target: (toolName: string) => HttpCallTarget | undefined;
}

/**
 * Runs the tools of one HTTP source (an OpenAPI spec or plain HTTP tools). The result is the
 * response body (JSON parsed, text as a string, binary as a resource); failures are typed errors.
 */
export class HttpExecutor implements Executor {
  readonly kind = 'http';
  readonly #options: HttpExecutorOptions;

  constructor(options: HttpExecutorOptions) {
    this.#options = options;
  }

  canExecute(tool: ToolDefinition): boolean {
    return tool.metadata.httpSource === this.#options.sourceId;
  }

  async execute(request: ExecutionRequest): Promise<unknown> {
    const { tool, context } = request;
    const target = this.#options.target(tool.name);
    if (!target) throw new ToolNotFoundError(tool.name);
    // W3C trace context, so a traced API continues the caller's trace (a header the call sets wins).
    const traceparent = formatTraceparent(context);
    const build = async () => {
      const outgoing = await target.build(request.arguments);
      if (!traceparent || outgoing.headers.traceparent !== undefined) return outgoing;
      return { ...outgoing, headers: { ...outgoing.headers, traceparent } };
    };
    return this.#options.client.call({
      toolName: tool.name,
      method: target.method,
      build,
      auths: target.auths(),
      retryable: target.retryable,
      signal: context.signal,
    });
  }
}
