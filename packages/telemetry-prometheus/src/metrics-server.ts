import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigurationError } from '@arsenal/core';
import type { PrometheusTelemetry } from './prometheus-telemetry.js';

export interface MetricsServerOptions {
  /** Port to listen on; 0 picks a free one. */
  port: number;
  /** Interface to bind. Default `127.0.0.1`: expose it wider only on purpose. */
  host?: string;
  /** Path of the scrape endpoint. Default `/metrics`. */
  path?: string;
  /** When set, scrapes must send `Authorization: Bearer <token>`. */
  token?: string;
}

export interface MetricsServer {
  /** `http://host:port/metrics` as bound (with the real port when 0 was asked for). */
  readonly url: string;
  close(): Promise<void>;
}

/** Serve `GET <path>` with the current metrics on a port of its own. */
export async function startMetricsServer(
  telemetry: PrometheusTelemetry,
  options: MetricsServerOptions,
): Promise<MetricsServer> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/metrics';
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65_535) {
    throw new ConfigurationError(
      `metrics port must be an integer from 0 to 65535, got ${String(options.port)}.`,
    );
  }
  if (!path.startsWith('/')) {
    throw new ConfigurationError(`metrics path must start with "/", got "${path}".`);
  }
  const expected = options.token === undefined ? undefined : Buffer.from(`Bearer ${options.token}`);
  const server = createServer((request, response) => {
    void answer(telemetry, path, expected, request, response);
  });
  // A scraper that stalls must not hold a socket forever.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  await listen(server, options.port, host);
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new ConfigurationError(
          error.code === 'EADDRINUSE'
            ? `metrics port ${port} on ${host} is already in use: pick another port (or 0 for any free one).`
            : `metrics server could not listen on ${host}:${port}: ${error.message}`,
          { cause: error },
        ),
      );
    });
    server.listen(port, host, () => resolve());
  });
}

async function answer(
  telemetry: PrometheusTelemetry,
  path: string,
  expected: Buffer | undefined,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  try {
    const url = new URL(request.url ?? '/', 'http://metrics.invalid');
    if (url.pathname !== path) return send(response, 404, `Not found. Metrics are at ${path}.\n`);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return send(response, 405, 'Only GET and HEAD are allowed.\n');
    }
    if (expected && !authorised(request.headers.authorization, expected)) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      return send(response, 401, 'Missing or wrong bearer token.\n');
    }
    const body = await telemetry.metrics();
    response.writeHead(200, { 'Content-Type': telemetry.contentType });
    response.end(request.method === 'HEAD' ? undefined : body);
  } catch {
    if (!response.headersSent) send(response, 500, 'Metrics could not be collected.\n');
    else response.destroy();
  }
}

function authorised(header: string | undefined, expected: Buffer): boolean {
  if (header === undefined) return false;
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function send(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(text);
}
