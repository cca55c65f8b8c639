import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Principal } from '@arsenal/core';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ArsenalMcpServer } from './arsenal-mcp-server.js';
import {
  createTokenAuthenticator,
  type HttpCredential,
  isLoopbackHost,
  type RequestAuthenticator,
  rebindingRefusal,
} from './http-auth.js';
import {
  containsInitialize,
  JSON_RPC_INVALID_REQUEST,
  JSON_RPC_PARSE_ERROR,
  JSON_RPC_SERVER_ERROR,
  JSON_RPC_SESSION_NOT_FOUND,
  parseJson,
  readBody,
  sendJsonRpcError,
} from './http-messages.js';

export interface HttpServerOptions {
  /** Interface to bind. Default `127.0.0.1`: reachable from this machine only. */
  host?: string;
  /** Default 3333; 0 picks a free port (read it from `port` on the result). */
  port?: number;
  /** Endpoint path. Default `/mcp`. */
  path?: string;
  /**
   * `stateful` (default): `initialize` opens a session (`Mcp-Session-Id`), needed for
   * elicitation and server notifications. `stateless`: every POST stands alone.
   */
  sessions?: 'stateful' | 'stateless';
  /** Bearer tokens / API keys and their principals. Empty or absent: no authentication. */
  credentials?: readonly HttpCredential[];
  /** Replaces `credentials` with your own check (a JWT verifier, a database). */
  authenticator?: RequestAuthenticator;
  /** Largest request body accepted, in bytes; larger ones get 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Browser origins allowed besides localhost ones. */
  allowedOrigins?: readonly string[];
  /** Most open sessions; further `initialize` requests get 503. Default 1000. */
  maxSessions?: number;
  /** Sessions without a request for this long are closed. Default 30 minutes. */
  sessionIdleMs?: number;
}

export interface RunningHttpServer {
  /** The endpoint URL, e.g. `http://127.0.0.1:3333/mcp`. */
  url: string;
  host: string;
  port: number;
  /** Open stateful sessions. */
  readonly sessionCount: number;
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  owner: string;
  lastSeen: number;
}

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

function ownerOf(principal: Principal | undefined): string {
  return principal ? `principal:${principal.id}` : 'anonymous';
}

/**
 * Serve an ArsenalMcpServer over Streamable HTTP on node:http. Every caller gets a session
 * bound to its principal, so its `tools/list` and searches show only what it may use.
 *
 * @example
 * const http = await startHttpServer(mcp, { port: 3333, credentials: [{ token, principal }] });
 */
export async function startHttpServer(
  mcp: ArsenalMcpServer,
  options: HttpServerOptions = {},
): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const stateful = (options.sessions ?? 'stateful') === 'stateful';
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxSessions = options.maxSessions ?? 1000;
  const idleMs = options.sessionIdleMs ?? 30 * 60_000;
  const allowedOrigins = options.allowedOrigins ?? [];
  const checkRebinding = isLoopbackHost(host);
  const authenticator =
    options.authenticator ??
    (options.credentials && options.credentials.length > 0
      ? createTokenAuthenticator(options.credentials)
      : undefined);
  const sessions = new Map<string, Session>();

  async function closeSession(id: string): Promise<void> {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    await Promise.allSettled([session.transport.close(), session.server.close()]);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== path) {
      sendJsonRpcError(
        response,
        404,
        JSON_RPC_INVALID_REQUEST,
        `Not found; the endpoint is ${path}.`,
      );
      return;
    }
    if (checkRebinding) {
      const refusal = rebindingRefusal(request, allowedOrigins);
      if (refusal) {
        sendJsonRpcError(response, 403, JSON_RPC_SERVER_ERROR, `Forbidden: ${refusal}.`);
        return;
      }
    }
    let principal: Principal | undefined;
    if (authenticator) {
      principal = authenticator.authenticate(request);
      if (!principal) {
        sendJsonRpcError(
          response,
          401,
          JSON_RPC_SERVER_ERROR,
          'Unauthorized: send a valid token as "Authorization: Bearer <token>" or "X-API-Key: <token>".',
          { 'www-authenticate': 'Bearer realm="arsenal"' },
        );
        return;
      }
    }
    let parsedBody: unknown;
    if (request.method === 'POST') {
      const outcome = await readBody(request, maxBodyBytes);
      if (outcome.kind === 'aborted') return;
      if (outcome.kind === 'too_large') {
        sendJsonRpcError(
          response,
          413,
          JSON_RPC_INVALID_REQUEST,
          `Request body is larger than ${maxBodyBytes} bytes.`,
          { connection: 'close' },
        );
        response.once('finish', () => request.destroy());
        return;
      }
      const parsed = parseJson(outcome.body);
      if (!parsed) {
        sendJsonRpcError(response, 400, JSON_RPC_PARSE_ERROR, 'Parse error: the body is not JSON.');
        return;
      }
      parsedBody = parsed.value;
    }
    if (!stateful) {
      if (request.method !== 'POST') {
        sendJsonRpcError(
          response,
          405,
          JSON_RPC_SERVER_ERROR,
          'This server is stateless: POST only.',
          {
            allow: 'POST',
          },
        );
        return;
      }
      const server = mcp.createSession(principal);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      response.once('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request, response, parsedBody);
      return;
    }
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      // Another principal's session id is answered like an unknown one.
      if (!session || session.owner !== ownerOf(principal)) {
        sendJsonRpcError(
          response,
          404,
          JSON_RPC_SESSION_NOT_FOUND,
          'Session not found: it expired or was closed. Send initialize to start a new one.',
        );
        return;
      }
      session.lastSeen = Date.now();
      await session.transport.handleRequest(request, response, parsedBody);
      return;
    }
    if (request.method !== 'POST' || !containsInitialize(parsedBody)) {
      sendJsonRpcError(
        response,
        400,
        JSON_RPC_SERVER_ERROR,
        'Bad request: send initialize first, then the Mcp-Session-Id header it returns with every request.',
      );
      return;
    }
    if (sessions.size >= maxSessions) {
      sendJsonRpcError(
        response,
        503,
        JSON_RPC_SERVER_ERROR,
        'Too many open sessions; retry later.',
        {
          'retry-after': '5',
        },
      );
      return;
    }
    const server = mcp.createSession(principal);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server, owner: ownerOf(principal), lastSeen: Date.now() });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) void closeSession(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(request, response, parsedBody);
  }

  const httpServer = createServer((request, response) => {
    handle(request, response).catch(() => {
      // Whatever went wrong, the caller gets an answer and the server keeps serving.
      sendJsonRpcError(response, 500, -32603, 'Internal server error.');
    });
  });
  httpServer.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });
  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - idleMs;
      for (const [id, session] of sessions) if (session.lastSeen < cutoff) void closeSession(id);
    },
    Math.min(idleMs, 60_000),
  );
  sweep.unref();

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 3333, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const address = httpServer.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${urlHost}:${address.port}${path}`,
    host: address.address,
    port: address.port,
    get sessionCount() {
      return sessions.size;
    },
    async close() {
      clearInterval(sweep);
      await Promise.allSettled([...sessions.keys()].map((id) => closeSession(id)));
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
    },
  };
}
