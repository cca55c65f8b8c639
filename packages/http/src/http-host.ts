import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigurationError, type Principal } from '@arsenal/core';
import {
  type AuthenticationOptions,
  authenticateRequest,
  buildAuthenticator,
  requiresAuthentication,
} from './authentication.js';
import type { BodyLimits } from './body.js';
import { boundedNumber, FRONT_DOOR_RANGES } from './bounds.js';
import { type HostCheckOptions, isLoopbackHost, rebindingRefusal } from './host-check.js';
import { callerKey } from './identity.js';
import { metadataPaths, protectedResourceMetadata } from './oauth-resource.js';
import {
  answerProbe,
  InFlightRequests,
  type ReadinessCaller,
  type ReadinessReport,
} from './probes.js';
import { type RefusalFormat, sendRefusal } from './refusals.js';

/**
 * What the front door tells a route about the request it passes on.
 *
 * @example
 * ```ts
 * import type { HttpRoute, RouteContext } from '@arsenal/http';
 *
 * const quotas = new Map<string, number>();
 * const route: HttpRoute = {
 *   path: '/calls',
 *   async handle(_request, response, _principal, context: RouteContext) {
 *     // One quota per caller: `principal:<id>`, or `anonymous:<address>` without credentials.
 *     const used = (quotas.get(context.callerKey) ?? 0) + 1;
 *     quotas.set(context.callerKey, used);
 *     response.end(`call ${used} of at most ${context.limits.maxBodyBytes} bytes each`);
 *   },
 * };
 * ```
 */
export interface RouteContext {
  /** The key the caller's sessions, streams and quotas are filed under (see `callerKey`). */
  callerKey: string;
  /** The body limits of this server: read bodies within them (`readBody`). */
  limits: BodyLimits;
}

/**
 * One surface mounted on the front door (the MCP endpoint, the REST API, the A2A agent, the
 * console): it is reached only after the host checks and authentication, and gets the caller's
 * principal.
 *
 * @example
 * ```ts
 * import { type HttpRoute, startHttpHost } from '@arsenal/http';
 *
 * const hello: HttpRoute = {
 *   path: '/hello',
 *   exact: true,
 *   async handle(_request, response, principal) {
 *     response.end(`hello ${principal?.id ?? 'anonymous'}`);
 *   },
 * };
 * const host = await startHttpHost({ port: 0, routes: [hello] });
 * await host.close();
 * ```
 */
export interface HttpRoute {
  /** Serves this path and everything under it (`/api` serves `/api` and `/api/...`). */
  path: string;
  /** Serve this path only, not what lies under it. Default false. */
  exact?: boolean;
  /**
   * Serve without authentication (the host checks still apply): only for content that holds no
   * data, like the static files of a web app whose API calls authenticate themselves, or an
   * agent card.
   */
  public?: boolean;
  /** How the front door writes its refusals on this route. Default `problem`. */
  errorFormat?: RefusalFormat;
  /** Answer one request that passed the checks; `principal` is undefined when no authentication is configured or the route is public. */
  handle(
    request: IncomingMessage,
    response: ServerResponse,
    principal: Principal | undefined,
    context: RouteContext,
  ): Promise<void>;
  /** Called once when the server closes (end sessions, stop timers). */
  close?(): Promise<void>;
}

/**
 * What `startHttpHost` serves, where, for whom and within which limits.
 *
 * @example
 * ```ts
 * import { type HttpHostOptions, startHttpHost } from '@arsenal/http';
 *
 * const options: HttpHostOptions = {
 *   host: '127.0.0.1',
 *   port: 0, // a free port
 *   maxBodyBytes: 256 * 1024,
 *   credentials: [{ token: 'dev-token', principal: { id: 'me' } }],
 *   readiness: () => ({ ready: true, status: 'ready' }),
 *   routes: [{ path: '/ping', handle: async (_request, response) => void response.end('pong') }],
 * };
 * const host = await startHttpHost(options);
 * await host.close();
 * ```
 */
export interface HttpHostOptions extends AuthenticationOptions, HostCheckOptions {
  /** The surfaces served. */
  routes: readonly HttpRoute[];
  /** Interface to bind. Default `127.0.0.1`: reachable from this machine only. */
  host?: string;
  /** Default 3333; 0 picks a free port (read it from `port` on the result). */
  port?: number;
  /** Largest request body accepted, in bytes (1 to 64 MiB); larger ones get 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Headers that take longer than this close the request with 408 (100 ms to 10 min). Default 10 s. */
  headersTimeoutMs?: number;
  /** A body that takes longer than this is answered 408 and closed (100 ms to 1 h). Default 30 s. */
  bodyTimeoutMs?: number;
  /**
   * What `GET /readyz` reports besides draining. `GET /healthz` always answers 200 while the
   * process runs. Only a caller that passes the host checks and authenticates sees the details,
   * and `readiness` gets its principal (none without authentication) to name only what it may see.
   */
  readiness?: (caller: ReadinessCaller) => ReadinessReport | Promise<ReadinessReport>;
  /**
   * Serve beyond loopback without any authentication (a proxy in front authenticates). Default
   * false: such a server refuses to start.
   */
  allowUnauthenticatedRemote?: boolean;
}

