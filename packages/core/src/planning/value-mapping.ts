import { unescapeJsonPointer } from '../schema/json-pointer.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ValueSource } from './plan-types.js';

/** The reserved source name of the task input. */
export const INPUT_SOURCE = 'input';

/** `"fetch#/items"` → `{ from: 'fetch', pointer: '/items' }`; objects are checked and copied. */
export function parseValueSource(value: string | ValueSource): ValueSource | undefined {
  if (typeof value === 'string') {
    const hash = value.indexOf('#');
    const from = (hash < 0 ? value : value.slice(0, hash)).trim();
    const pointer = hash < 0 ? '' : value.slice(hash + 1);
    if (!from || (pointer !== '' && !pointer.startsWith('/'))) return undefined;
    return { from, pointer };
  }
  if (typeof value !== 'object' || value === null || typeof value.from !== 'string')
    return undefined;
  const pointer = value.pointer ?? '';
  if (typeof pointer !== 'string' || (pointer !== '' && !pointer.startsWith('/'))) return undefined;
  return { from: value.from, pointer };
}

export function formatValueSource(source: ValueSource): string {
  return source.pointer ? `${source.from}#${source.pointer}` : source.from;
}

const segments = (pointer: string) =>
  pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeJsonPointer);

/** The value at a JSON pointer; `found: false` when a segment is missing. */
export function readPointer(value: unknown, pointer: string): { found: boolean; value?: unknown } {
  let current = value;
  for (const segment of segments(pointer)) {
    if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(segment)) {
      if (Number(segment) >= current.length) return { found: false };
      current = current[Number(segment)];
    } else if (typeof current === 'object' && current !== null && Object.hasOwn(current, segment)) {
      current = (current as Record<string, unknown>)[segment];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: current };
}

/**
 * The schema of the value at a pointer inside a value of `schema`: through `properties`,
 * `additionalProperties`, `items` and `prefixItems`. Undefined when the schema does not say.
 */
export function schemaAtPointer(
  schema: JsonSchema | undefined,
  pointer: string,
): JsonSchema | undefined {
  let current: JsonSchema | undefined = schema;
  for (const segment of segments(pointer)) {
    if (!current) return undefined;
    const properties = current.properties as Record<string, JsonSchema> | undefined;
    if (properties && Object.hasOwn(properties, segment)) current = properties[segment];
    else if (/^\d+$/.test(segment) && Array.isArray(current.prefixItems))
      current = (current.prefixItems as JsonSchema[])[Number(segment)] ?? asSchema(current.items);
    else if (/^\d+$/.test(segment) && current.items !== undefined)
      current = asSchema(current.items);
    else current = asSchema(current.additionalProperties);
  }
  return current;
}

function asSchema(value: unknown): JsonSchema | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonSchema)
    : undefined;
}

/** The JSON types a schema allows, or undefined when it does not constrain them. */
export function schemaTypes(schema: JsonSchema | undefined): Set<string> | undefined {
  if (!schema) return undefined;
  if (schema.const !== undefined) return new Set([jsonType(schema.const)]);
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map(jsonType));
  const type = schema.type;
  if (typeof type === 'string') return new Set(type === 'integer' ? ['integer'] : [type]);
  if (Array.isArray(type)) return new Set(type as string[]);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const all = new Set<string>();
      for (const option of options as JsonSchema[]) {
        const types = schemaTypes(option);
        if (!types) return undefined;
        for (const found of types) all.add(found);
      }
      return all;
    }
  }
  return undefined;
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether a value of type `produced` fits a parameter accepting `accepted` (integer ⊂ number). */
export function typeFits(produced: string, accepted: Set<string>): boolean {
  return accepted.has(produced) || (produced === 'integer' && accepted.has('number'));
}

/**
 * Why a value of schema `source` cannot fill a parameter of schema `target`, or undefined when it
 * may (including when either schema leaves the type open).
 */
export function incompatibility(
  source: JsonSchema | undefined,
  target: JsonSchema | undefined,
): string | undefined {
  const produced = schemaTypes(source);
  const accepted = schemaTypes(target);
  if (!produced || !accepted) return undefined;
  const fits = [...produced].some((type) => typeFits(type, accepted));
  return fits
    ? undefined
    : `produces ${[...produced].join(' | ')} but the parameter takes ${[...accepted].join(' | ')}`;
}
