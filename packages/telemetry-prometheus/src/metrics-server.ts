import { ArsenalError, ConfigurationError } from '@arsenal/core';
import { type HttpRoute, sendRefusal, startHttpHost } from '@arsenal/http';
import type { PrometheusTelemetry } from './prometheus-telemetry.js';

export interface MetricsServerOptions {
  /** Port to listen on; 0 picks a free one. */
  port: number;
  /** Interface to bind. Default `127.0.0.1`: expose it wider only on purpose. */
  host?: string;
  /** Path of the scrape endpoint. Default `/metrics`. */
  path?: string;
  /** When set, scrapes must send `Authorization: Bearer <token>` (or `X-API-Key`). */
  token?: string;
}

export interface MetricsServer {
  /** `http://host:port/metrics` as bound (with the real port when 0 was asked for). */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * `GET <path>` with the current metrics, as a route of the front door (`@arsenal/http`): mount it
 * beside the other surfaces with `startHttpHost`, where it gets their host checks and
 * authentication, or serve it alone with `startMetricsServer`.
 */
export function createMetricsRoute(
  telemetry: PrometheusTelemetry,
  options: { path?: string } = {},
): HttpRoute {
  const path = options.path ?? '/metrics';
  if (!path.startsWith('/')) {
    throw new ConfigurationError(`metrics path must start with "/", got "${path}".`);
  }
  return {
    path,
    exact: true,
    async handle(request, response) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        sendRefusal(response, {
          status: 405,
          code: 'method_not_allowed',
          detail: 'Only GET and HEAD are allowed.',
          headers: { allow: 'GET, HEAD' },
        });
        return;
      }
      let body: string;
      try {
        body = await telemetry.metrics();
      } catch {
        sendRefusal(response, {
          status: 500,
          code: 'internal',
          detail: 'Metrics could not be collected.',
        });
        return;
      }
      response.writeHead(200, { 'Content-Type': telemetry.contentType });
      response.end(request.method === 'HEAD' ? undefined : body);
    },
  };
}

/**
 * Serve `GET <path>` with the current metrics on a port of its own, on the front door: slow or
 * malformed requests, a foreign Host on loopback and a missing token are refused there.
 */
export async function startMetricsServer(
  telemetry: PrometheusTelemetry,
  options: MetricsServerOptions,
): Promise<MetricsServer> {
  const host = options.host ?? '127.0.0.1';
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65_535) {
    throw new ConfigurationError(
      `metrics port must be an integer from 0 to 65535, got ${String(options.port)}.`,
    );
  }
  const route = createMetricsRoute(telemetry, options.path ? { path: options.path } : {});
  try {
    const running = await startHttpHost({
      host,
      port: options.port,
      routes: [route],
      credentials:
        options.token === undefined
          ? []
          : [{ token: options.token, principal: { id: 'metrics-scraper' } }],
      // Metrics hold no tools: serving them wider without a token is a choice, not a mistake.
      allowUnauthenticatedRemote: true,
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 20_000,
    });
    return { url: `${running.origin}${route.path}`, close: () => running.close() };
  } catch (error) {
    if (ArsenalError.isInstance(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigurationError(
      code === 'EADDRINUSE'
        ? `metrics port ${options.port} on ${host} is already in use: pick another port (or 0 for any free one).`
        : `metrics server could not listen on ${host}:${options.port}: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
