import { z } from 'zod';

const jsonObject = z.record(z.string(), z.unknown());

const valueSourceSchema = z.union([
  z
    .string()
    .min(1)
    .meta({ description: '`<input or step id>#<JSON Pointer>`, e.g. `fetch#/orders`.' }),
  z.strictObject({ from: z.string().min(1), pointer: z.string().optional() }),
]);

export const planStepSchema = z.strictObject({
  id: z.string().min(1).max(64),
  tool: z.string().min(1).meta({ description: 'Tool name, `namespace.name` or qualified name.' }),
  arguments: jsonObject.optional(),
  inputs: z.record(z.string(), valueSourceSchema).optional(),
  after: z.array(z.string().min(1)).max(100).optional(),
  fallbacks: z.array(z.string().min(1)).max(10).optional(),
  timeoutMs: z.number().int().positive().optional(),
  retries: z.number().int().min(0).max(10).optional(),
});

export const executionPlanSchema = z.strictObject({
  id: z.string().min(1).max(200).optional(),
  task: z.string().max(4000).optional(),
  input: jsonObject.optional(),
  steps: z.array(planStepSchema).max(100),
});

export const planTaskBodySchema = z.strictObject({
  task: z.string().min(1).max(4000).meta({ description: 'The request in words.' }),
  input: jsonObject.optional(),
  maxSteps: z.number().int().min(1).max(20).optional(),
});

export const planBodySchema = z.strictObject({ plan: executionPlanSchema });

export const runPlanBodySchema = z.strictObject({
  plan: executionPlanSchema,
  concurrency: z.number().int().min(1).max(16).optional(),
});

export const graphQuerySchema = z.strictObject({
  format: z.enum(['json', 'mermaid', 'dot']).default('json'),
});

const planIssueSchema = z.object({
  severity: z.enum(['error', 'warning']),
  step: z.string().optional(),
  code: z.string(),
  path: z.string(),
  message: z.string(),
});

export const planValidationSchema = z.object({
  valid: z.boolean(),
  issues: z.array(planIssueSchema),
  order: z.array(z.string()),
});

export const plannedSchema = z.object({
  plan: executionPlanSchema,
  validation: planValidationSchema,
});

const stepRunSchema = z.object({
  id: z.string(),
  status: z.enum(['succeeded', 'failed', 'skipped', 'cancelled', 'pending_confirmation']),
  producedBy: z.string().optional(),
  fallbackUsed: z.boolean().optional(),
  attempts: z.array(
    z.object({
      tool: z.string(),
      callId: z.string(),
      status: z.string(),
      error: jsonObject.optional(),
    }),
  ),
  arguments: jsonObject.optional(),
  result: z.unknown().optional(),
  error: jsonObject.optional(),
  reason: z.string().optional(),
  confirmationId: z.string().optional(),
  startedAt: z.string().optional(),
  completedAt: z.string().optional(),
});

export const planRunSchema = z.object({
  planId: z.string(),
  status: z.enum(['succeeded', 'partial', 'failed', 'cancelled']),
  steps: z.array(stepRunSchema),
  outputs: jsonObject,
  startedAt: z.string(),
  completedAt: z.string(),
  durationMs: z.number(),
});

export const graphSchema = z.object({
  version: z.number().int(),
  nodes: z.array(z.string()),
  edges: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      kind: z.enum(['requires', 'suggests', 'conflicts']),
      reason: z.string().optional(),
      origin: z.enum(['tool', 'declared']),
    }),
  ),
  unresolved: z.array(jsonObject),
});
