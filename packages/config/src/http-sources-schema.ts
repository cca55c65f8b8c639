import { z } from 'zod';

// The `openapi:` and `http:` sections of arsenal.yaml: REST APIs as tool sources.

const addressRange = z.enum(['loopback', 'private', 'link_local', 'reserved']);

/** Network limits shared by both kinds of HTTP source. */
export const networkFields = {
  /** Non-public ranges the source may reach (`loopback` for an API on this machine). */
  allowAddresses: z.array(addressRange).optional(),
  timeoutMs: z.number().int().positive().optional(),
  maxResponseBytes: z.number().int().positive().optional(),
  maxRedirects: z.number().int().min(0).max(20).optional(),
  maxRetries: z.number().int().min(0).max(10).optional(),
  /** Sent with every request. */
  headers: z.record(z.string(), z.string()).optional(),
  enabled: z.boolean().optional(),
};

const schemeCredentialSchema = z.strictObject({
  apiKey: z.string().min(1).optional(),
  username: z.string().min(1).optional(),
  password: z.string().optional(),
  token: z.string().min(1).optional(),
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().min(1).optional(),
  scopes: z.array(z.string()).optional(),
  tokenUrl: z.url().optional(),
});

export const openApiSourceSchema = z.strictObject({
  /** A file path (relative to the config file), or an http(s) URL; YAML or JSON. */
  spec: z.string().min(1),
  baseUrl: z.url().optional(),
  serverVariables: z.record(z.string(), z.string()).optional(),
  /** Credentials by the name of the spec's security scheme. */
  credentials: z.record(z.string(), schemeCredentialSchema).optional(),
  /** Operation ids to retry though their method is not idempotent. */
  retryable: z.array(z.string()).optional(),
  ...networkFields,
});

const httpAuthSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('apiKey'),
    in: z.enum(['header', 'query', 'cookie']),
    name: z.string().min(1),
    apiKey: z.string().min(1),
  }),
  z.strictObject({ type: z.literal('basic'), username: z.string().min(1), password: z.string() }),
  z.strictObject({ type: z.literal('bearer'), token: z.string().min(1) }),
  z.strictObject({
    type: z.literal('oauth2'),
    tokenUrl: z.url(),
    clientId: z.string().min(1),
    clientSecret: z.string().min(1),
    scopes: z.array(z.string()).optional(),
    clientAuth: z.enum(['basic', 'body']).optional(),
  }),
]);

const httpToolSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().min(1),
  method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']).optional(),
  /** `https://api.example.com/users/{id}?q={query}`: placeholders in path and query only. */
  url: z.string().regex(/^https?:\/\//i, 'must be an absolute http(s) URL'),
  headers: z.record(z.string(), z.string()).optional(),
  body: z.unknown().optional(),
  contentType: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()).optional(),
  auth: httpAuthSchema.optional(),
  retryable: z.boolean().optional(),
  tags: z.array(z.string()).optional(),
  deprecated: z.boolean().optional(),
});

export const httpSourceSchema = z.strictObject({
  tools: z.array(httpToolSchema).min(1),
  /** Credentials for every tool of the source (a tool's own `auth` wins). */
  auth: httpAuthSchema.optional(),
  ...networkFields,
});

export type OpenApiSourceConfig = z.infer<typeof openApiSourceSchema>;
export type HttpSourceConfig = z.infer<typeof httpSourceSchema>;
