import { z } from 'zod';

// `GET /confirmations`: the calls waiting for a human that this caller may see.

/** Most pending confirmations one answer lists. */
export const MAX_CONFIRMATIONS_PAGE = 500;

export const confirmationsQuerySchema = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_CONFIRMATIONS_PAGE)
    .default(100)
    .meta({
      description: `How many to list, at most ${MAX_CONFIRMATIONS_PAGE}; the soonest to expire first.`,
    }),
});

export const pendingConfirmationSchema = z.strictObject({
  id: z.string().meta({ description: 'The id to confirm or reject.' }),
  tool: z.string().meta({ description: 'The tool as called.' }),
  qualifiedName: z.string().optional(),
  arguments: z.record(z.string(), z.unknown()).meta({
    description:
      'The call arguments, secret-looking keys replaced by `[REDACTED]` (as in audit records).',
  }),
  principalId: z
    .string()
    .optional()
    .meta({ description: 'Who made the call (absent: anonymous).' }),
  tenant: z.string().optional(),
  reason: z.string().meta({ description: 'Why the policy wants it confirmed.' }),
  requestedAt: z.string().meta({ description: 'When the call was made (ISO time).' }),
  expiresAt: z.string().meta({ description: 'After this ISO time it can no longer be confirmed.' }),
  mine: z.boolean().meta({ description: 'Whether this caller made the call.' }),
  canSettle: z.boolean().meta({ description: 'Whether this caller may confirm or reject it.' }),
});

export const pendingConfirmationsSchema = z.strictObject({
  confirmations: z.array(pendingConfirmationSchema),
  canSettleAll: z
    .boolean()
    .meta({ description: "Whether this caller may settle every caller's confirmations." }),
  limit: z.number().int(),
});
