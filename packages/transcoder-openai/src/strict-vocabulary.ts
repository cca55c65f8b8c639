import { type JsonSchema, type JsonSchemaType, TranscodeError } from '@arsenal/core';

/** Keywords OpenAI's Structured Outputs subset accepts; everything else is removed. */
export const STRICT_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'title',
  'description',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'definitions',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'pattern',
  'format',
  'multipleOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
]);

/** Keywords strict encoding rewrites into supported ones instead of dropping them. */
export const REWRITTEN_KEYWORDS: ReadonlySet<string> = new Set(['allOf', 'oneOf', 'nullable']);

/** String formats OpenAI documents for Structured Outputs. */
export const STRICT_STRING_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

export const JSON_TYPES: ReadonlySet<unknown> = new Set([
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
  'null',
]);

/** Keywords that may sit beside `$ref` and survive as a wrapper around it. */
export const ANNOTATIONS: ReadonlySet<string> = new Set(['title', 'description']);

/** The error for a schema strict mode cannot express, pointing at where it went wrong. */
export function fail(path: string, message: string): TranscodeError {
  return new TranscodeError(
    'openai',
    `Cannot encode for OpenAI strict mode: schema at "${path || '/'}" ${message}. Fix the schema or encode with strict: false.`,
  );
}

/** The JSON types a schema declares, or (without `type`) the ones its values or shape imply. */
export function typesOf(
  schema: JsonSchema,
  path: string,
  hasAlternatives: boolean,
): JsonSchemaType[] {
  const declared = schema.type;
  if (declared !== undefined) {
    const types = Array.isArray(declared) ? [...declared] : [declared];
    for (const type of types) {
      if (typeof type !== 'string' || !JSON_TYPES.has(type)) {
        throw fail(`${path}/type`, `has the unknown type ${JSON.stringify(type)}`);
      }
    }
    return types as JsonSchemaType[];
  }
  if (hasAlternatives) return [];
  const values = schema.const !== undefined ? [schema.const] : schema.enum;
  if (Array.isArray(values) && values.length > 0) return inferTypes(values);
  if (schema.properties !== undefined) return ['object'];
  if (schema.items !== undefined) return ['array'];
  throw fail(path, 'has no "type"; strict mode needs one, e.g. {"type":"string"}');
}

function inferTypes(values: readonly unknown[]): JsonSchemaType[] {
  const types = new Set<JsonSchemaType>();
  for (const value of values) {
    if (value === null) types.add('null');
    else if (Array.isArray(value)) types.add('array');
    else if (typeof value === 'number') types.add(Number.isInteger(value) ? 'integer' : 'number');
    else types.add(typeof value as JsonSchemaType);
  }
  if (types.has('number')) types.delete('integer');
  return [...types];
}
