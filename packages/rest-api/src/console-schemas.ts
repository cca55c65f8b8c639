import { z } from 'zod';
import { toolSchema } from './schemas.js';

// Requests and answers of the routes the console reads: who am I, health, recent calls,
// quarantine and pins, and a tool in every dialect.

/** Most audit records one page of `GET /calls` returns. */
export const MAX_CALLS_PAGE = 200;

// ---- Requests ----

export const callsQuerySchema = z.strictObject({
  tool: z
    .string()
    .min(1)
    .max(400)
    .optional()
    .meta({ description: 'Only calls of this tool (the name as called).' }),
  principal: z.string().min(1).max(400).optional().meta({
    description: 'Only calls of this principal id (auditors only; others see their own).',
  }),
  status: z.string().min(1).max(40).optional().meta({
    description: 'Only calls ending in this status (`success`, `failure`, `timeout`...).',
  }),
  before: z.iso.datetime({ offset: true }).optional().meta({
    description: 'Only calls completed before this ISO time: the `nextBefore` of a page.',
  }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_CALLS_PAGE)
    .default(50)
    .meta({
      description: `Page size, at most ${MAX_CALLS_PAGE}; newest first. A page holds more only when more calls than that finished in the same millisecond (it keeps them together).`,
    }),
});

export const emptyQuerySchema = z.strictObject({});

// ---- Responses ----

export const whoAmISchema = z.strictObject({
  principal: z
    .strictObject({
      id: z.string(),
      tenant: z.string().optional(),
      capabilities: z.array(z.string()),
    })
    .nullable()
    .meta({ description: 'Null for an anonymous caller (a server without authentication).' }),
  permissions: z.strictObject({
    manageTools: z.boolean().meta({ description: 'May register and unregister tools.' }),
    approveTools: z.boolean().meta({ description: 'May approve quarantined tools.' }),
    readAllCalls: z.boolean().meta({ description: "May read every principal's calls." }),
    callTools: z.boolean().meta({
      description: 'The console offers it calls and confirmations (policy still applies).',
    }),
  }),
});

export const toolHealthSchema = z.strictObject({
  qualifiedName: z.string(),
  name: z.string(),
  namespace: z.string(),
  circuitState: z.enum(['closed', 'open', 'half_open']),
  successRate: z.number(),
  totalCalls: z.number().int(),
  successCount: z.number().int(),
  failureCount: z.number().int(),
  consecutiveFailures: z.number().int(),
  averageLatencyMs: z.number(),
  p50LatencyMs: z.number(),
  p95LatencyMs: z.number(),
  lastSuccessAt: z.string().optional(),
  lastFailureAt: z.string().optional(),
});

export const healthSummarySchema = z.strictObject({
  tools: z.array(toolHealthSchema),
  breakers: z.strictObject({
    closed: z.number().int(),
    open: z.number().int(),
    halfOpen: z.number().int(),
  }),
});

export const auditRecordSchema = z.looseObject({
  id: z.string(),
  tool: z.string(),
  qualifiedName: z.string().optional(),
  principalId: z.string().optional(),
  status: z.string(),
  errorCode: z.string().optional(),
  errorMessage: z.string().optional(),
  completedAt: z.string(),
  durationMs: z.number(),
  attempt: z.number().int(),
  arguments: z.record(z.string(), z.unknown()),
});

export const callsPageSchema = z.strictObject({
  calls: z.array(auditRecordSchema),
  limit: z.number().int(),
  nextBefore: z
    .string()
    .optional()
    .meta({ description: 'Pass as `before` for the next (older) page; absent on the last.' }),
});

export const quarantinedToolSchema = z.strictObject({
  tool: toolSchema,
  quarantinedAt: z.string(),
  findings: z.array(z.looseObject({ rule: z.string(), path: z.string(), message: z.string() })),
});

export const quarantineSchema = z.strictObject({
  tools: z.array(quarantinedToolSchema),
  canApprove: z.boolean().meta({ description: 'Whether this caller may approve them.' }),
});

export const approvedSchema = z.strictObject({ approved: toolSchema });

export const pinnedToolSchema = z.strictObject({
  server: z.string().meta({ description: 'The MCP server (mcpServers key) the tool comes from.' }),
  tool: z.string().meta({ description: 'The tool name as the server lists it.' }),
  hash: z.string().meta({ description: 'Pinning hash of the approved text and schemas.' }),
  approvedAt: z.string(),
  contentHash: z.string().optional(),
});

export const pinsSchema = z.strictObject({
  pins: z.array(pinnedToolSchema),
  lockFile: z.string().optional().meta({ description: 'Where the approvals are kept.' }),
});

export const dialectEncodingSchema = z.union([
  z.strictObject({
    dialect: z.string(),
    status: z.literal('encoded'),
    tokens: z.number().int(),
    tool: z.unknown(),
  }),
  z.strictObject({ dialect: z.string(), status: z.literal('failed'), error: z.string() }),
  z.strictObject({
    dialect: z.string(),
    status: z.literal('not_installed'),
    packageName: z.string(),
  }),
]);

export const toolDialectsSchema = z.strictObject({
  tool: toolSchema,
  tokenizer: z
    .string()
    .meta({ description: 'How tokens were counted (`o200k_base`, or `estimate`: chars / 4).' }),
  dialects: z.array(dialectEncodingSchema),
});
