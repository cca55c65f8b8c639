import { confirmationsQuerySchema, pendingConfirmationsSchema } from './confirmation-schemas.js';
import { COMMON_PROBLEMS, json, problem, queryParameters } from './openapi-parts.js';

/** Response bodies of the confirmation listing. */
export const CONFIRMATION_RESPONSE_SCHEMAS = {
  PendingConfirmations: pendingConfirmationsSchema,
};

/** `GET /confirmations`. */
export function confirmationPaths(): Record<string, unknown> {
  return {
    '/confirmations': {
      get: {
        operationId: 'listConfirmations',
        summary:
          "Calls waiting for confirmation: the caller's own, and every caller's for principals that may settle or read them all.",
        parameters: queryParameters(confirmationsQuerySchema),
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
