import { z } from 'zod';

/** Who a client acts as once authenticated (or, over stdio, always). */
const principalSchema = z.strictObject({
  id: z.string().min(1),
  tenant: z.string().optional(),
  capabilities: z.array(z.string()).optional(),
  namespaces: z.array(z.string()).optional(),
});

const credentialSchema = z.strictObject({
  /** The secret the client sends as a bearer token or `X-API-Key`. */
  token: z.string().min(16, 'tokens must be at least 16 characters'),
  principal: principalSchema,
});

const absoluteUrl = z.url({ message: 'must be an absolute URL such as https://host/path' });

/** OAuth 2.1 for remote clients: Arsenal as a protected resource accepting bearer JWTs. */
const oauthSchema = z.strictObject({
  resource: absoluteUrl,
  authorizationServers: z.array(absoluteUrl).min(1),
  jwksUrl: absoluteUrl,
  issuer: z.string().min(1).optional(),
  audience: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  algorithms: z
    .array(
      z.enum([
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
      ]),
    )
    .min(1)
    .optional(),
  clockToleranceSeconds: z.number().int().min(0).max(300).optional(),
  requiredScopes: z.array(z.string().min(1)).optional(),
  scopeCapabilities: z.record(z.string(), z.array(z.string().min(1))).optional(),
  scopesSupported: z.array(z.string().min(1)).optional(),
  resourceName: z.string().optional(),
  jwksTimeoutMs: z.number().int().positive().optional(),
});

/** `serve:` — how the catalog is served: transport, sessions, authentication, extra routes. */
export const serveSchema = z
  .strictObject({
    mode: z.enum(['static', 'dynamic', 'hybrid']).optional(),
    pinned: z.array(z.string()).optional(),
    transport: z.enum(['stdio', 'http']).optional(),
    host: z.string().optional(),
    port: z.number().int().min(0).max(65_535).optional(),
    path: z.string().startsWith('/').optional(),
    sessions: z.enum(['stateful', 'stateless']).optional(),
    maxBodyBytes: z
      .number()
      .int()
      .min(1)
      .max(64 * 1024 * 1024)
      .optional(),
    allowedOrigins: z.array(z.string()).optional(),
    allowedHosts: z.array(z.string().min(1)).optional(),
    maxSessions: z.number().int().min(1).max(1_000_000).optional(),
    maxSessionsPerPrincipal: z.number().int().min(1).max(1_000_000).optional(),
    // Timers hold at most 2^31 - 1 ms; past it Node fires at once.
    sessionIdleMs: z.number().int().min(1000).max(2_147_483_647).optional(),
    headersTimeoutMs: z.number().int().min(100).max(600_000).optional(),
    bodyTimeoutMs: z.number().int().min(100).max(3_600_000).optional(),
    sseRetryMs: z.number().int().min(1).max(600_000).optional(),
    auth: z
      .strictObject({
        tokens: z.array(credentialSchema).min(1).optional(),
        oauth: oauthSchema.optional(),
      })
      .refine((auth) => auth.tokens !== undefined || auth.oauth !== undefined, {
        message: 'serve.auth needs tokens, oauth or both',
      })
      .optional(),
    /** The principal stdio clients act as. */
    stdioPrincipal: principalSchema.optional(),
    /** On SIGTERM, how long in-flight calls may run before the server stops anyway. Default 30000. */
    drainTimeoutMs: z.number().int().min(0).max(3_600_000).optional(),
    /** Serve the catalog as a UTCP manual at this path of the HTTP server (`true`: `/utcp`). */
    utcp: z.union([z.boolean(), z.string().startsWith('/')]).optional(),
    /**
     * Serve the REST API (`@arsenal/rest-api`) under this path of the HTTP server (`true`: `/api`),
     * behind the same host checks and authentication as the MCP endpoint.
     */
    rest: z
      .union([
        z.boolean(),
        z.strictObject({
          path: z.string().startsWith('/').optional(),
          /** The principal capability that may register and unregister tools. Default `admin`. */
          manageCapability: z.string().min(1).optional(),
        }),
      ])
      .optional(),
    /**
     * Serve the web console (`@arsenal/console`) under this path of the HTTP server (`true`:
     * `/console`); it needs the REST API, which it turns on. Read-only unless the principal holds
     * `approveCapability` (default: the REST API's `manageCapability`).
     */
    console: z
      .union([
        z.boolean(),
        z.strictObject({
          path: z.string().startsWith('/').optional(),
          /** The principal capability that may approve quarantined tools from the console. */
          approveCapability: z.string().min(1).optional(),
          /**
           * The capability the console offers calls (and their confirmations) to; the security
           * policy still decides each call. Default: the REST API's `manageCapability`.
           */
          callCapability: z.string().min(1).optional(),
        }),
      ])
      .optional(),
  })
  .superRefine((serve, context) => {
    // The REST API and the console are routes of the HTTP server: asking for them asks for HTTP
    // (on serve.host/serve.port, 127.0.0.1:3333 by default), so only an explicit stdio contradicts.
    if (serve.transport !== 'stdio') return;
    const wanted = (['console', 'rest'] as const).filter(
      (key) => serve[key] !== undefined && serve[key] !== false,
    );
    const first = wanted[0];
    if (first === undefined) return;
    context.addIssue({
      code: 'custom',
      path: ['transport'],
      message: `serve.${first} is served over HTTP, but serve.transport is "stdio": set "transport: http" (or remove the line; serve.${first} then selects HTTP on serve.host and serve.port, 127.0.0.1:3333 by default), or remove serve.${wanted.join(' and serve.')} to serve over stdio`,
    });
  });
