import type { HttpHostOptions, HttpRoute, ReadinessReport } from '@arsenal/http';

/**
 * The MCP endpoint's own settings, beside the front door's.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { createArsenalMcpServer, createMcpHttpRoute, type McpRouteOptions } from '@arsenal/mcp-server';
 *
 * const options: McpRouteOptions = {
 *   path: '/mcp',
 *   sessions: 'stateful',
 *   maxSessions: 200,
 *   maxSessionsPerPrincipal: 5,
 *   sessionIdleMs: 15 * 60_000,
 * };
 * const route = createMcpHttpRoute(createArsenalMcpServer({ arsenal: createArsenal() }), options);
 * ```
 */
export interface McpRouteOptions {
  /** Endpoint path. Default `/mcp`. */
  path?: string;
  /**
   * `stateful` (default): `initialize` opens a session (`Mcp-Session-Id`), needed for
   * elicitation and server notifications. `stateless`: every POST stands alone.
   */
  sessions?: 'stateful' | 'stateless';
  /** Most open sessions (1 to 1,000,000); when full, the caller holding the most gives one up. Default 1000. */
  maxSessions?: number;
  /**
   * Most open sessions per caller (1 to 1,000,000): per principal, and per client address for
   * anonymous callers; 429 past it. Default 100.
   */
  maxSessionsPerPrincipal?: number;
  /** Sessions without a request for this long are closed (1 s to 24 days). Default 30 minutes. */
  sessionIdleMs?: number;
  /** The SSE `retry` field: how long clients wait before reconnecting (0 to 10 min). Default 1 s. */
  sseRetryMs?: number;
}

/**
 * The front door's options (`@arsenal/http`) and the MCP endpoint's, for `startHttpServer`.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { createArsenalMcpServer, type HttpServerOptions, startHttpServer } from '@arsenal/mcp-server';
 *
 * const options: HttpServerOptions = {
 *   host: '0.0.0.0',
 *   port: 3333,
 *   allowedHosts: ['mcp.internal'],
 *   credentials: [{ token: process.env.TOKEN ?? 'dev-token', principal: { id: 'me' } }],
 *   sessions: 'stateless',
 *   maxBodyBytes: 512 * 1024,
 * };
 * const http = await startHttpServer(createArsenalMcpServer({ arsenal: createArsenal() }), options);
 * await http.close();
 * ```
 */
export interface HttpServerOptions extends Omit<HttpHostOptions, 'routes'>, McpRouteOptions {
  /** Further surfaces served behind the same front door (a UTCP manual, the REST API). */
  routes?: readonly HttpRoute[];
}

/**
 * An MCP endpoint that is listening: where it is, and how to stop it.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { createArsenalMcpServer, type RunningHttpServer, startHttpServer } from '@arsenal/mcp-server';
 *
 * const http: RunningHttpServer = await startHttpServer(
 *   createArsenalMcpServer({ arsenal: createArsenal() }),
 *   { port: 0 },
 * );
 * process.once('SIGTERM', async () => {
 *   const { drained, inFlight } = await http.drain(10_000);
 *   if (!drained) console.error(`${inFlight} calls still running; closing anyway`);
 *   await http.close();
 * });
 * ```
 */
export interface RunningHttpServer {
  /** The endpoint URL, e.g. `http://127.0.0.1:3333/mcp`. */
  url: string;
  host: string;
  port: number;
  /** Open stateful sessions. */
  readonly sessionCount: number;
  /** Calls being answered right now. */
  readonly inFlight: number;
  /**
   * Graceful shutdown, first half: `/readyz` answers 503 and new requests get 503 (with
   * `retry-after`), while requests already running finish. Resolves once none is left
   * (`drained: true`) or after `timeoutMs` (`drained: false`, `inFlight` still running).
   * Call `close()` after it.
   */
  drain(timeoutMs: number): Promise<{ drained: boolean; inFlight: number }>;
  /** Stop listening and close every session. */
  close(): Promise<void>;
}

export type { HttpRoute, ReadinessReport };
