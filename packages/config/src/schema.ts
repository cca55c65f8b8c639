import { DEFAULT_ROUTING_WEIGHTS, type RoutingWeights } from '@arsenal/core';
import { z } from 'zod';
import { cliToolsSchema } from './cli-tools-schema.js';
import { httpSourceSchema, openApiSourceSchema } from './http-sources-schema.js';
import { utcpSourceSchema } from './utcp-sources-schema.js';

/** A third-party (or first-party) adapter, chosen by package name. */
export const adapterSchema = z.strictObject({
  /** Package to import: `@arsenal/store-qdrant`, `@acme/arsenal-store-x`. */
  use: z.string().min(1),
  /** Named export of the factory; default: the default export, else the only `create*` export. */
  export: z.string().min(1).optional(),
  /** Passed to the factory as its single argument. */
  options: z.record(z.string(), z.unknown()).optional(),
});

const policyRuleSchema = z.strictObject({
  tools: z.array(z.string()).optional(),
  namespaces: z.array(z.string()).optional(),
  capabilities: z.array(z.string()).optional(),
});

const principalSchema = z.strictObject({
  id: z.string().min(1),
  tenant: z.string().optional(),
  capabilities: z.array(z.string()).optional(),
  namespaces: z.array(z.string()).optional(),
});

const stdioServerSchema = z.strictObject({
  transport: z.literal('stdio').optional(),
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
  timeoutMs: z.number().int().positive().optional(),
  enabled: z.boolean().optional(),
});

const remoteServerSchema = z.strictObject({
  transport: z.enum(['http', 'sse']).optional(),
  url: z.url(),
  headers: z.record(z.string(), z.string()).optional(),
  timeoutMs: z.number().int().positive().optional(),
  enabled: z.boolean().optional(),
});

/** An A2A agent whose skills become tools: `a2aAgents.<name>` in arsenal.yaml. */
export const a2aAgentSchema = z.strictObject({
  /** The agent's base URL (its card is under /.well-known/). */
  url: z.url(),
  /** For an HTTP bearer security scheme (or a token obtained for OAuth2). */
  bearerToken: z.string().min(1).optional(),
  /** For an API-key security scheme. */
  apiKey: z.string().min(1).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  /** auto (default): stream skills the card marks long-running; send: never; stream: always. */
  mode: z.enum(['auto', 'send', 'stream']).optional(),
  streamingSkills: z.array(z.string()).optional(),
  timeoutMs: z.number().int().positive().optional(),
  /** Re-read the card this often and follow changes. */
  pollIntervalMs: z.number().int().positive().optional(),
  enabled: z.boolean().optional(),
});

const catalogFileSchema = z.union([
  z.string().min(1),
  z.strictObject({ path: z.string().min(1), namespace: z.string().optional() }),
]);

const inlineToolSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().min(1),
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