/**
 * A front door that is listening: where it is, and how to stop it.
 *
 * @example
 * ```ts
 * import { type RunningHttpHost, startHttpHost } from '@arsenal/http';
 *
 * const host: RunningHttpHost = await startHttpHost({ port: 0, routes: [] });
 * console.log(host.origin); // http://127.0.0.1:<port>
 * // On SIGTERM: stop taking new requests, let running ones finish (up to 10 s), then close.
 * const { drained } = await host.drain(10_000);
 * await host.close();
 * ```
 */
export interface RunningHttpHost {
  /** `http://host:port`, without a path. */
  origin: string;
  host: string;
  port: number;
  /** Requests other than GET being answered right now (probes aside): calls in flight. */
  readonly inFlight: number;
  /**
   * Graceful shutdown, first half: `/readyz` answers 503 and new requests get 503 (with
   * `retry-after`), while requests already running finish. Resolves once none is left
   * (`drained: true`) or after `timeoutMs` (`drained: false`). Call `close()` after it.
   */
  drain(timeoutMs: number): Promise<{ drained: boolean; inFlight: number }>;
  /** Stop listening and close every route (`HttpRoute.close`); open connections are ended. */
  close(): Promise<void>;
}

/**
 * The route serving a path: its own path or, unless exact, anything under it.
 *
 * @example
 * ```ts
 * import { findRoute, type HttpRoute } from '@arsenal/http';
 *
 * const handle: HttpRoute['handle'] = async (_request, response) => void response.end();
 * const routes: HttpRoute[] = [
 *   { path: '/api', handle },
 *   { path: '/mcp', exact: true, handle },
 * ];
 * findRoute(routes, '/api/tools')?.path; // '/api'
 * findRoute(routes, '/mcp/other'); // undefined: /mcp is exact
 * ```
 */
export function findRoute(routes: readonly HttpRoute[], pathname: string): HttpRoute | undefined {
  return routes.find(
    (route) =>
      pathname === route.path ||
      (!route.exact && pathname.startsWith(`${route.path === '/' ? '' : route.path}/`)),
  );
}

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

/** Refuse, at start, a server that would expose its surfaces beyond loopback to anyone. */
function checkExposure(host: string, options: HttpHostOptions): void {
  if (isLoopbackHost(host) || requiresAuthentication(options)) return;
  if (options.allowUnauthenticatedRemote === true) return;
  throw new ConfigurationError(
    `Refusing to serve on ${host} without authentication: anyone who can reach it could call every tool. Add serve.auth.tokens or serve.auth.oauth, or bind 127.0.0.1.`,
  );
}

/**
 * The front door: one node:http server every Arsenal HTTP surface mounts on. It answers the
 * probes, serves the OAuth metadata, checks Host and Origin (on loopback, or when hosts are
 * allowed explicitly), authenticates, then hands the request to its route; every refusal is
 * written in the route's format, with no stack trace or path.
 *
 * @example
 * ```ts
 * import { startHttpHost } from '@arsenal/http';
 *
 * const host = await startHttpHost({
 *   port: 0,
 *   credentials: [{ token: 'dev-token', principal: { id: 'me' } }],
 *   routes: [
 *     {
 *       path: '/hello',
 *       async handle(_request, response, principal) {
 *         response.end(`hello ${principal?.id}`);
 *       },
 *     },
 *   ],
 * });
 * const response = await fetch(`${host.origin}/hello`, {
 *   headers: { authorization: 'Bearer dev-token' },
 * });
 * console.log(await response.text()); // hello me
 * await host.close();
 * ```
 */
