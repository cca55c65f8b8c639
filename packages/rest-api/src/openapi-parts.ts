// Building blocks of the OpenAPI document's operations.
import { type ZodType, z } from 'zod';

export const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
export const json = (id: string, description: string) => ({
  description,
  content: { 'application/json': { schema: ref(id) } },
});
export const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ref('Problem') } },
});
export const body = (id: string) => ({
  required: true,
  content: { 'application/json': { schema: ref(id) } },
});
/** The common refusals every operation can answer with. */
export const COMMON_PROBLEMS = {
  '401': problem('No valid credential was sent.'),
  '403': problem('The principal may not do this, or the host is not allowed.'),
  '429': problem('Rate limited; see Retry-After.'),
  '500': problem('The server failed; retry.'),
};

/** The refusal of actions that take no body when a form body is sent (what a foreign page could post). */
export const FORM_BODY_REFUSED = {
  '415': problem('A form body was sent; this action takes none (send the request without a body).'),
};

/** The optional query parameters of an operation, one per property of its zod query schema. */
export function queryParameters(schema: ZodType): Record<string, unknown>[] {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }) as {
    properties: Record<string, Record<string, unknown>>;
  };
  return Object.entries(json.properties).map(([name, property]) => {
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
