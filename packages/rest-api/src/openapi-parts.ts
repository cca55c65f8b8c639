// Building blocks of the OpenAPI document's operations.

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
