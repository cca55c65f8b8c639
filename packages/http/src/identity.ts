import type { IncomingMessage } from 'node:http';
import type { Principal } from '@arsenal/core';

/** The prefix of every principal an OAuth access token authenticates as. */
export const OAUTH_PRINCIPAL_PREFIX = 'oauth:';
/** The prefix of the key of every anonymous caller. */
export const ANONYMOUS_KEY_PREFIX = 'anonymous:';

/**
 * The id of the principal an OAuth token stands for: `oauth:<issuer>#<sub>`. The issuer is part
 * of it, so a token whose `sub` is `admin` is not the static principal `admin`, and two issuers'
 * subjects never meet.
 */
export function oauthPrincipalId(issuer: string, subject: string): string {
  return `${OAUTH_PRINCIPAL_PREFIX}${issuer}#${subject}`;
}

/**
 * Why a static principal id cannot be used, or undefined. Ids under the prefixes the front door
 * gives other kinds of caller are reserved, so a configured token can never become one of them.
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
 */
export function callerKey(request: IncomingMessage, principal: Principal | undefined): string {
  if (principal) return `principal:${principal.id}`;
  return `${ANONYMOUS_KEY_PREFIX}${request.socket.remoteAddress ?? 'unknown'}`;
}
