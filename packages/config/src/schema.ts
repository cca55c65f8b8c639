import { DEFAULT_ROUTING_WEIGHTS, type RoutingWeights } from '@arsenal/core';
import { z } from 'zod';

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

export const serveSchema = z.strictObject({
  mode: z.enum(['static', 'dynamic', 'hybrid']).optional(),
  pinned: z.array(z.string()).optional(),
  transport: z.enum(['stdio', 'http']).optional(),
  host: z.string().optional(),
  port: z.number().int().min(0).max(65_535).optional(),
  path: z.string().startsWith('/').optional(),
  sessions: z.enum(['stateful', 'stateless']).optional(),
  maxBodyBytes: z.number().int().positive().optional(),
  allowedOrigins: z.array(z.string()).optional(),
  auth: z.strictObject({ tokens: z.array(credentialSchema).min(1) }).optional(),
  /** The principal stdio clients act as. */
  stdioPrincipal: principalSchema.optional(),
});

export const arsenalConfigSchema = z.strictObject({
  vectorStore: adapterSchema.optional(),
  embedder: adapterSchema.optional(),
  reranker: z.union([z.literal('lexical'), adapterSchema]).optional(),
  telemetry: adapterSchema.optional(),
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
    })
    .optional(),
  hygiene: z.enum(['reject', 'flag', 'off']).optional(),
  quarantine: z.boolean().optional(),
  pinning: z.enum(['reject', 'flag', 'off']).optional(),
  mcpServers: z.record(z.string(), z.union([stdioServerSchema, remoteServerSchema])).optional(),
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
/** A validated `arsenal.yaml`, with `${VAR}` substituted and relative paths resolved. */
export type ArsenalConfig = z.infer<typeof arsenalConfigSchema> & {
  /** Folder of the config file: relative paths are resolved against it. */
  baseDir: string;
  /** Where it was loaded from, when from a file. */
  source?: string;
};
