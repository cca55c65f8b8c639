import type { IncomingMessage } from 'node:http';
import type { Principal } from '@arsenal/core';
import {
  createTokenAuthenticator,
  type HttpCredential,
  isAuthRefusal,
  type RequestAuthenticator,
} from './credentials.js';
import { createJwtAuthenticator, firstAuthenticator } from './jwt-authenticator.js';
import { bearerChallenge, type OAuthResourceOptions } from './oauth-resource.js';
import type { HttpRefusal } from './refusals.js';

/**
 * The ways a front door can know its callers; none of them set means no authentication.
 *
 * @example
 * ```ts
 * import { type AuthenticationOptions, startHttpHost } from '@arsenal/http';
 *
 * const auth: AuthenticationOptions = {
 *   credentials: [{ token: process.env.ARSENAL_TOKEN ?? 'dev-token', principal: { id: 'ci' } }],
 * };
 * const host = await startHttpHost({ ...auth, port: 0, routes: [] });
 * await host.close();
 * ```
 */
export interface AuthenticationOptions {
  /** Bearer tokens / API keys and their principals. */
  credentials?: readonly HttpCredential[];
  /** OAuth 2.1 bearer JWTs (tried after static tokens). */
  oauth?: OAuthResourceOptions;
  /** Replaces `credentials` and `oauth` with your own check (a database, an introspection call). */
  authenticator?: RequestAuthenticator;
}

/**
 * How the configured authentication is advertised (agent card, OpenAPI, metadata).
 *
 * @example
 * ```ts
 * import { type AuthenticationSummary, summarizeAuthentication } from '@arsenal/http';
 *
 * const summary: AuthenticationSummary = summarizeAuthentication({
 *   credentials: [{ token: 'dev-token', principal: { id: 'me' } }],
 * });
 * // { tokens: true, custom: false }: an OpenAPI document lists a bearer scheme
 * ```
 */
export interface AuthenticationSummary {
  /** Static tokens, as `Authorization: Bearer` or `X-API-Key`. */
  tokens: boolean;
  /** OAuth 2.1 bearer JWTs: where their metadata is. */
  oauth?: OAuthResourceOptions;
  /** A custom authenticator (advertised as a bearer scheme). */
  custom: boolean;
}

/**
 * What `options` configure, for the documents that advertise it.
 *
 * @example
 * ```ts
 * import { summarizeAuthentication } from '@arsenal/http';
 *
 * const { tokens, oauth, custom } = summarizeAuthentication({
 *   oauth: {
 *     resource: 'https://mcp.example.com/mcp',
 *     authorizationServers: ['https://auth.example.com'],
 *     jwksUrl: 'https://auth.example.com/.well-known/jwks.json',
 *   },
 * });
 * // tokens false, custom false, oauth.resource 'https://mcp.example.com/mcp'
 * ```
 */
export function summarizeAuthentication(options: AuthenticationOptions): AuthenticationSummary {
  return {
    tokens: (options.credentials?.length ?? 0) > 0,
    ...(options.oauth ? { oauth: options.oauth } : {}),
    custom: options.authenticator !== undefined,
  };
}

/**
 * Whether `options` name any way to authenticate; a server that does never serves anonymously.
 *
 * @example
 * ```ts
 * import { requiresAuthentication } from '@arsenal/http';
 *
 * requiresAuthentication({}); // false
 * requiresAuthentication({ credentials: [{ token: 'dev-token', principal: { id: 'me' } }] }); // true
 * ```
 */
export function requiresAuthentication(options: AuthenticationOptions): boolean {
  return (
    options.authenticator !== undefined ||
    options.oauth !== undefined ||
    (options.credentials?.length ?? 0) > 0
  );
}

/**
 * The configured checks, first match wins: a custom authenticator, else static tokens then OAuth.
 *
 * @example
 * ```ts
 * import { buildAuthenticator } from '@arsenal/http';
 *
 * // Static tokens for scripts on this machine, OAuth for remote clients.
 * const authenticator = buildAuthenticator({
 *   credentials: [{ token: 'dev-token', principal: { id: 'me' } }],
 *   oauth: {
 *     resource: 'https://mcp.example.com/mcp',
 *     authorizationServers: ['https://auth.example.com'],
 *     jwksUrl: 'https://auth.example.com/.well-known/jwks.json',
 *   },
 * });
 * buildAuthenticator({}); // undefined: nothing to check
 * ```
 */
export function buildAuthenticator(
  options: AuthenticationOptions,
): RequestAuthenticator | undefined {
  if (options.authenticator) return options.authenticator;
  const authenticators: RequestAuthenticator[] = [];
  if (options.credentials && options.credentials.length > 0) {
    authenticators.push(createTokenAuthenticator(options.credentials));
  }
  if (options.oauth) authenticators.push(createJwtAuthenticator(options.oauth));
  if (authenticators.length === 0) return undefined;
  return authenticators.length === 1 ? authenticators[0] : firstAuthenticator(authenticators);
}

/**
 * Who sends a request: its principal, or the refusal to answer with (401 with a challenge naming
 * the resource metadata, 403 for a missing scope). An authenticator that throws refuses.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { authenticateRequest, createTokenAuthenticator, sendRefusal } from '@arsenal/http';
 *
 * const authenticator = createTokenAuthenticator([{ token: 'dev-token', principal: { id: 'me' } }]);
 * const server = createServer(async (request, response) => {
 *   const outcome = await authenticateRequest(request, authenticator, undefined);
 *   if ('refusal' in outcome) return sendRefusal(response, outcome.refusal);
 *   response.end(`hello ${outcome.principal.id}`);
 * });
 * ```
 */
export async function authenticateRequest(
  request: IncomingMessage,
  authenticator: RequestAuthenticator,
  oauth: OAuthResourceOptions | undefined,
): Promise<{ principal: Principal } | { refusal: HttpRefusal }> {
  let outcome: Awaited<ReturnType<RequestAuthenticator['authenticate']>>;
  try {
    outcome = await authenticator.authenticate(request);
  } catch {
    outcome = undefined;
  }
  if (isAuthRefusal(outcome)) {
    return {
      refusal: {
        status: 403,
        code: 'insufficient_scope',
        detail: `Forbidden: the token lacks a required scope (${outcome.scope.join(' ')}); ask for a token with it.`,
        headers: {
          'www-authenticate': bearerChallenge(oauth, {
            code: 'insufficient_scope',
            scope: outcome.scope,
          }),
        },
      },
    };
  }
  if (outcome && typeof outcome.id === 'string' && outcome.id !== '') {
    return { principal: outcome };
  }
  const presented = request.headers.authorization !== undefined;
  return {
    refusal: {
      status: 401,
      code: 'unauthenticated',
      detail: oauth
        ? 'Unauthorized: send a valid access token as "Authorization: Bearer <token>"; see the resource_metadata in WWW-Authenticate for where to get one.'
        : 'Unauthorized: send a valid token as "Authorization: Bearer <token>" or "X-API-Key: <token>".',
      headers: {
        'www-authenticate': bearerChallenge(
          oauth,
          presented && oauth ? { code: 'invalid_token' } : undefined,
        ),
      },
    },
  };
}
