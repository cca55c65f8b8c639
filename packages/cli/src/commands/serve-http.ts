import type { ServeConfig } from '@arsenal/config';
import type { Arsenal } from '@arsenal/core';
import {
  type HttpRoute,
  isLoopbackHost,
  type ReadinessCaller,
  type ReadinessReport,
} from '@arsenal/http';
import {
  type ArsenalMcpServer,
  type RunningHttpServer,
  startHttpServer,
} from '@arsenal/mcp-server';
import { createUtcpRoute } from '@arsenal/utcp';
import { CliError } from '../cli-error.js';
import { type RestRouteContext, restRoutes } from './rest-route.js';
import type { ServeArgs } from './serve.js';

/** The keys of `source` among `keys` whose values are set. */
function pickDefined<T extends object, K extends keyof T>(source: T, keys: readonly K[]) {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) picked[key] = source[key];
  return picked as { [P in K]?: Exclude<T[P], undefined> };
}

/**
 * `arsenal serve --http`: the MCP endpoint, the UTCP manual of the catalog when `serve.utcp` is
 * set, the REST API and the console when asked for, all on one front door (the same host checks
 * and authentication). A server beyond loopback without authentication refuses to start.
 */
export async function startServeHttp(
  mcp: ArsenalMcpServer,
  arsenal: Arsenal,
  serve: ServeConfig,
  args: ServeArgs,
  readiness?: (caller: ReadinessCaller) => ReadinessReport,
  context: RestRouteContext = {},
): Promise<RunningHttpServer> {
  const host = args.http?.host ?? serve.host ?? '127.0.0.1';
  const credentials = serve.auth?.tokens ?? [];
  const oauth = serve.auth?.oauth;
  if (args.dev && (!isLoopbackHost(host) || credentials.length > 0 || oauth)) {
    throw new CliError(
      `--dev lets anonymous callers call tools from the console, so it serves only a loopback address without serve.auth (this server: ${host}${credentials.length > 0 || oauth ? ', with serve.auth' : ''})`,
      'drop --dev and call tools from the console with a token holding the call capability (serve.console.callCapability), or serve on 127.0.0.1 without serve.auth',
    );
  }
  let origin = '';
  const routes: HttpRoute[] = [];
  if (serve.utcp) {
    const path = serve.utcp === true ? '/utcp' : serve.utcp;
    routes.push(createUtcpRoute(arsenal, { path, baseUrl: () => origin }));
  }
  routes.push(
    ...(await restRoutes(
      arsenal,
      serve,
      {
        ...(args.rest ? { rest: true } : {}),
        ...(args.console ? { console: true } : {}),
        ...(args.dev ? { dev: true } : {}),
      },
      context,
    )),
  );
  const http = await startHttpServer(mcp, {
    host,
    port: args.http?.port ?? serve.port ?? 3333,
    ...(serve.path ? { path: serve.path } : {}),
    sessions: args.stateless ? 'stateless' : (serve.sessions ?? 'stateful'),
    credentials,
    ...(oauth ? { oauth } : {}),
    ...(routes.length > 0 ? { routes } : {}),
    ...(readiness ? { readiness } : {}),
    ...(serve.maxBodyBytes ? { maxBodyBytes: serve.maxBodyBytes } : {}),
    ...(serve.allowedOrigins ? { allowedOrigins: serve.allowedOrigins } : {}),
    ...pickDefined(serve, [
      'allowedHosts',
      'maxSessions',
      'maxSessionsPerPrincipal',
      'sessionIdleMs',
      'headersTimeoutMs',
      'bodyTimeoutMs',
      'sseRetryMs',
    ]),
  });
  origin = new URL(http.url).origin;
  return http;
}
