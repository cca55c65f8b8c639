import { boundedNumber, type HttpRoute, MAX_TIMER_MS, startHttpHost } from '@arsenal/http';
import type { ArsenalMcpServer } from './arsenal-mcp-server.js';
import { readJsonRpcBody } from './http-json-body.js';
import { handleStateless, McpSessions } from './http-mcp-sessions.js';
import type {
  HttpServerOptions,
  McpRouteOptions,
  RunningHttpServer,
} from './http-server-options.js';

/**
 * The MCP endpoint as a route of the front door, with its session table.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { startHttpHost } from '@arsenal/http';
 * import { createArsenalMcpServer, type McpHttpRoute, createMcpHttpRoute } from '@arsenal/mcp-server';
 *
 * const mcp = createArsenalMcpServer({ arsenal: createArsenal() });
 * const route: McpHttpRoute = createMcpHttpRoute(mcp, { path: '/mcp' });
 * const host = await startHttpHost({ port: 0, routes: [route] });
 * console.log(route.sessionCount); // 0 until a client sends `initialize`
 * await host.close();
 * ```
 */
export interface McpHttpRoute extends HttpRoute {
  /** Open stateful sessions. */
  readonly sessionCount: number;
}

/**
 * The Streamable HTTP endpoint of an ArsenalMcpServer, to mount on the front door
 * (`startHttpHost` of `@arsenal/http`). Every caller gets a session bound to its key, so its
 * `tools/list` and searches show only what its principal may use.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { startHttpHost } from '@arsenal/http';
 * import { createArsenalMcpServer, createMcpHttpRoute } from '@arsenal/mcp-server';
 *
 * // The MCP endpoint beside routes of your own, behind one front door.
 * const mcp = createArsenalMcpServer({ arsenal: createArsenal() });
 * const host = await startHttpHost({
 *   port: 0,
 *   credentials: [{ token: 'dev-token', principal: { id: 'me' } }],
 *   routes: [
 *     createMcpHttpRoute(mcp, { sessions: 'stateful', sessionIdleMs: 10 * 60_000 }),
 *     { path: '/version', handle: async (_request, response) => void response.end('1.0.0') },
 *   ],
 * });
 * await host.close();
 * ```
 */
export function createMcpHttpRoute(
  mcp: ArsenalMcpServer,
  options: McpRouteOptions = {},
): McpHttpRoute {
  const path = options.path ?? '/mcp';
  const stateful = (options.sessions ?? 'stateful') === 'stateful';
  const idleMs = boundedNumber('sessionIdleMs', options.sessionIdleMs, {
    min: 1000,
    max: MAX_TIMER_MS,
    fallback: 30 * 60_000,
    unit: 'ms',
  });
  const sessions = new McpSessions(
    mcp,
    {
      maxSessions: boundedNumber('maxSessions', options.maxSessions, {
        min: 1,
        max: 1_000_000,
        fallback: 1000,
      }),
      maxSessionsPerPrincipal: boundedNumber(
        'maxSessionsPerPrincipal',
        options.maxSessionsPerPrincipal,
        { min: 1, max: 1_000_000, fallback: 100 },
      ),
    },
    boundedNumber('sseRetryMs', options.sseRetryMs, {
      min: 0,
      max: 600_000,
      fallback: 1000,
      unit: 'ms',
    }),
  );
  const sweep = setInterval(() => sessions.sweep(Date.now() - idleMs), Math.min(idleMs, 60_000));
  sweep.unref();
  return {
    path,
    exact: true,
    errorFormat: 'json-rpc',
    get sessionCount() {
      return sessions.size;
    },
    async handle(request, response, principal, context) {
      let body: unknown;
      if (request.method === 'POST') {
        const parsed = await readJsonRpcBody(request, response, context.limits);
        if (!parsed) return;
        body = parsed.value;
      }
      if (stateful) await sessions.handle(request, response, principal, context.callerKey, body);
      else await handleStateless(mcp, request, response, principal, body);
    },
    async close() {
      clearInterval(sweep);
      await sessions.closeAll();
    },
  };
}

/**
 * Serve an ArsenalMcpServer over Streamable HTTP on the front door, with any further routes
 * (REST API, console) behind the same checks.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { createArsenalMcpServer, startHttpServer } from '@arsenal/mcp-server';
 *
 * const mcp = createArsenalMcpServer({ arsenal: createArsenal(), mode: 'dynamic' });
 * const http = await startHttpServer(mcp, {
 *   port: 0,
 *   credentials: [{ token: process.env.TOKEN ?? 'dev-token', principal: { id: 'me' } }],
 * });
 * console.log(http.url); // http://127.0.0.1:<port>/mcp
 * await http.drain(5_000);
 * await http.close();
 * ```
 */
export async function startHttpServer(
  mcp: ArsenalMcpServer,
  options: HttpServerOptions = {},
): Promise<RunningHttpServer> {
  const mcpRoute = createMcpHttpRoute(mcp, options);
  const { routes = [], ...hostOptions } = options;
  const host = await startHttpHost({ ...hostOptions, routes: [mcpRoute, ...routes] });
  return {
    url: `${host.origin}${mcpRoute.path}`,
    host: host.host,
    port: host.port,
    get sessionCount() {
      return mcpRoute.sessionCount;
    },
    get inFlight() {
      return host.inFlight;
    },
    drain: (timeoutMs) => host.drain(timeoutMs),
    close: () => host.close(),
  };
}

export type {
  HttpRoute,
  HttpServerOptions,
  ReadinessReport,
  RunningHttpServer,
} from './http-server-options.js';
