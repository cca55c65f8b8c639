import { HttpError } from './qdrant-fake-http-test-support.js';

/** Qdrant's filter semantics for the conditions the store sends (anything else is a 400). */
export function passes(filter: unknown, payload: Record<string, unknown>): boolean {
  if (typeof filter !== 'object' || filter === null)
    throw new HttpError(400, 'Format error in JSON body: filter');
  const { must, should, must_not, ...unknown } = filter as Record<string, unknown>;
  if (Object.keys(unknown).length > 0) {
    throw new HttpError(
      400,
      `Format error in JSON body: unknown field \`${Object.keys(unknown)[0]}\``,
    );
  }
  const list = (value: unknown) => (value === undefined ? [] : (value as unknown[]));
  if (!list(must).every((condition) => holds(condition, payload))) return false;
  const anyOf = list(should);
  if (anyOf.length > 0 && !anyOf.some((condition) => holds(condition, payload))) return false;
  return !list(must_not).some((condition) => holds(condition, payload));
}

function holds(condition: unknown, payload: Record<string, unknown>): boolean {
  const shape = condition as {
    key?: string;
    match?: { value?: unknown };
    range?: Record<string, number>;
  };
  if (shape.key === undefined) return passes(condition, payload);
  const values = valuesAt(payload, shape.key);
  if (shape.match !== undefined) {
    const expected = shape.match.value;
    if (typeof expected === 'number' && !Number.isInteger(expected)) {
      throw new HttpError(
        400,
        'Format error in JSON body: match value must be a keyword, integer or bool',
      );
    }
    return values.some((value) => value === expected);
  }
  if (shape.range !== undefined) {
    const { gt, gte, lt, lte } = shape.range;
    return values.some(
      (value) =>
        typeof value === 'number' &&
        (gt === undefined || value > gt) &&
        (gte === undefined || value >= gte) &&
        (lt === undefined || value < lt) &&
        (lte === undefined || value <= lte),
    );
  }
  throw new HttpError(400, 'Format error in JSON body: unsupported condition');
}

/** Values at a dotted key path; an array's items count one by one, as in Qdrant. */
function valuesAt(payload: Record<string, unknown>, key: string): unknown[] {
  let current: unknown = payload;
  for (const part of key.split('.')) {
    if (typeof current !== 'object' || current === null) return [];
    current = (current as Record<string, unknown>)[part];
  }
  if (current === undefined) return [];
  return Array.isArray(current) ? current : [current];
}
