/**
 * Arsenal as an OAuth 2.1 protected resource (the MCP authorization spec): it publishes its
 * Protected Resource Metadata (RFC 9728) and accepts bearer JWTs issued by the authorization
 * servers it names, checked against their JWKS.
 *
 * @example
 * ```ts
 * import { type OAuthResourceOptions, startHttpHost } from '@arsenal/http';
 *
 * const oauth: OAuthResourceOptions = {
 *   resource: 'https://mcp.example.com/mcp',
 *   authorizationServers: ['https://auth.example.com'],
 *   jwksUrl: 'https://auth.example.com/.well-known/jwks.json',
 *   requiredScopes: ['mcp'],
 *   scopeCapabilities: { 'tools:admin': ['admin'] },
 * };
 * const host = await startHttpHost({ oauth, port: 0, routes: [] });
 * await host.close();
 * ```
 */
export interface OAuthResourceOptions {
  /**
   * The canonical URI of this MCP server, as clients address it: `https://mcp.example.com/mcp`.
   * It is the `resource` in the metadata and, unless `audience` says otherwise, the audience a
   * token must carry.
   */
  resource: string;
  /** Issuer URLs of the authorization servers clients get tokens from. At least one. */
  authorizationServers: readonly string[];
  /** URL of the JSON Web Key Set that signs the tokens. */
  jwksUrl: string;
  /** The `iss` a token must carry. Default: the first authorization server. */
  issuer?: string;
  /** The `aud` a token must carry (any one of them). Default: `resource`. */
  audience?: string | readonly string[];
  /**
   * Signature algorithms accepted. Default: the asymmetric ones (`RS256` … `EdDSA`); symmetric
   * (`HS*`) and `none` are refused, so a public key can never be used as an HMAC secret.
   */
  algorithms?: readonly string[];
  /** Clock skew tolerated on `exp` and `nbf`, in seconds. Default 30. */
  clockToleranceSeconds?: number;
  /** Scopes every token must hold; one missing gives 403 `insufficient_scope`. Default none. */
  requiredScopes?: readonly string[];
  /** Capabilities a scope grants the principal: `{ "tools:admin": ["admin"] }`. */
  scopeCapabilities?: Readonly<Record<string, readonly string[]>>;
  /** Scopes listed in the metadata. Default: `requiredScopes` and the keys of `scopeCapabilities`. */
  scopesSupported?: readonly string[];
  /** A human-readable name for the metadata. */
  resourceName?: string;
  /** How long a JWKS fetch may take, in ms. Default 5000. */
  jwksTimeoutMs?: number;
}

/**
 * The asymmetric JWS algorithms accepted unless configured otherwise.
 *
 * @example
 * ```ts
 * import { DEFAULT_JWT_ALGORITHMS } from '@arsenal/http';
 *
 * // Accept only the elliptic-curve algorithms among the defaults.
 * const algorithms = DEFAULT_JWT_ALGORITHMS.filter((name) => name.startsWith('ES'));
 * ```
 */
export const DEFAULT_JWT_ALGORITHMS: readonly string[] = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

const WELL_KNOWN = '/.well-known/oauth-protected-resource';

/**
 * The paths the metadata is served at: the RFC 9728 location for the resource's own path
 * (`/.well-known/oauth-protected-resource/mcp`) and the bare well-known path that clients
 * try as a fallback.
 *
 * @example
 * ```ts
 * import { metadataPaths } from '@arsenal/http';
 *
 * metadataPaths('https://mcp.example.com/mcp');
 * // ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']
 * ```
 */
export function metadataPaths(resource: string): string[] {
  const { pathname } = new URL(resource);
  const suffix = pathname === '/' ? '' : pathname.replace(/\/$/, '');
  return suffix === '' ? [WELL_KNOWN] : [`${WELL_KNOWN}${suffix}`, WELL_KNOWN];
}

/**
 * The absolute URL of the metadata document, for `WWW-Authenticate: Bearer resource_metadata=`.
 *
 * @example
 * ```ts
 * import { metadataUrl } from '@arsenal/http';
 *
 * metadataUrl('https://mcp.example.com/mcp');
 * // 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp'
 * ```
 */
export function metadataUrl(resource: string): string {
  const url = new URL(resource);
  const [path] = metadataPaths(resource);
  return `${url.origin}${path}`;
}

/**
 * The Protected Resource Metadata document (RFC 9728 §2).
 *
 * @example
 * ```ts
 * import { protectedResourceMetadata } from '@arsenal/http';
 *
 * const document = protectedResourceMetadata({
 *   resource: 'https://mcp.example.com/mcp',
 *   authorizationServers: ['https://auth.example.com'],
 *   jwksUrl: 'https://auth.example.com/.well-known/jwks.json',
 *   requiredScopes: ['mcp'],
 * });
 * // { resource: 'https://mcp.example.com/mcp', authorization_servers: [...], scopes_supported: ['mcp'], ... }
 * ```
 */
export function protectedResourceMetadata(options: OAuthResourceOptions): Record<string, unknown> {
  const scopes = options.scopesSupported ?? [
    ...new Set([
      ...(options.requiredScopes ?? []),
      ...Object.keys(options.scopeCapabilities ?? {}),
    ]),
  ];
  return {
    resource: options.resource,
    authorization_servers: [...options.authorizationServers],
    bearer_methods_supported: ['header'],
    resource_signing_alg_values_supported: [...(options.algorithms ?? DEFAULT_JWT_ALGORITHMS)],
    ...(scopes.length > 0 ? { scopes_supported: scopes } : {}),
    ...(options.resourceName ? { resource_name: options.resourceName } : {}),
  };
}

function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '')}"`;
}

/**
 * A `WWW-Authenticate` challenge pointing clients at the metadata (RFC 9728 §5.1, RFC 6750 §3).
 *
 * @example
 * ```ts
 * import { bearerChallenge } from '@arsenal/http';
 *
 * const oauth = {
 *   resource: 'https://mcp.example.com/mcp',
 *   authorizationServers: ['https://auth.example.com'],
 *   jwksUrl: 'https://auth.example.com/.well-known/jwks.json',
 * };
 * bearerChallenge(oauth, { code: 'insufficient_scope', scope: ['tools:admin'] });
 * // 'Bearer realm="arsenal", resource_metadata="https://mcp.example.com/.well-known/...",
 * //  error="insufficient_scope", scope="tools:admin"'
 * ```
 */
export function bearerChallenge(
  options: OAuthResourceOptions | undefined,
  error?: { code: 'invalid_token' | 'insufficient_scope'; scope?: readonly string[] },
): string {
  const parts = ['realm="arsenal"'];
  if (options) parts.push(`resource_metadata=${quoted(metadataUrl(options.resource))}`);
  if (error) parts.push(`error=${quoted(error.code)}`);
  const scope = error?.scope ?? options?.requiredScopes;
  if (options && scope && scope.length > 0) parts.push(`scope=${quoted(scope.join(' '))}`);
  return `Bearer ${parts.join(', ')}`;
}
