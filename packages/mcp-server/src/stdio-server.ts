import type { Readable, Writable } from 'node:stream';
import type { Principal } from '@arsenal/core';
import { type ArsenalMcpServer, directToolCallsOf } from './arsenal-mcp-server.js';
import { StdioLineTransport } from './stdio-line-transport.js';

/**
 * Who a stdio client acts as, and the streams to speak over.
 *
 * @example
 * ```ts
 * import { PassThrough } from 'node:stream';
 * import { createArsenal } from '@arsenal/core';
 * import { createArsenalMcpServer, type StdioServerOptions, startStdioServer } from '@arsenal/mcp-server';
 *
 * // In a test: speak MCP over in-memory streams instead of the process's stdin and stdout.
 * const options: StdioServerOptions = {
 *   principal: { id: 'tester', capabilities: ['network_access'] },
 *   stdin: new PassThrough(),
 *   stdout: new PassThrough(),
 * };
 * const stdio = await startStdioServer(createArsenalMcpServer({ arsenal: createArsenal() }), options);
 * await stdio.close();
 * ```
 */
export interface StdioServerOptions {
  /** Who the local client acts as. Default: none (a trusted local user). */
  principal?: Principal;
  /** Default `process.stdin` / `process.stdout`. */
  stdin?: Readable;
  stdout?: Writable;
}

/**
 * A stdio session that is running, until the client disconnects or `close()` is called.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { createArsenalMcpServer, type RunningStdioServer, startStdioServer } from '@arsenal/mcp-server';
 *
 * const arsenal = createArsenal();
 * const stdio: RunningStdioServer = await startStdioServer(createArsenalMcpServer({ arsenal }));
 * await stdio.closed; // the client closed stdin
 * await arsenal.close();
 * ```
 */
export interface RunningStdioServer {
  /** Resolves when the client disconnects (stdin ends) or `close()` is called. */
  readonly closed: Promise<void>;
  /** End the session: the SDK server and its transport close. */
  close(): Promise<void>;
}

/**
 * Serve an ArsenalMcpServer over stdio, the transport desktop clients spawn servers with.
 * Nothing else may write to stdout while it runs: log to stderr.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { createArsenalMcpServer, startStdioServer } from '@arsenal/mcp-server';
 *
 * const mcp = createArsenalMcpServer({ arsenal: createArsenal() });
 * console.error('serving MCP on stdio'); // stderr: stdout carries the protocol
 * await startStdioServer(mcp, { principal: { id: 'desktop-user' } });
 * ```
 */
export async function startStdioServer(
  mcp: ArsenalMcpServer,
  options: StdioServerOptions = {},
): Promise<RunningStdioServer> {
  const server = mcp.createSession(options.principal);
  const stdin = options.stdin ?? process.stdin;
  const transport = new StdioLineTransport(stdin, options.stdout ?? process.stdout);
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  const previous = server.onclose;
  server.onclose = () => {
    previous?.();
    resolveClosed();
  };
  // The SDK transport does not notice the end of its input; the client going away does.
  const onEnd = () => void server.close();
  stdin.once('end', onEnd);
  stdin.once('close', onEnd);
  await server.connect(transport);
  // tools/call is answered from the parsed line; everything else goes through the SDK server.
  transport.direct = directToolCallsOf(server);
  return {
    closed,
    async close() {
      stdin.off('end', onEnd);
      stdin.off('close', onEnd);
      await server.close();
      resolveClosed();
    },
  };
}
