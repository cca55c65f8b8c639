import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ConfigurationError, type Principal } from '@arsenal/core';
import { reservedPrincipalIdProblem } from './identity.js';

/**
 * A bearer token or API key, and who presents it.
 *
 * @example
 * ```ts
 * import type { HttpCredential } from '@arsenal/http';
 * import { startHttpHost } from '@arsenal/http';
 *
 * const credentials: HttpCredential[] = [
 *   { token: process.env.CI_TOKEN ?? 'ci-token', principal: { id: 'ci', capabilities: ['deploy'] } },
 * ];
 * const host = await startHttpHost({ port: 0, credentials, routes: [] });
 * await host.close();
 * ```
 */
export interface HttpCredential {
  /** The secret. Sent as `Authorization: Bearer <token>` or `X-API-Key: <token>`. */
  token: string;
  principal: Principal;
}

/**
 * Why a request that carried a credential is refused: it lacks a scope (HTTP 403).
 *
 * @example
 * ```ts
 * import type { AuthRefusal, RequestAuthenticator } from '@arsenal/http';
 *
 * const adminsOnly: RequestAuthenticator = {
 *   authenticate(request) {
 *     if (request.headers['x-role'] === 'admin') return { id: 'admin' };
 *     const refusal: AuthRefusal = { refusal: 'insufficient_scope', scope: ['admin'] };
 *     return refusal; // answered 403 with a challenge naming the scope
 *   },
 * };
 * ```
 */
export interface AuthRefusal {
  refusal: 'insufficient_scope';
  /** The scopes the request needs. */
  scope: readonly string[];
}

/**
 * What an authenticator concludes: a principal, nothing (401), or a refusal.
 *
 * @example
 * ```ts
 * import type { AuthOutcome } from '@arsenal/http';
 *
 * function describe(outcome: AuthOutcome): string {
 *   if (outcome === undefined) return '401';
 *   return 'refusal' in outcome ? `403 (needs ${outcome.scope.join(' ')})` : outcome.id;
 * }
 * ```
 */
export type AuthOutcome = Principal | AuthRefusal | undefined;

/**
 * Turns the credential a request carries into its principal.
 *
 * @example
 * ```ts
 * import { presentedToken, type RequestAuthenticator, startHttpHost } from '@arsenal/http';
 *
 * // Keys kept elsewhere (a database, a vault): look the presented one up.
 * const keys = new Map([['key-123', { id: 'reporting' }]]);
 * const authenticator: RequestAuthenticator = {
 *   authenticate(request) {
 *     const token = presentedToken(request);
 *     return token === undefined ? undefined : keys.get(token);
 *   },
 * };
 * const host = await startHttpHost({ port: 0, authenticator, routes: [] });
 * await host.close();
 * ```
 */
export interface RequestAuthenticator {
  /** `undefined` when the request carries no credential or an unknown one. */
  authenticate(request: IncomingMessage): AuthOutcome | Promise<AuthOutcome>;
}

/**
 * Whether an authenticator's outcome is a refusal rather than a principal.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createTokenAuthenticator, isAuthRefusal } from '@arsenal/http';
 *
 * const authenticator = createTokenAuthenticator([{ token: 'dev-token', principal: { id: 'me' } }]);
 * const server = createServer(async (request, response) => {
 *   const outcome = await authenticator.authenticate(request);
 *   if (outcome === undefined || isAuthRefusal(outcome)) response.statusCode = 401;
 *   response.end();
 * });
 * ```
 */
export function isAuthRefusal(outcome: AuthOutcome): outcome is AuthRefusal {
  return outcome !== undefined && 'refusal' in outcome;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The token a request presents: a bearer token, else an `X-API-Key` header.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { presentedToken } from '@arsenal/http';
 *
 * // `Authorization: Bearer abc` and `X-API-Key: abc` both present "abc".
 * const server = createServer((request, response) => {
 *   response.end(presentedToken(request) === undefined ? 'no token' : 'a token');
 * });
 * ```
 */
export function presentedToken(request: IncomingMessage): string | undefined {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match?.[1]) return match[1];
  }
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey.trim() !== '') return apiKey.trim();
  return undefined;
}

/**
 * An authenticator over a fixed list of credentials. Principal ids may not start with `oauth:`
 * or `anonymous:` (reserved for other kinds of caller; a ConfigurationError says so). Tokens are compared by SHA-256 digest in
 * constant time, so response timing does not reveal how much of a guess was right.
 *
 * @example
 * ```ts
 * import { createTokenAuthenticator } from '@arsenal/http';
 *
 * const authenticator = createTokenAuthenticator([
 *   { token: process.env.ADMIN_TOKEN ?? 'admin-token', principal: { id: 'admin', capabilities: ['admin'] } },
 *   { token: process.env.READER_TOKEN ?? 'reader-token', principal: { id: 'reader' } },
 * ]);
 * // createTokenAuthenticator([{ token: 't', principal: { id: 'oauth:x' } }]) throws:
 * // the oauth: prefix is reserved for OAuth callers.
 * ```
 */
export function createTokenAuthenticator(
  credentials: readonly HttpCredential[],
): RequestAuthenticator {
  for (const credential of credentials) {
    const problem = reservedPrincipalIdProblem(credential.principal.id);
    if (problem) throw new ConfigurationError(problem);
  }
  const known = credentials.map((credential) => ({
    digest: digest(credential.token),
    principal: credential.principal,
  }));
  return {
    authenticate(request) {
      const token = presentedToken(request);
      if (token === undefined) return undefined;
      const presented = digest(token);
      let match: Principal | undefined;
      // Compare against every credential, whatever matched, to keep the timing flat.
      for (const entry of known) {
        if (timingSafeEqual(entry.digest, presented) && match === undefined) {
          match = entry.principal;
        }
      }
      return match;
    },
  };
}