export async function startHttpHost(options: HttpHostOptions): Promise<RunningHttpHost> {
  const host = options.host ?? '127.0.0.1';
  checkExposure(host, options);
  const limits: BodyLimits = {
    maxBodyBytes: boundedNumber(
      'maxBodyBytes',
      options.maxBodyBytes,
      FRONT_DOOR_RANGES.maxBodyBytes,
    ),
    bodyTimeoutMs: boundedNumber(
      'bodyTimeoutMs',
      options.bodyTimeoutMs,
      FRONT_DOOR_RANGES.bodyTimeoutMs,
    ),
  };
  const headersTimeoutMs = boundedNumber(
    'headersTimeoutMs',
    options.headersTimeoutMs,
    FRONT_DOOR_RANGES.headersTimeoutMs,
  );
  const port = boundedNumber('port', options.port, FRONT_DOOR_RANGES.port);
  const hostCheck: HostCheckOptions = {
    allowedOrigins: options.allowedOrigins ?? [],
    allowedHosts: options.allowedHosts ?? [],
  };
  const checkHosts = isLoopbackHost(host) || (options.allowedHosts?.length ?? 0) > 0;
  const authenticator = buildAuthenticator(options);
  const oauth = options.oauth;
  const metadataAt = new Set(oauth ? metadataPaths(oauth.resource) : []);
  const routes = options.routes;
  const inFlight = new InFlightRequests();
  let draining = false;
  const readiness = async (caller: ReadinessCaller): Promise<ReadinessReport> => {
    if (draining) {
      return { ready: false, status: 'draining', details: { inFlight: inFlight.count } };
    }
    return options.readiness ? options.readiness(caller) : { ready: true, status: 'ready' };
  };
  const knownCaller =
    (request: IncomingMessage) => async (): Promise<ReadinessCaller | undefined> => {
      if (rebindingRefusal(request, hostCheck) !== undefined) return undefined;
      if (!authenticator) return {};
      const outcome = await authenticateRequest(request, authenticator, oauth);
      return 'principal' in outcome ? { principal: outcome.principal } : undefined;
    };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (await answerProbe(request, response, url.pathname, readiness, knownCaller(request))) {
      return;
    }
    const route = findRoute(routes, url.pathname);
    const format = route?.errorFormat ?? 'problem';
    if (draining) {
      sendRefusal(
        response,
        {
          status: 503,
          code: 'shutting_down',
          detail: 'This server is shutting down; retry the request (another replica will take it).',
          headers: { 'retry-after': '1', connection: 'close' },
        },
        format,
      );
      return;
    }
    // Calls arrive as POSTs; GETs include event streams that never end by themselves.
    if (request.method !== 'GET' && request.method !== 'HEAD') inFlight.track(response);
    if (checkHosts) {
      const refusal = rebindingRefusal(request, hostCheck);
      if (refusal) {
        sendRefusal(
          response,
          { status: 403, code: 'forbidden_host', detail: `Forbidden: ${refusal}.` },
          format,
        );
        return;
      }
    }
    if (oauth && metadataAt.has(url.pathname) && request.method === 'GET') {
      response.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'cache-control': 'max-age=3600',
      });
      response.end(JSON.stringify(protectedResourceMetadata(oauth)));
      return;
    }
    if (!route) {
      const served = routes.filter((candidate) => !candidate.public).map((each) => each.path);
      sendRefusal(
        response,
        {
          status: 404,
          code: 'not_found',
          detail: `Not found; the endpoint${served.length === 1 ? ' is' : 's are'} ${served.join(', ') || '/healthz'}.`,
        },
        'problem',
        url.pathname,
      );
      return;
    }
    let principal: Principal | undefined;
    if (authenticator && !route.public) {
      const outcome = await authenticateRequest(request, authenticator, oauth);
      if ('refusal' in outcome) {
        sendRefusal(response, outcome.refusal, format);
        return;
      }
      principal = outcome.principal;
    }
    try {
      await route.handle(request, response, principal, {
        callerKey: callerKey(request, principal),
        limits,
      });
    } catch {
      // A route's own failure never takes the server down, nor shows the caller its insides.
      if (response.headersSent) {
        response.destroy();
        return;
      }
      sendRefusal(
        response,
        { status: 500, code: 'internal', detail: 'The request failed; retry it later.' },
        format,
      );
    }
  }

  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      // Node's own whole-request limit stays above ours, which answers body timeouts itself.
      requestTimeout: headersTimeoutMs + limits.bodyTimeoutMs + 1000,
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(headersTimeoutMs / 4))),
    },
    (request, response) => {
      handle(request, response).catch(() => {
        sendRefusal(response, {
          status: 500,
          code: 'internal',
          detail: 'The request failed; retry it later.',
        });
      });
    },
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(error.code));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    origin: `http://${urlHost}:${address.port}`,
    host: address.address,
    port: address.port,
    get inFlight() {
      return inFlight.count;
    },
    async drain(timeoutMs: number) {
      draining = true;
      const drained = await inFlight.waitForIdle(timeoutMs);
      return { drained, inFlight: inFlight.count };
    },
    close() {
      closing ??= (async () => {
        draining = true;
        await Promise.allSettled(routes.map((route) => route.close?.()));
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}
