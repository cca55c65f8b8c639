import type { IncomingMessage } from 'node:http';
import type { Principal } from '@arsenal/core';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { type AuthOutcome, presentedToken, type RequestAuthenticator } from './http-auth.js';
import { DEFAULT_JWT_ALGORITHMS, type OAuthResourceOptions } from './oauth-resource.js';

/** The scopes a token grants: the space-separated `scope` claim, or an `scp` list or string. */
export function tokenScopes(payload: JWTPayload): string[] {
  const scopes: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'string') scopes.push(...value.split(/\s+/).filter(Boolean));
    else if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'string' && item !== '') scopes.push(item);
    }
  };
  add(payload.scope);
  add(payload.scp);
  return [...new Set(scopes)];
}

/** The principal a verified token stands for: `sub`, with capabilities mapped from its scopes. */
export function principalFromClaims(
  payload: JWTPayload,
  options: Pick<OAuthResourceOptions, 'scopeCapabilities'>,
): Principal | undefined {
  if (typeof payload.sub !== 'string' || payload.sub === '') return undefined;
  const scopes = tokenScopes(payload);
  const capabilities = new Set<string>();
  for (const scope of scopes) {
    for (const capability of options.scopeCapabilities?.[scope] ?? []) capabilities.add(capability);
  }
  const clientId = payload.client_id ?? payload.azp;
  return {
    id: payload.sub,
    capabilities: [...capabilities],
    attributes: {
      scopes,
      issuer: payload.iss,
      ...(typeof clientId === 'string' ? { clientId } : {}),
    },
  };
}

/** A compact JWS has three base64url parts; anything else is not worth a signature check. */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * An authenticator for OAuth 2.1 bearer tokens: a JWT whose signature checks against the
 * configured JWKS with an accepted algorithm, from the configured issuer, for this resource's
 * audience, inside its validity window (with a small clock skew), and holding every required
 * scope. Anything else is `undefined` (401) — the reason is never sent back.
 *
 * @example
 * const auth = createJwtAuthenticator({ resource, authorizationServers: [issuer], jwksUrl });
 */
export function createJwtAuthenticator(options: OAuthResourceOptions): RequestAuthenticator {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), {
    timeoutDuration: options.jwksTimeoutMs ?? 5000,
  });
  const issuer = options.issuer ?? options.authorizationServers[0];
  const audience = options.audience ?? options.resource;
  const verifyOptions = {
    ...(issuer !== undefined ? { issuer } : {}),
    audience: typeof audience === 'string' ? audience : [...audience],
    algorithms: [...(options.algorithms ?? DEFAULT_JWT_ALGORITHMS)],
    clockTolerance: options.clockToleranceSeconds ?? 30,
    requiredClaims: ['exp', 'sub'],
  };
  const requiredScopes = options.requiredScopes ?? [];
  return {
    async authenticate(request: IncomingMessage): Promise<AuthOutcome> {
      const token = presentedBearer(request);
      if (token === undefined || !COMPACT_JWS.test(token)) return undefined;
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, verifyOptions));
      } catch {
        return undefined;
      }
      const principal = principalFromClaims(payload, options);
      if (!principal) return undefined;
      const scopes = tokenScopes(payload);
      if (requiredScopes.some((scope) => !scopes.includes(scope))) {
        return { refusal: 'insufficient_scope', scope: requiredScopes };
      }
      return principal;
    },
  };
}

/** OAuth tokens travel only in the Authorization header (RFC 9728 `bearer_methods_supported`). */
function presentedBearer(request: IncomingMessage): string | undefined {
  return typeof request.headers.authorization === 'string' ? presentedToken(request) : undefined;
}

/**
 * Try each authenticator in turn; the first that recognises the credential decides. Static
 * tokens for local use and OAuth for remote clients live side by side this way.
 */
export function firstAuthenticator(
  authenticators: readonly RequestAuthenticator[],
): RequestAuthenticator {
  return {
    async authenticate(request) {
      for (const authenticator of authenticators) {
        const outcome = await authenticator.authenticate(request);
        if (outcome !== undefined) return outcome;
      }
      return undefined;
    },
  };
}