export const serveSchema = z
  .strictObject({
    mode: z.enum(['static', 'dynamic', 'hybrid']).optional(),
    pinned: z.array(z.string()).optional(),
    transport: z.enum(['stdio', 'http']).optional(),
    host: z.string().optional(),
    port: z.number().int().min(0).max(65_535).optional(),
    path: z.string().startsWith('/').optional(),
    sessions: z.enum(['stateful', 'stateless']).optional(),
    maxBodyBytes: z.number().int().positive().optional(),
    allowedOrigins: z.array(z.string()).optional(),
    allowedHosts: z.array(z.string().min(1)).optional(),
    maxSessions: z.number().int().positive().optional(),
    maxSessionsPerPrincipal: z.number().int().positive().optional(),
    sessionIdleMs: z.number().int().positive().optional(),
    headersTimeoutMs: z.number().int().positive().optional(),
    bodyTimeoutMs: z.number().int().positive().optional(),
    sseRetryMs: z.number().int().positive().optional(),
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

const tokenBucketSchema = z.strictObject({
  capacity: z.number().positive(),
  refillPerSecond: z.number().min(0),
});

/** `state:` — a shared StateStore adapter, and how replicas sync through it. */
export const stateSchema = adapterSchema.extend({
  /** How often a replica pulls shared breakers, health and cancel requests. Default 1000. */
  syncIntervalMs: z.number().int().min(10).optional(),
  /** Names this replica in shared records (e.g. the pod name). Default: random. */
  replicaId: z
    .string()
    .regex(/^[\w.-]+$/, 'may hold only letters, digits, "_", "." and "-"')
    .optional(),
  /** false: only rate limits go through the store; breakers, health and invocations stay local. */
  share: z.boolean().optional(),
});

export const arsenalConfigSchema = z.strictObject({
  vectorStore: adapterSchema.optional(),
  state: stateSchema.optional(),
  /** Where audit records of every call go: `@arsenal/history-jsonl`, `@arsenal/history-postgres`. */
  history: adapterSchema.optional(),
  embedder: adapterSchema.optional(),
  reranker: z.union([z.literal('lexical'), adapterSchema]).optional(),
  telemetry: z.union([adapterSchema, z.array(adapterSchema).min(1)]).optional(),
  routing: z
    .strictObject({
      weights: z
        .partialRecord(
          z.enum(Object.keys(DEFAULT_ROUTING_WEIGHTS) as [keyof RoutingWeights]),
          z.number().min(0),
        )
        .optional(),
      candidatePool: z.number().int().positive().optional(),
      rerankTopN: z.number().int().positive().optional(),
    })
    .optional(),
  execution: z
    .strictObject({
      timeoutMs: z.number().int().positive().optional(),
      retries: z.number().int().min(0).max(10).optional(),
      maxArgumentBytes: z.number().int().positive().optional(),
      confirmationTtlMs: z.number().int().positive().optional(),
      /** Circuit breakers; with `state:` a circuit opened on one replica opens on all. */
      breaker: z
        .strictObject({
          failureThreshold: z.number().int().positive().optional(),
          cooldownMs: z.number().int().min(0).optional(),
          halfOpenMaxCalls: z.number().int().positive().optional(),
          successThreshold: z.number().int().positive().optional(),
        })
        .optional(),
      /** Token buckets; with `state:` every replica draws from the same ones. */
      rateLimits: z
        .strictObject({
          perTool: tokenBucketSchema.optional(),
          perPrincipal: tokenBucketSchema.optional(),
          tools: z.record(z.string(), tokenBucketSchema).optional(),
        })
        .optional(),
    })
    .optional(),
  policy: z
    .strictObject({
      allow: policyRuleSchema.optional(),
      deny: policyRuleSchema.optional(),
      requireConfirmation: policyRuleSchema.optional(),
      allowedDomains: z.array(z.string()).optional(),
      confirmDestructive: z.boolean().optional(),
      requirePrincipal: z.boolean().optional(),
      /** A rule pattern matching no registered tool fails start-up instead of warning. */
      strict: z.boolean().optional(),
    })
    .optional(),
  hygiene: z.enum(['reject', 'flag', 'off']).optional(),
  quarantine: z.boolean().optional(),
  pinning: z.enum(['reject', 'flag', 'off']).optional(),
  mcpServers: z.record(z.string(), z.union([stdioServerSchema, remoteServerSchema])).optional(),
  /** Command-line programs as tools (namespace `cli`). */
  cli: cliToolsSchema.optional(),
  /** REST APIs with an OpenAPI 3.x / Swagger 2.0 spec, by source name. */
  openapi: z.record(z.string(), openApiSourceSchema).optional(),
  /** Plain HTTP tools, by source name. */
  http: z.record(z.string(), httpSourceSchema).optional(),
  a2aAgents: z.record(z.string(), a2aAgentSchema).optional(),
  /** UTCP manuals, by name (the namespace of their tools). */
  utcp: z.record(z.string(), utcpSourceSchema).optional(),
  tools: z
    .strictObject({
      catalogs: z.array(catalogFileSchema).optional(),
      inline: z.array(inlineToolSchema).optional(),
    })
    .optional(),
  serve: serveSchema.optional(),
});

export type AdapterConfig = z.infer<typeof adapterSchema>;
export type ServeConfig = z.infer<typeof serveSchema>;
export type McpServerConfig = NonNullable<
  z.infer<typeof arsenalConfigSchema>['mcpServers']
>[string];
export type A2aAgentConfig = z.infer<typeof a2aAgentSchema>;
/** A validated `arsenal.yaml`, with `${VAR}` substituted and relative paths resolved. */
export type ArsenalConfig = z.infer<typeof arsenalConfigSchema> & {
  /** Folder of the config file: relative paths are resolved against it. */
  baseDir: string;
  /** Where it was loaded from, when from a file. */
  source?: string;
};
