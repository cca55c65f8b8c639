import { InvalidArgumentError } from '../errors/arsenal-error.js';
import { isJsonSchemaObject, type JsonSchema } from './json-schema.js';
import { inlineRef, resolveLocalRef } from './local-refs.js';

/**
 * Builds the error for a schema that cannot be handled: `path` is a JSON pointer into the
 * schema, `problem` completes the sentence "the schema at <path> ...".
 */
export type SchemaFailure = (path: string, problem: string) => Error;

/**
 * Options of `mergeAllOf`: where the schema sits, the document its `$ref`s resolve in, and the
 * error to throw.
 */
export interface MergeAllOfOptions {
  /** JSON pointer of `schema` inside `root`, used in messages. Default: the root (`''`). */
  path?: string;
  /** The document `$ref` members resolve in. Default: `schema` itself. */
  root?: JsonSchema;
  /** Builds the error for what cannot be merged. Default: an `InvalidArgumentError`. */
  fail?: SchemaFailure;
}

const LOWER_BOUNDS: ReadonlySet<string> = new Set([
  'minimum',
  'exclusiveMinimum',
  'minLength',
  'minItems',
  'minProperties',
]);
const UPPER_BOUNDS: ReadonlySet<string> = new Set([
  'maximum',
  'exclusiveMaximum',
  'maxLength',
  'maxItems',
  'maxProperties',
]);

const failAsInvalidArgument: SchemaFailure = (path, problem) =>
  new InvalidArgumentError(`Cannot merge allOf: the schema at "${path || '/'}" ${problem}.`);

interface Merge {
  root: JsonSchema;
  fail: SchemaFailure;
}

/**
 * Fold `allOf` into one schema, since most vendor dialects cannot express it. Members that are
 * local `$ref`s are resolved first; properties present in several members are combined under a
 * nested `allOf` (folded again when that property is converted); numeric bounds keep the
 * tighter value. Conflicts that cannot be combined (two different `const`s) fail with a path.
 * A schema without `allOf` comes back as it is; the input is never changed.
 *
 * @example mergeAllOf({ allOf: [{ $ref: '#/$defs/Named' }, { required: ['email'] }], $defs })
 */
export function mergeAllOf(schema: JsonSchema, options: MergeAllOfOptions = {}): JsonSchema {
  const merge: Merge = {
    root: options.root ?? schema,
    fail: options.fail ?? failAsInvalidArgument,
  };
  return fold(schema, options.path ?? '', merge, new Set());
}

function fold(
  schema: JsonSchema,
  path: string,
  merge: Merge,
  merging: ReadonlySet<string>,
): JsonSchema {
  const { allOf, ...base } = schema;
  if (allOf === undefined) return schema;
  const { fail } = merge;
  if (!Array.isArray(allOf)) throw fail(`${path}/allOf`, 'must be an array of schemas');
  let merged: JsonSchema = { ...base };
  allOf.forEach((member: unknown, index: number) => {
    const memberPath = `${path}/allOf/${index}`;
    if (member === true) return;
    if (!isJsonSchemaObject(member)) throw fail(memberPath, 'must be a schema object');
    let part: JsonSchema = member;
    let inside = merging;
    if (typeof part.$ref === 'string') {
      const { $ref, ...rest } = part;
      if (merging.has($ref)) {
        throw fail(
          `${memberPath}/$ref`,
          `"${$ref}" includes itself through allOf, which never ends`,
        );
      }
      inside = new Set(merging).add($ref);
      const target = resolveLocalRef(merge.root, $ref);
      if (!isJsonSchemaObject(target)) {
        throw fail(`${memberPath}/$ref`, `"${$ref}" does not resolve to a schema in this document`);
      }
      part = inlineRef(target, rest);
    }
    if (part.allOf !== undefined) part = fold(part, memberPath, merge, inside);
    merged = mergePair(merged, part, memberPath, fail);
  });
  return merged;
}

function mergePair(
  into: JsonSchema,
  part: JsonSchema,
  path: string,
  fail: SchemaFailure,
): JsonSchema {
  const result: JsonSchema = { ...into };
  for (const [key, value] of Object.entries(part)) {
    if (key === '$defs' || key === 'definitions') continue;
    const existing = result[key];
    if (existing === undefined) {
      result[key] = value;
    } else if (key === 'description' || key === 'title' || sameJson(existing, value)) {
      // The outer schema's wording wins; equal values need no merging.
    } else if (key === 'properties' && isJsonSchemaObject(existing) && isJsonSchemaObject(value)) {
      const properties: Record<string, unknown> = { ...existing };
      for (const [name, schema] of Object.entries(value)) {
        const current = properties[name];
        properties[name] =
          current === undefined || sameJson(current, schema)
            ? schema
            : { allOf: [current, schema] };
      }
      result.properties = properties as Record<string, JsonSchema>;
    } else if (key === 'required' && Array.isArray(existing) && Array.isArray(value)) {
      result.required = [...new Set([...existing, ...value])] as string[];
    } else if (key === 'type') {
      const left = Array.isArray(existing) ? existing : [existing];
      const right = new Set(Array.isArray(value) ? value : [value]);
      const shared = left.filter((type) => right.has(type));
      if (shared.length === 0) {
        throw fail(
          `${path}/type`,
          `${JSON.stringify(value)} cannot hold together with ${JSON.stringify(existing)}`,
        );
      }
      result.type = shared.length === 1 ? shared[0] : shared;
    } else if (LOWER_BOUNDS.has(key) && typeof existing === 'number' && typeof value === 'number') {
      result[key] = Math.max(existing, value);
    } else if (UPPER_BOUNDS.has(key) && typeof existing === 'number' && typeof value === 'number') {
      result[key] = Math.min(existing, value);
    } else if (key === 'additionalProperties' && (existing === false || value === false)) {
      result.additionalProperties = false;
    } else {
      throw fail(
        `${path}/${key}`,
        `"${key}" is ${JSON.stringify(value)} here but ${JSON.stringify(existing)} in another allOf member; combine them into one schema by hand`,
      );
    }
  }
  return result;
}

function sameJson(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}
