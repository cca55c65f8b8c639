import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '@arsenal/core';
import type { HttpCredential, RequestAuthenticator } from './http-auth.js';
import type { ReadinessReport } from './http-lifecycle.js';
import type { OAuthResourceOptions } from './oauth-resource.js';

/**
 * A further endpoint on the same server (a UTCP manual, a REST API): it is reached only after the
 * same host checks and authentication as the MCP endpoint, and gets the caller's principal.
 */
export interface HttpRoute {
  /** Serves this path and everything under it (`/utcp` serves `/utcp` and `/utcp/...`). */
  path: string;
  /**
   * Serve without authentication (the host checks still apply): only for content that holds no
   * data, like the static files of a web app whose API calls authenticate themselves.
   */
  public?: boolean;
  handle(
    request: IncomingMessage,
    response: ServerResponse,
    principal: Principal | undefined,
  ): Promise<void>;
}

export interface HttpServerOptions {
  /** Further endpoints served behind the same checks and authentication. */
  routes?: readonly HttpRoute[];
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
  /**
   * OAuth 2.1 for remote clients: serve Protected Resource Metadata and accept bearer JWTs
   * signed by the configured JWKS. Works beside `credentials` (static tokens are tried first).
   */
  oauth?: OAuthResourceOptions;
  /** Replaces `credentials` and `oauth` with your own check (a database, an introspection call). */
  authenticator?: RequestAuthenticator;
  /** Largest request body accepted, in bytes; larger ones get 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Browser origins allowed besides loopback ones, e.g. `https://app.example.com`. */
  allowedOrigins?: readonly string[];
  /**
   * Hostnames accepted in `Host` and `Origin` besides real loopback ones (`localhost`, `::1`,
   * 127.0.0.0/8), e.g. a name in `/etc/hosts`. Checked only while bound to loopback.
   */
  allowedHosts?: readonly string[];
  /** Most open sessions; when full, the principal holding the most gives one up. Default 1000. */
  maxSessions?: number;
  /** Most open sessions per principal (anonymous callers share one quota); 429 past it. Default 100. */
  maxSessionsPerPrincipal?: number;
  /** Sessions without a request for this long are closed. Default 30 minutes. */
  sessionIdleMs?: number;
  /** A request whose headers take longer than this to arrive is closed with 408. Default 10 s. */
  headersTimeoutMs?: number;
  /** A request whose body takes longer than this to arrive is answered 408 and closed. Default 30 s. */
  bodyTimeoutMs?: number;
  /** The SSE `retry` field: how long clients wait before reconnecting a closed stream. Default 1 s. */
  sseRetryMs?: number;
  /**
   * What `GET /readyz` reports besides draining (probes are served without authentication;
   * `GET /healthz` always answers 200 while the process runs). Default: ready until `drain()`.
   */
  readiness?: () => ReadinessReport | Promise<ReadinessReport>;
}

export interface RunningHttpServer {
  /** The endpoint URL, e.g. `http://127.0.0.1:3333/mcp`. */
  url: string;
  host: string;
  port: number;
  /** Open stateful sessions. */
  readonly sessionCount: number;
  /** MCP requests being answered right now. */
  readonly inFlight: number;
  /**
   * Graceful shutdown, first half: `/readyz` answers 503 and new MCP requests get 503 (with
   * `retry-after`), while requests already running finish. Resolves once none is left
   * (`drained: true`) or after `timeoutMs` (`drained: false`, `inFlight` still running).
   * Call `close()` after it.
   */
  drain(timeoutMs: number): Promise<{ drained: boolean; inFlight: number }>;
  close(): Promise<void>;
}
