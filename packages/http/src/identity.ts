import type { IncomingMessage } from 'node:http';
import type { Principal } from '@arsenal/core';

/**
 * The prefix of every principal an OAuth access token authenticates as.
 *
 * @example
 * ```ts
 * import { OAUTH_PRINCIPAL_PREFIX, type RouteContext } from '@arsenal/http';
 * import type { Principal } from '@arsenal/core';
 *
 * function isOAuthCaller(principal: Principal | undefined): boolean {
 *   return principal?.id.startsWith(OAUTH_PRINCIPAL_PREFIX) ?? false;
 * }
 * ```
 */
export const OAUTH_PRINCIPAL_PREFIX = 'oauth:';
/**
 * The prefix of the key of every anonymous caller.
 *
 * @example
 * ```ts
 * import { ANONYMOUS_KEY_PREFIX, type HttpRoute } from '@arsenal/http';
 *
 * const route: HttpRoute = {
 *   path: '/whoami',
 *   async handle(_request, response, _principal, { callerKey }) {
 *     response.end(callerKey.startsWith(ANONYMOUS_KEY_PREFIX) ? 'anonymous' : callerKey);
 *   },
 * };
 * ```
 */
export const ANONYMOUS_KEY_PREFIX = 'anonymous:';

/**
 * The id of the principal an OAuth token stands for: `oauth:<issuer>#<sub>`. The issuer is part
 * of it, so a token whose `sub` is `admin` is not the static principal `admin`, and two issuers'
 * subjects never meet.
 *
 * @example
 * ```ts
 * import { oauthPrincipalId } from '@arsenal/http';
 *
 * oauthPrincipalId('https://auth.example.com', 'admin'); // 'oauth:https://auth.example.com#admin'
 * ```
 */
export function oauthPrincipalId(issuer: string, subject: string): string {
  return `${OAUTH_PRINCIPAL_PREFIX}${issuer}#${subject}`;
}

/**
 * Why a static principal id cannot be used, or undefined. Ids under the prefixes the front door
 * gives other kinds of caller are reserved, so a configured token can never become one of them.
 *
 * @example
 * ```ts
 * import { reservedPrincipalIdProblem } from '@arsenal/http';
 *
 * reservedPrincipalIdProblem('ci'); // undefined: usable
 * reservedPrincipalIdProblem('oauth:admin'); // 'Principal id "oauth:admin" starts with "oauth:", ...'
 * ```
 */
export function reservedPrincipalIdProblem(id: string): string | undefined {
  for (const prefix of [OAUTH_PRINCIPAL_PREFIX, ANONYMOUS_KEY_PREFIX]) {
    if (id.toLowerCase().startsWith(prefix)) {
      return `Principal id "${id}" starts with "${prefix}", which is reserved for callers authenticated another way; choose another id.`;
    }
  }
  return undefined;
}

/**
 * The key everything held per caller is filed under (sessions, invocations, confirmations, event
 * streams, quotas): `principal:<id>` for an authenticated principal (OAuth ids carry their own
 * namespace), `anonymous:<client address>` for a caller without one, so one anonymous client
 * cannot use up every other's quota.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { callerKey } from '@arsenal/http';
 *
 * const server = createServer((request, response) => {
 *   response.end(callerKey(request, { id: 'me' })); // 'principal:me'
 *   // callerKey(request, undefined) is 'anonymous:<client address>'
 * });
 * ```
 */
export function callerKey(request: IncomingMessage, principal: Principal | undefined): string {
  if (principal) return `principal:${principal.id}`;
  return `${ANONYMOUS_KEY_PREFIX}${request.socket.remoteAddress ?? 'unknown'}`;
}
