import { z } from 'zod';

/** Most tools one page of `GET /tools` returns. */
export const MAX_PAGE_SIZE = 200;
/** Most tools one search returns. */
export const MAX_SEARCH_LIMIT = 50;
/**
 * Longest `timeoutMs` a call may ask for: 24 hours. Past Node's timer range (about 24.8 days) a
 * timer fires at once, which would answer 504 while the call still runs.
 */
export const MAX_CALL_TIMEOUT_MS = 86_400_000;

const jsonObject = z.record(z.string(), z.unknown());

// ---- Requests ----

export const listToolsQuerySchema = z.strictObject({
  namespace: z.string().min(1).optional().meta({ description: 'Only tools in this namespace.' }),
  source: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'Only tools from this source kind (`mcp`, `http`, `function`...).' }),
  tag: z.string().min(1).optional().meta({ description: 'Only tools carrying this tag.' }),
  q: z.string().max(200).optional().meta({
    description:
      'Only tools whose name, namespace or description holds every word of this text (any case).',
  }),
  facets: z.enum(['true', 'false']).optional().meta({
    description:
      '`true` adds `facets`: how many of the tools this caller may see are in each namespace, source and tag (filters not applied).',
  }),
  offset: z.coerce.number().int().min(0).default(0).meta({ description: 'Tools to skip.' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(50)
    .meta({ description: `Page size, at most ${MAX_PAGE_SIZE}.` }),
});

export const toolDependencySchema = z.strictObject({
  tool: z.string().min(1),
  kind: z.enum(['requires', 'suggests', 'conflicts']),
  reason: z.string().optional(),
});

/** A tool definition as `POST /tools` accepts it; core validates it further. */
export const registerToolBodySchema = z.strictObject({
  name: z.string().min(1).meta({ description: 'snake_case name, unique in its namespace.' }),
  version: z.string().optional().meta({ description: 'Semantic version. Default 1.0.0.' }),
  namespace: z.string().min(1).optional().meta({ description: 'Default `default`.' }),
  title: z.string().optional(),
  description: z.string().min(1).meta({ description: '10–2000 characters: what it does.' }),
  extendedDescription: z.string().optional(),
  examples: z.array(z.string()).optional(),
  tags: z.array(z.string()).optional(),
  parametersSchema: jsonObject.optional().meta({ description: 'JSON Schema of the arguments.' }),
  returnsSchema: jsonObject.optional(),
  source: z.string().min(1).optional(),
  sourceUri: z.string().optional(),
  capabilities: z.array(z.string()).optional(),
  requiresConfirmation: z.boolean().optional(),
  annotations: z
    .strictObject({
      title: z.string().optional(),
      readOnlyHint: z.boolean().optional(),
      destructiveHint: z.boolean().optional(),
      idempotentHint: z.boolean().optional(),
      openWorldHint: z.boolean().optional(),
    })
    .optional(),
  metadata: jsonObject.optional(),
  deprecated: z.boolean().optional(),
  deprecationMessage: z.string().optional(),
  supersededBy: z.string().optional(),
  dependencies: z.array(toolDependencySchema).optional(),
});

export const searchBodySchema = z.strictObject({
  query: z.string().min(1).max(4000).meta({ description: 'What the tools should do.' }),
  limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).optional(),
  tokenBudget: z.number().int().positive().optional(),
  scoreThreshold: z.number().min(0).max(1).optional(),
  includeDependencies: z.boolean().optional(),
  pinned: z.array(z.string().min(1)).optional(),
  filters: z
    .strictObject({
      namespaces: z.array(z.string().min(1)).optional(),
      tags: z.array(z.string().min(1)).optional(),
      sources: z.array(z.string().min(1)).optional(),
    })
    .optional(),
});

export const executeBodySchema = z.strictObject({
  tool: z.string().min(1).meta({ description: 'Name, `namespace.name` or qualified name.' }),
  arguments: jsonObject.optional().meta({ description: 'The call arguments. Default `{}`.' }),
  mode: z
    .enum(['sync', 'async'])
    .default('sync')
    .meta({ description: '`async` answers 202 with an invocation id at once.' }),
  timeoutMs: z
    .number()
    .int()
    .min(1)
    .max(MAX_CALL_TIMEOUT_MS)
    .optional()
    .meta({
      description: `How long the call may run, in ms (1 to ${MAX_CALL_TIMEOUT_MS}, 24 hours). Default: the engine's.`,
    }),
  query: z.string().optional().meta({ description: 'The request the tool was chosen for.' }),
  traceId: z.string().optional(),
});

// ---- Responses ----

export const toolSchema = z.looseObject({
  name: z.string(),
  version: z.string(),
  namespace: z.string(),
  qualifiedName: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  parametersSchema: jsonObject,
  source: z.string(),
  capabilities: z.array(z.string()),
  requiresConfirmation: z.boolean(),
  deprecated: z.boolean(),
  contentHash: z.string(),
});

export const toolPageSchema = z.strictObject({
  tools: z.array(toolSchema),
  total: z.number().int().meta({ description: 'Tools matching the filters, all pages.' }),
  offset: z.number().int(),
  limit: z.number().int(),
  nextOffset: z.number().int().optional().meta({ description: 'Absent on the last page.' }),
  facets: z
    .strictObject({
      namespaces: z.record(z.string(), z.number().int()),
      sources: z.record(z.string(), z.number().int()),
      tags: z.record(z.string(), z.number().int()),
    })
    .optional()
    .meta({ description: 'With `facets=true`: tools per namespace, source and tag.' }),
});

export const registrationSchema = z.strictObject({
  tool: toolSchema.optional().meta({ description: 'Absent when the tool was quarantined.' }),
  change: z.enum(['added', 'updated', 'unchanged', 'quarantined']),
  warnings: z.array(z.strictObject({ path: z.string(), message: z.string() })),
});

export const scoredToolSchema = z.looseObject({
  tool: toolSchema,
  score: z.number(),
  rank: z.number().int(),
  signals: z
    .record(z.string(), z.number())
    .meta({ description: "Each signal's contribution (lexical, semantic, ...)." }),
  pinned: z.boolean().optional(),
  requiredBy: z.array(z.string()).optional(),
  tokens: z.number().optional(),
});

export const searchResultSchema = z.looseObject({
  query: z.string(),
  traceId: z.string(),
  tools: z.array(scoredToolSchema),
  intent: z.string().optional(),
  weights: z.record(z.string(), z.number()).optional(),
});

export const toolResultSchema = z.looseObject({
  callId: z.string(),
  tool: z.string(),
  qualifiedName: z.string().optional(),
  status: z.string(),
  result: z.unknown().optional(),
  error: jsonObject.optional(),
  confirmation: z
    .strictObject({ id: z.string(), expiresAt: z.string(), reason: z.string() })
    .optional(),
  traceId: z.string(),
});

export const invocationSchema = z.looseObject({
  id: z.string(),
  tool: z.string(),
  state: z.enum(['pending', 'running', 'completed', 'failed', 'cancelled']),
  progress: z.number().optional(),
  message: z.string().optional(),
  createdAt: z.string(),
  result: toolResultSchema.optional(),
});

export const invocationAcceptedSchema = z.strictObject({
  invocationId: z.string(),
  status: z.string().meta({ description: 'Where to poll: `/invocations/{id}`.' }),
  events: z.string().meta({ description: 'Progress as Server-Sent Events.' }),
});

export const problemSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string().optional(),
  code: z.string(),
  issues: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
});

export const removedSchema = z.strictObject({
  removed: z.array(z.string()).meta({ description: 'Qualified names of the removed versions.' }),
});
