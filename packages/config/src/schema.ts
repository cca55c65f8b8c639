import { DEFAULT_ROUTING_WEIGHTS, type RoutingWeights } from '@arsenal/core';
import { z } from 'zod';
import { cliToolsSchema } from './cli-tools-schema.js';
import { httpSourceSchema, openApiSourceSchema } from './http-sources-schema.js';
import { serveSchema } from './serve-schema.js';
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

/**
 * The zod schema of `arsenal.yaml`, after `${VAR}` substitution; `parseConfig` and `loadConfig` apply it with line numbers.
 *
 * @example
 * ```ts
 * import { arsenalConfigSchema } from '@arsenal/config';
 *
 * const result = arsenalConfigSchema.safeParse({ serve: { mode: 'dynamic', port: 3333 } });
 * if (!result.success) console.error(result.error.issues);
 * ```
 */
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
          /** Whose failures a circuit counts: tool (default), principal or tenant. */
          scope: z.enum(['tool', 'principal', 'tenant']).optional(),
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
      /**
       * Capability globs an anonymous caller of a served surface holds. Default: none over HTTP
       * (tools needing a capability are hidden from it); every one (`*`) over stdio and with
       * `serve --dev`, where the one client is the operator's own.
       */
      anonymousCapabilities: z.array(z.string()).optional(),
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

/**
 * An adapter entry (`vectorStore`, `embedder`, `telemetry`...): a package, its factory and the factory's options.
 *
 * @example
 * ```ts
 * import { type AdapterConfig, loadAdapter } from '@arsenal/config';
 *
 * const embedder: AdapterConfig = {
 *   use: '@arsenal/embedder-ollama',
 *   export: 'createOllamaEmbedder',
 *   options: { model: 'nomic-embed-text' },
 * };
 * const loaded = await loadAdapter(embedder, process.cwd(), 'embedder');
 * ```
 */
export type AdapterConfig = z.infer<typeof adapterSchema>;
/**
 * The `serve:` section: how `arsenal serve` serves the Arsenal (mode, transport, address, auth, limits).
 *
 * @example
 * ```ts
 * import { parseConfig, type ServeConfig } from '@arsenal/config';
 *
 * const serve: ServeConfig = parseConfig('serve:\n  transport: http\n  port: 3333\n').serve ?? {};
 * console.log(serve.transport, serve.port); // http 3333
 * ```
 */
export type ServeConfig = z.infer<typeof serveSchema>;
/**
 * One `mcpServers.<name>` entry: a command to spawn (stdio) or a URL (Streamable HTTP or SSE).
 *
 * @example
 * ```ts
 * import type { McpServerConfig } from '@arsenal/config';
 *
 * const local: McpServerConfig = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] };
 * const remote: McpServerConfig = { url: 'https://mcp.example.com/mcp', transport: 'http', timeoutMs: 10_000 };
 * ```
 */
export type McpServerConfig = NonNullable<
  z.infer<typeof arsenalConfigSchema>['mcpServers']
>[string];
/**
 * One `a2aAgents.<name>` entry: an A2A agent whose skills become tools.
 *
 * @example
 * ```ts
 * import type { A2aAgentConfig } from '@arsenal/config';
 *
 * const travel: A2aAgentConfig = {
 *   url: 'https://agents.example.com/travel',
 *   bearerToken: process.env.TRAVEL_TOKEN ?? 'dev-token',
 *   mode: 'auto',
 * };
 * ```
 */
export type A2aAgentConfig = z.infer<typeof a2aAgentSchema>;
/**
 * A validated `arsenal.yaml`, with `${VAR}` substituted and relative paths resolved.
 *
 * @example
 * ```ts
 * import { type ArsenalConfig, createArsenalFromConfig, loadConfig } from '@arsenal/config';
 *
 * const config: ArsenalConfig = await loadConfig('arsenal.yaml');
 * config.baseDir; // the folder relative paths in it were resolved against
 * const { close } = await createArsenalFromConfig({ ...config, pinning: 'flag' });
 * await close();
 * ```
 */
export type ArsenalConfig = z.infer<typeof arsenalConfigSchema> & {
  /** Folder of the config file: relative paths are resolved against it. */
  baseDir: string;
  /** Where it was loaded from, when from a file. */
  source?: string;
};
