import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Arsenal, Principal } from '@arsenal/core';
import {
  bearerChallenge,
  buildAuthenticator,
  type HttpCredential,
  isAuthRefusal,
  isLoopbackHost,
  type OAuthResourceOptions,
  type RequestAuthenticator,
  rebindingRefusal,
} from '@arsenal/mcp-server';
import { problemFromError, RestApiError, sendProblem } from './problem-details.js';
import { createRestApi, type RestApi, type RestApiOptions } from './rest-api.js';

export interface RestServerOptions extends RestApiOptions {
  /** Interface to bind. Default `127.0.0.1`: reachable from this machine only. */
  host?: string;
  /** Default 3334; 0 picks a free port (read it from `port` on the result). */
  port?: number;
  /** Bearer tokens / API keys and their principals. Empty or absent: no authentication. */
  credentials?: readonly HttpCredential[];
  /** Accept bearer JWTs signed by the configured JWKS (static tokens are tried first). */
  oauth?: OAuthResourceOptions;
  /** Replaces `credentials` and `oauth` with your own check. */
  authenticator?: RequestAuthenticator;
  /** Browser origins allowed besides loopback ones, e.g. `https://app.example.com`. */
  allowedOrigins?: readonly string[];
  /** Hostnames accepted in `Host` and `Origin` besides loopback ones; checked only on loopback. */
  allowedHosts?: readonly string[];
  /** Headers that take longer than this to arrive close the request with 408. Default 10 s. */
  headersTimeoutMs?: number;
}

export interface RunningRestServer {
  /** The API root, e.g. `http://127.0.0.1:3334/api`. */
  url: string;
  host: string;
  port: number;
  api: RestApi;
  close(): Promise<void>;
}

/**
 * Who sends a request, checked the way the MCP HTTP server checks it; refusals are problem
 * documents (401 with a `WWW-Authenticate` challenge, 403 for a missing scope).
 */
async function authenticate(
  request: IncomingMessage,
  authenticator: RequestAuthenticator,
  oauth: OAuthResourceOptions | undefined,
): Promise<Principal> {
  const outcome = await authenticator.authenticate(request);
  if (isAuthRefusal(outcome)) {
    throw new RestApiError(
      403,
      'insufficient_scope',
      `The token lacks a required scope (${outcome.scope.join(' ')}); ask for a token with it.`,
      {
        headers: {
          'www-authenticate': bearerChallenge(oauth, {
            code: 'insufficient_scope',
            scope: outcome.scope,
          }),
        },
      },
    );
  }
  if (outcome) return outcome;
  const presented = request.headers.authorization !== undefined;
  throw new RestApiError(
    401,
    'unauthenticated',
    oauth
      ? 'Send a valid access token as "Authorization: Bearer <token>"; WWW-Authenticate names where to get one.'
      : 'Send a valid token as "Authorization: Bearer <token>" or "X-API-Key: <token>".',
    {
      headers: {
        'www-authenticate': bearerChallenge(
          oauth,
          presented && oauth ? { code: 'invalid_token' } : undefined,
        ),
      },
    },
  );
}

/**
 * Serve the REST API on its own node:http server, with the MCP HTTP server's host checks,
 * authentication, body limits and timeouts.
 *
 * @example
 * const server = await startRestServer(arsenal, { port: 8080, basePath: '/api', credentials });
 */
export async function startRestServer(
  arsenal: Arsenal,
  options: RestServerOptions = {},
): Promise<RunningRestServer> {
  const host = options.host ?? '127.0.0.1';
  const api = createRestApi(arsenal, options);
  const authenticator = buildAuthenticator(options);
  const checkRebinding = isLoopbackHost(host);
  const hostCheck = {
    allowedOrigins: options.allowedOrigins ?? [],
    allowedHosts: options.allowedHosts ?? [],
  };
  const headersTimeoutMs = options.headersTimeoutMs ?? 10_000;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 30_000;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const instance = (request.url ?? '/').split('?')[0] ?? '/';
    try {
      if (checkRebinding) {
        const refusal = rebindingRefusal(request, hostCheck);
        if (refusal) throw new RestApiError(403, 'forbidden_host', `Forbidden: ${refusal}.`);
      }
      const principal = authenticator
        ? await authenticate(request, authenticator, options.oauth)
        : undefined;
      await api.handle(request, response, principal);
    } catch (error) {
      const { problem, headers } = problemFromError(error, instance);
      sendProblem(response, problem, headers);
    }
  }

  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: headersTimeoutMs + bodyTimeoutMs + 1000,
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(headersTimeoutMs / 4))),
    },
    (request, response) => void handle(request, response),
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const status =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\n\r\n`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3334, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${urlHost}:${address.port}${api.basePath}`,
    host: address.address,
    port: address.port,
    api,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
