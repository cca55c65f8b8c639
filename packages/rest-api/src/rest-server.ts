import type { Arsenal } from '@arsenal/core';
import { type HttpHostOptions, startHttpHost, summarizeAuthentication } from '@arsenal/http';
import { createRestApi, type RestApi, type RestApiOptions } from './rest-api.js';

export interface RestServerOptions
  extends RestApiOptions,
    Omit<HttpHostOptions, 'routes' | 'maxBodyBytes' | 'bodyTimeoutMs'> {}

export interface RunningRestServer {
  /** The API root, e.g. `http://127.0.0.1:3334/api`. */
  url: string;
  host: string;
  port: number;
  api: RestApi;
  close(): Promise<void>;
}

/**
 * Serve the REST API on its own server, on the front door (`@arsenal/http`): the same host
 * checks, authentication, body limits, timeouts and refusals as every other surface.
 *
 * @example
 * const server = await startRestServer(arsenal, { port: 8080, basePath: '/api', credentials });
 */
export async function startRestServer(
  arsenal: Arsenal,
  options: RestServerOptions = {},
): Promise<RunningRestServer> {
  const api = createRestApi(arsenal, {
    authentication: summarizeAuthentication(options),
    ...options,
  });
  const host = await startHttpHost({
    ...options,
    port: options.port ?? 3334,
    routes: [api.route],
  });
  return {
    url: `${host.origin}${api.basePath}`,
    host: host.host,
    port: host.port,
    api,
    close: () => host.close(),
  };
}
