import { z } from 'zod';
import { confirmationsQuerySchema, pendingConfirmationsSchema } from './confirmation-schemas.js';
import { COMMON_PROBLEMS, json, problem } from './openapi-parts.js';

/** Response bodies of the confirmation listing. */
export const CONFIRMATION_RESPONSE_SCHEMAS = {
  PendingConfirmations: pendingConfirmationsSchema,
};

function listParameters(): Record<string, unknown>[] {
  const schema = z.toJSONSchema(confirmationsQuerySchema, {
    target: 'draft-2020-12',
    io: 'input',
  }) as { properties: Record<string, Record<string, unknown>> };
  return Object.entries(schema.properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query',
      required: false,
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

/** `GET /confirmations`. */
export function confirmationPaths(): Record<string, unknown> {
  return {
    '/confirmations': {
      get: {
        operationId: 'listConfirmations',
        summary:
          "Calls waiting for confirmation: the caller's own, and every caller's for principals that may settle or read them all.",
        parameters: listParameters(),
        responses: {
          '200': json(
            'PendingConfirmations',
            'The pending confirmations, soonest to expire first.',
          ),
          ...COMMON_PROBLEMS,
          '422': problem('A query parameter is invalid.'),
          '503': problem('The shared state store did not answer; retry later.'),
        },
      },
    },
  };
}
