import { InvalidArgumentError } from '../errors/arsenal-error.js';
import type { JsonSchema } from './json-schema.js';
import type { SchemaFailure } from './merge-all-of.js';

const failAsInvalidArgument: SchemaFailure = (path, problem) =>
  new InvalidArgumentError(`The schema at "${path || '/'}" ${problem}.`);

/**
 * The branches of a union (`anyOf`, or `oneOf` read as `anyOf`: a model picks one branch either
 * way), or undefined when the schema is not a union. A schema with both, or with an empty or
 * non-array list, fails with its path.
 */
export function unionAlternatives(
  schema: JsonSchema,
  path: string,
  fail: SchemaFailure = failAsInvalidArgument,
): readonly unknown[] | undefined {
  if (schema.anyOf !== undefined && schema.oneOf !== undefined) {
    throw fail(path, 'has both anyOf and oneOf; merge them into one anyOf');
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives === undefined) return undefined;
  if (!Array.isArray(alternatives) || alternatives.length === 0) {
    throw fail(path, 'has an anyOf/oneOf that is not a non-empty array of schemas');
  }
  return alternatives;
}
