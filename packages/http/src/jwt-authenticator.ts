import type { IncomingMessage } from 'node:http';
import type { Principal } from '@arsenal/core';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { type AuthOutcome, presentedToken, type RequestAuthenticator } from './credentials.js';
import { oauthPrincipalId } from './identity.js';
import { DEFAULT_JWT_ALGORITHMS, type OAuthResourceOptions } from './oauth-resource.js';

/** A scope token (RFC 6749 §3.3): printable ASCII but space, `"` and `\\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/**
 * The scopes a token grants: the `scope` claim split on ASCII spaces only (RFC 6749 §3.3), or an
 * `scp` list or string. A scope holding any other character (a no-break space, a tab) is no
 * scope at all, so `mcp\u00a0tools:admin` grants neither `mcp` nor `tools:admin`.
 *
 * @example
 * ```ts
 * import { tokenScopes } from '@arsenal/http';
 *
 * tokenScopes({ scope: 'mcp tools:read' }); // ['mcp', 'tools:read']
 * tokenScopes({ scp: ['mcp'] }); // ['mcp']
 * tokenScopes({ scope: 'mcp\u00a0tools:admin' }); // []: a no-break space splits nothing
 * ```
 */
export function tokenScopes(payload: JWTPayload): string[] {
  const scopes: string[] = [];
  const addOne = (item: unknown) => {
    if (typeof item === 'string' && SCOPE_TOKEN.test(item)) scopes.push(item);
  };
  const add = (value: unknown) => {
    if (typeof value === 'string') for (const item of value.split(' ')) addOne(item);
    else if (Array.isArray(value)) for (const item of value) addOne(item);
  };
  add(payload.scope);
  add(payload.scp);
  return [...new Set(scopes)];
}

/**
 * The principal a verified token stands for: `oauth:<iss>#<sub>` (never a static principal, never
 * another issuer's subject), with capabilities mapped from its scopes; `sub` stays readable in
 * `attributes.subject`.
 *
 * @example
 * ```ts
 * import { principalFromClaims } from '@arsenal/http';
 *
 * const principal = principalFromClaims(
 *   { iss: 'https://auth.example.com', sub: 'alice', scope: 'mcp tools:admin' },
 *   { scopeCapabilities: { 'tools:admin': ['admin'] } },
 * );
 * // { id: 'oauth:https://auth.example.com#alice', capabilities: ['admin'],
 * //   attributes: { subject: 'alice', ... } }
 * ```
 */
export function principalFromClaims(
  payload: JWTPayload,
  options: Pick<OAuthResourceOptions, 'scopeCapabilities'>,
): Principal | undefined {
  if (typeof payload.sub !== 'string' || payload.sub === '') return undefined;
  if (typeof payload.iss !== 'string' || payload.iss === '') return undefined;
  const scopes = tokenScopes(payload);
  const capabilities = new Set<string>();
  for (const scope of scopes) {
    for (const capability of options.scopeCapabilities?.[scope] ?? []) capabilities.add(capability);
  }
  const clientId = payload.client_id ?? payload.azp;
  return {
    id: oauthPrincipalId(payload.iss, payload.sub),
    capabilities: [...capabilities],
    attributes: {
      authentication: 'oauth',
      subject: payload.sub,
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
 * ```ts
 * import { createJwtAuthenticator, startHttpHost } from '@arsenal/http';
 *
 * const oauth = {
 *   resource: 'https://mcp.example.com/mcp',
 *   authorizationServers: ['https://auth.example.com'],
 *   jwksUrl: 'https://auth.example.com/.well-known/jwks.json',
 *   requiredScopes: ['mcp'],
 * };
 * const authenticator = createJwtAuthenticator(oauth);
 * // startHttpHost({ oauth, ... }) builds the same authenticator and also serves the metadata.
 * ```
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
    requiredClaims: ['exp', 'sub', 'iss'],
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
 *
 * @example
 * ```ts
 * import { createJwtAuthenticator, createTokenAuthenticator, firstAuthenticator } from '@arsenal/http';
 *
 * const authenticator = firstAuthenticator([
 *   createTokenAuthenticator([{ token: 'dev-token', principal: { id: 'me' } }]),
 *   createJwtAuthenticator({
 *     resource: 'https://mcp.example.com/mcp',
 *     authorizationServers: ['https://auth.example.com'],
 *     jwksUrl: 'https://auth.example.com/.well-known/jwks.json',
 *   }),
 * ]);
 * ```
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
