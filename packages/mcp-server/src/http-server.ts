import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Principal } from '@arsenal/core';
import type { ArsenalMcpServer } from './arsenal-mcp-server.js';
import { isLoopbackHost, rebindingRefusal } from './http-auth.js';
import { authenticateOrRefuse, buildAuthenticator } from './http-authentication.js';
import { readJsonRpcBody } from './http-json-body.js';
import { answerProbe, InFlightRequests } from './http-lifecycle.js';
import { handleStateless, McpSessions } from './http-mcp-sessions.js';
import {
  JSON_RPC_INVALID_REQUEST,
  JSON_RPC_SERVER_ERROR,
  sendJsonRpcError,
} from './http-messages.js';
import { findRoute, runRoute } from './http-routes.js';
import type { HttpServerOptions, RunningHttpServer } from './http-server-options.js';
import { metadataPaths, protectedResourceMetadata } from './oauth-resource.js';

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * The answer to a request Node could not parse: headers that never finish (slowloris) time out
 * as 408, a request line or headers past Node's size limit (16 KiB by default) are 431, anything
 * else is malformed. Each says what was wrong, as plain text.
 */
function clientErrorResponse(code: string | undefined): string {
  const [status, detail] =
    code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ['408 Request Timeout', 'The request headers did not arrive in time.']
      : code === 'HPE_HEADER_OVERFLOW'
        ? [
            '431 Request Header Fields Too Large',
            'The request line and headers are too large; send long input in a POST body.',
          ]
        : ['400 Bad Request', 'The request is not valid HTTP/1.1.'];
  return (
    `HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-type: text/plain; charset=utf-8\r\n` +
    `content-length: ${Buffer.byteLength(detail)}\r\n\r\n${detail}`
  );
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
  const hostCheck = {
    allowedOrigins: options.allowedOrigins ?? [],
    allowedHosts: options.allowedHosts ?? [],
  };
  const checkRebinding = isLoopbackHost(host);
  const authenticator = buildAuthenticator(options);
  const oauth = options.oauth;
  const metadataAt = new Set(oauth ? metadataPaths(oauth.resource) : []);
  const sessions = new McpSessions(
    mcp,
    {
      maxSessions: options.maxSessions ?? 1000,
      maxSessionsPerPrincipal: options.maxSessionsPerPrincipal ?? 100,
    },
    options.sseRetryMs ?? 1000,
  );

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
    let body: unknown;
    if (request.method === 'POST') {
      const parsed = await readJsonRpcBody(request, response, { maxBodyBytes, bodyTimeoutMs });
      if (!parsed) return;
      body = parsed.value;
    }
    if (stateful) await sessions.handle(request, response, principal, body);
    else await handleStateless(mcp, request, response, principal, body);
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
    socket.end(clientErrorResponse(error.code));
  });
  const sweep = setInterval(() => sessions.sweep(Date.now() - idleMs), Math.min(idleMs, 60_000));
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
      await sessions.closeAll();
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
    },
  };
}

export type { ReadinessReport } from './http-lifecycle.js';
export type { HttpRoute, HttpServerOptions, RunningHttpServer } from './http-server-options.js';
