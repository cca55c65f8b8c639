import type { Readable, Writable } from 'node:stream';
import type { Principal } from '@arsenal/core';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ArsenalMcpServer } from './arsenal-mcp-server.js';

export interface StdioServerOptions {
  /** Who the local client acts as. Default: none (a trusted local user). */
  principal?: Principal;
  /** Default `process.stdin` / `process.stdout`. */
  stdin?: Readable;
  stdout?: Writable;
}

export interface RunningStdioServer {
  /** Resolves when the client disconnects (stdin ends) or `close()` is called. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Serve an ArsenalMcpServer over stdio, the transport desktop clients spawn servers with.
 * Nothing else may write to stdout while it runs: log to stderr.
 */
export async function startStdioServer(
  mcp: ArsenalMcpServer,
  options: StdioServerOptions = {},
): Promise<RunningStdioServer> {
  const server = mcp.createSession(options.principal);
  const stdin = options.stdin ?? process.stdin;
  const transport = new StdioServerTransport(stdin, options.stdout ?? process.stdout);
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
