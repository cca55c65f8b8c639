import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '@arsenal/core';
import { createTokenAuthenticator, isAuthRefusal, type RequestAuthenticator } from './http-auth.js';
import { JSON_RPC_SERVER_ERROR, sendJsonRpcError } from './http-messages.js';
import type { HttpServerOptions } from './http-server-options.js';
import { createJwtAuthenticator, firstAuthenticator } from './jwt-authenticator.js';
import { bearerChallenge, type OAuthResourceOptions } from './oauth-resource.js';

/** The configured checks, first match wins: a custom authenticator, else static tokens then OAuth. */
export function buildAuthenticator(options: HttpServerOptions): RequestAuthenticator | undefined {
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
 * The principal a request authenticates as; otherwise answers it (401 with a challenge naming the
 * resource metadata, or 403 for a missing scope) and returns undefined.
 */
export async function authenticateOrRefuse(
  request: IncomingMessage,
  response: ServerResponse,
  authenticator: RequestAuthenticator,
  oauth: OAuthResourceOptions | undefined,
): Promise<Principal | undefined> {
  const outcome = await authenticator.authenticate(request);
  if (isAuthRefusal(outcome)) {
    sendJsonRpcError(
      response,
      403,
      JSON_RPC_SERVER_ERROR,
      `Forbidden: the token lacks a required scope (${outcome.scope.join(' ')}).`,
      {
        'www-authenticate': bearerChallenge(oauth, {
          code: 'insufficient_scope',
          scope: outcome.scope,
        }),
      },
    );
    return;
  }
  if (!outcome) {
    const presented = request.headers.authorization !== undefined;
    sendJsonRpcError(
      response,
      401,
      JSON_RPC_SERVER_ERROR,
      oauth
        ? 'Unauthorized: send a valid access token as "Authorization: Bearer <token>"; see the resource_metadata in WWW-Authenticate for where to get one.'
        : 'Unauthorized: send a valid token as "Authorization: Bearer <token>" or "X-API-Key: <token>".',
      {
        'www-authenticate': bearerChallenge(
          oauth,
          presented && oauth ? { code: 'invalid_token' } : undefined,
        ),
      },
    );
    return;
  }
  return outcome;
}
