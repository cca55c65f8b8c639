import { TranscodeError } from '@arsenal/core';
import type { GeminiType } from './gemini-tool.js';

/** Keywords the Gemini encoding reads (and converts); any other keyword is reported and dropped. */
export const HANDLED: ReadonlySet<string> = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'const',
  'properties',
  'required',
  'propertyOrdering',
  'minProperties',
  'maxProperties',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  '$defs',
  'definitions',
  'default',
  'example',
  'examples',
]);

export const TYPE_NAMES: Readonly<Record<string, GeminiType>> = {
  string: 'STRING',
  number: 'NUMBER',
  integer: 'INTEGER',
  boolean: 'BOOLEAN',
  array: 'ARRAY',
  object: 'OBJECT',
  null: 'NULL',
};

/** The error for a schema that cannot be encoded for Gemini, pointing at where it went wrong. */
export function fail(path: string, message: string): TranscodeError {
  return new TranscodeError(
    'gemini',
    `Cannot encode for Gemini: schema at "${path || '/'}" ${message}.`,
  );
}

/** The JSON type names a schema's `type` lists, each checked to be one Gemini knows. */
export function typeList(type: unknown, path: string): string[] {
  if (type === undefined) return [];
  const list = Array.isArray(type) ? type : [type];
  for (const entry of list) {
    if (typeof entry !== 'string' || !(entry in TYPE_NAMES)) {
      throw fail(`${path}/type`, `has the unknown type ${JSON.stringify(entry)}`);
    }
  }
  return list as string[];
}
