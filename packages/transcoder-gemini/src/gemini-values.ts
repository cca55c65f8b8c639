import type { JsonSchema } from '@arsenal/core';
import { isJsonSchemaObject } from '@arsenal/core/adapter';
import type { GeminiSchema } from './gemini-tool.js';

/** Called for each keyword dropped because Gemini's Schema cannot carry it. */
export type UnsupportedKeywordHandler = (path: string, keyword: string) => void;

/** Whether a union member only admits null (`{type:'null'}` or `{enum:[null]}`). */
export function isNullOnly(schema: unknown): boolean {
  if (!isJsonSchemaObject(schema)) return false;
  if (schema.type === 'null') return true;
  return Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;
}

/** The values `const` or `enum` allow, without null (which makes the schema nullable instead). */
export function allowedValues(schema: JsonSchema): {
  values: unknown[] | undefined;
  hasNull: boolean;
} {
  const values =
    schema.const !== undefined
      ? [schema.const]
      : Array.isArray(schema.enum)
        ? schema.enum
        : undefined;
  if (!values?.includes(null)) return { values, hasNull: false };
  return { values: values.filter((value) => value !== null), hasNull: true };
}

/** The JSON type a typeless schema implies through its values, properties or items. */
export function inferType(
  schema: JsonSchema,
  values: readonly unknown[] | undefined,
  hasBranches: boolean,
): string | undefined {
  if (values !== undefined && values.length > 0) {
    if (values.every((value) => typeof value === 'string')) return 'string';
    if (values.every((value) => Number.isInteger(value))) return 'integer';
    if (values.every((value) => typeof value === 'number')) return 'number';
    if (values.every((value) => typeof value === 'boolean')) return 'boolean';
    return undefined;
  }
  if (hasBranches) return undefined;
  if (schema.properties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

/** Gemini enums are strings; numbers become `format: "enum"` strings, anything else a note. */
export function convertValues(values: readonly unknown[], out: GeminiSchema): void {
  if (values.every((value) => typeof value === 'string')) {
    out.enum = [...(values as string[])];
    return;
  }
  if (
    (out.type === 'INTEGER' || out.type === 'NUMBER') &&
    values.every((value) => typeof value === 'number')
  ) {
    out.enum = values.map(String);
    out.format = 'enum';
    return;
  }
  const note = `Allowed values: ${values.map((value) => JSON.stringify(value)).join(', ')}.`;
  out.description = out.description ? `${out.description} ${note}` : note;
}

/** Copy numeric bounds; exclusive ones become inclusive (exact for integers). */
export function convertBounds(
  schema: JsonSchema,
  out: GeminiSchema,
  path: string,
  report: UnsupportedKeywordHandler | undefined,
): void {
  const integer = out.type === 'INTEGER';
  let minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  let maximum = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  // Gemini has inclusive bounds only: exact for integers, the nearest inclusive bound for numbers.
  if (typeof schema.exclusiveMinimum === 'number') {
    const bound = integer ? Math.floor(schema.exclusiveMinimum) + 1 : schema.exclusiveMinimum;
    minimum = minimum === undefined ? bound : Math.max(minimum, bound);
    if (!integer) report?.(path, 'exclusiveMinimum');
  }
  if (typeof schema.exclusiveMaximum === 'number') {
    const bound = integer ? Math.ceil(schema.exclusiveMaximum) - 1 : schema.exclusiveMaximum;
    maximum = maximum === undefined ? bound : Math.min(maximum, bound);
    if (!integer) report?.(path, 'exclusiveMaximum');
  }
  if (minimum !== undefined) out.minimum = minimum;
  if (maximum !== undefined) out.maximum = maximum;
}

type CountKeyword =
  | 'minItems'
  | 'maxItems'
  | 'minLength'
  | 'maxLength'
  | 'minProperties'
  | 'maxProperties';

/** Write a count the way Gemini types it (an int64, as a decimal string). */
export function setCount(
  out: GeminiSchema,
  keyword: CountKeyword,
  value: unknown,
  path: string,
  report: UnsupportedKeywordHandler | undefined,
): void {
  if (value === undefined) return;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0)
    out[keyword] = String(value);
  else report?.(path, keyword);
}
