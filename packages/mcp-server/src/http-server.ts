import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Principal } from '@arsenal/core';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ArsenalMcpServer } from './arsenal-mcp-server.js';
import { isLoopbackHost, rebindingRefusal } from './http-auth.js';
import { authenticateOrRefuse, buildAuthenticator } from './http-authentication.js';
import { answerProbe, InFlightRequests } from './http-lifecycle.js';
import {
  containsInitialize,
  invalidJsonRpc,
  JSON_RPC_INVALID_REQUEST,
  JSON_RPC_PARSE_ERROR,
  JSON_RPC_SERVER_ERROR,
  JSON_RPC_SESSION_NOT_FOUND,
  parseJson,
  readBody,
  requestedProtocolVersion,
  sendJsonRpcError,
} from './http-messages.js';
import { findRoute, runRoute } from './http-routes.js';
import type { HttpServerOptions, RunningHttpServer } from './http-server-options.js';
import {
  alignProtocolHeader,
  type HttpSession,
  negotiatedVersion,
  SessionTable,
} from './http-sessions.js';
import { metadataPaths, protectedResourceMetadata } from './oauth-resource.js';
import { createSessionEventStore } from './sse-event-store.js';

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
  const idleMs = options.sessionIdleMs ?? 30 * 60_000;
  const headersTimeoutMs = options.headersTimeoutMs ?? 10_000;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 30_000;
  const retryInterval = options.sseRetryMs ?? 1000;
  const hostCheck = {
    allowedOrigins: options.allowedOrigins ?? [],
    allowedHosts: options.allowedHosts ?? [],
  };
  const checkRebinding = isLoopbackHost(host);
  const authenticator = buildAuthenticator(options);
  const oauth = options.oauth;
  const metadataAt = new Set(oauth ? metadataPaths(oauth.resource) : []);
  const sessions = new SessionTable({
    maxSessions: options.maxSessions ?? 1000,
    maxSessionsPerPrincipal: options.maxSessionsPerPrincipal ?? 100,
  });

  async function closeSession(id: string): Promise<void> {
    const session = sessions.remove(id);
    if (!session) return;
    await Promise.allSettled([session.transport.close(), session.server.close()]);
  }

  const inFlight = new InFlightRequests();
  let draining = false;
  const readiness = async () => {
    if (draining)
      return { ready: false, status: 'draining', details: { inFlight: inFlight.count } };
    return options.readiness ? options.readiness() : { ready: true, status: 'ready' };
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (await answerProbe(request, response, url.pathname, readiness)) return;
    if (draining) {
      sendJsonRpcError(
        response,
        503,
        JSON_RPC_SERVER_ERROR,
        'This server is shutting down; retry the request (another replica will take it).',
        { 'retry-after': '1', connection: 'close' },
      );
      return;
    }
    if (url.pathname === path && request.method === 'POST') inFlight.track(response);
    if (oauth && metadataAt.has(url.pathname) && request.method === 'GET') {
      response.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'cache-control': 'max-age=3600',
      });
      response.end(JSON.stringify(protectedResourceMetadata(oauth)));
      return;
    }
    const route = findRoute(options.routes, url.pathname);
    if (url.pathname !== path && !route) {
      sendJsonRpcError(
        response,
        404,
        JSON_RPC_INVALID_REQUEST,
        `Not found; the endpoint is ${path}.`,
      );
      return;
    }
    if (checkRebinding) {
      const refusal = rebindingRefusal(request, hostCheck);
      if (refusal) {
        sendJsonRpcError(response, 403, JSON_RPC_SERVER_ERROR, `Forbidden: ${refusal}.`);
        return;
      }
    }
    let principal: Principal | undefined;
    if (authenticator && !route?.public) {
      principal = await authenticateOrRefuse(request, response, authenticator, oauth);
      if (!principal) return;
    }
    if (route) {
      await runRoute(route, request, response, principal);
      return;
    }
    let parsedBody: unknown;
    if (request.method === 'POST') {
      const outcome = await readBody(request, maxBodyBytes, bodyTimeoutMs);
      if (outcome.kind === 'aborted') return;
      if (outcome.kind === 'timeout') {
        sendJsonRpcError(
          response,
          408,
          JSON_RPC_INVALID_REQUEST,
          `Request body did not arrive within ${bodyTimeoutMs} ms.`,
          { connection: 'close' },
        );
        response.once('finish', () => request.destroy());
        return;
      }
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
      const invalid = invalidJsonRpc(parsedBody);
      if (invalid) {
        sendJsonRpcError(response, 400, JSON_RPC_INVALID_REQUEST, `Invalid Request: ${invalid}.`);
        return;
      }
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
      alignProtocolHeader(request, session);
      await session.transport.handleRequest(request, response, parsedBody);
      // DELETE ends the session whatever the transport made of it: its quota is free at once.
      if (request.method === 'DELETE') await closeSession(sessionId);
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
    const owner = ownerOf(principal);
    const admission = sessions.admit(owner);
    if (admission.kind === 'over_quota') {
      sendJsonRpcError(
        response,
        429,
        JSON_RPC_SERVER_ERROR,
        `Too many open sessions for this caller (${admission.held}); end unused ones with DELETE or let them expire.`,
        { 'retry-after': '5' },
      );
      return;
    }
    if (admission.kind === 'full') {
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
    if (admission.evict !== undefined) await closeSession(admission.evict);
    const protocolVersion = negotiatedVersion(requestedProtocolVersion(parsedBody));
    const server = mcp.createSession(principal);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: createSessionEventStore(),
      retryInterval,
      onsessioninitialized: (id) => {
        const session: HttpSession = {
          transport,
          server,
          owner,
          lastSeen: Date.now(),
          protocolVersion,
        };
        sessions.add(id, session);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) void closeSession(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(request, response, parsedBody);
  }

  const httpServer = createServer(
    {
      headersTimeout: headersTimeoutMs,
      // Node's own whole-request limit stays above ours, which answers body timeouts itself.
      requestTimeout: headersTimeoutMs + bodyTimeoutMs + 1000,
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(headersTimeoutMs / 4))),
    },
    (request, response) => {
      handle(request, response).catch(() => {
        // Whatever went wrong, the caller gets an answer and the server keeps serving.
        sendJsonRpcError(response, 500, -32603, 'Internal server error.');
      });
    },
  );
  httpServer.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    // Headers that never finish (slowloris) time out as 408; anything else is malformed.
    const status =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\n\r\n`);
  });
  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - idleMs;
      for (const [id, session] of sessions.entries()) {
        if (session.lastSeen < cutoff) void closeSession(id);
      }
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
    get inFlight() {
      return inFlight.count;
    },
    async drain(timeoutMs: number) {
      draining = true;
      const drained = await inFlight.waitForIdle(timeoutMs);
      return { drained, inFlight: inFlight.count };
    },
    async close() {
      draining = true;
      clearInterval(sweep);
      await Promise.allSettled(sessions.ids().map((id) => closeSession(id)));
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
    },
  };
}

export type { ReadinessReport } from './http-lifecycle.js';
export type { HttpRoute, HttpServerOptions, RunningHttpServer } from './http-server-options.js';
