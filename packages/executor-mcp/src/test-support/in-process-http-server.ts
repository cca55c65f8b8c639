import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** Anything that serves MCP over a transport: the SDK's McpServer or its low-level Server. */
export interface Connectable {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

export interface InProcessServer<S extends Connectable> {
  url: string;
  /** One server per client session, in creation order. */
  servers: S[];
  /** Headers of every HTTP request received. */
  requestHeaders: IncomingHttpHeaders[];
  /**
   * Whether a client's standalone GET stream is open. The server drops notifications sent
   * before it is (list_changed included), so tests wait for it before changing tools.
   */
  hasOpenStream(): boolean;
  close(): Promise<void>;
}

/**
 * Serve MCP over Streamable HTTP (stateful sessions) on 127.0.0.1 with node:http, creating one
 * server per session with `create`.
 */
export async function startInProcessMcpServer<S extends Connectable>(
  create: () => S,
): Promise<InProcessServer<S>> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const servers: S[] = [];
  const requestHeaders: IncomingHttpHeaders[] = [];
  const streams: ServerResponse[] = [];
  const http = createServer((request, response) => {
    requestHeaders.push(request.headers);
    if (request.method === 'GET') streams.push(response);
    const sessionId = request.headers['mcp-session-id'];
    const handle = async () => {
      let transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
      if (!transport) {
        if (sessionId !== undefined) {
          response.writeHead(404).end();
          return;
        }
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => {
            sessions.set(id, created);
          },
        });
        transport = created;
        const server = create();
        servers.push(server);
        await server.connect(created);
      }
      await transport.handleRequest(request, response);
    };
    handle().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    servers,
    requestHeaders,
    hasOpenStream: () => streams.some((stream) => stream.headersSent && !stream.writableEnded),
    close: async () => {
      await Promise.all(servers.map((server) => server.close().catch(() => undefined)));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
