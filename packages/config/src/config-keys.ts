import { closestNames } from '@arsenal/core/adapter';
import type { z } from 'zod';

interface SchemaDefinition {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: readonly z.ZodType[];
}

function definitionOf(schema: z.ZodType): SchemaDefinition {
  return (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def;
}

/** The keys an object at `path` of the config schema may hold (every union member's). */
export function keysAt(schema: z.ZodType, path: readonly (string | number)[]): string[] {
  const keys = new Set<string>();
  collect(schema, path, keys, 0);
  return [...keys];
}

function collect(
  schema: z.ZodType,
  path: readonly (string | number)[],
  keys: Set<string>,
  depth: number,
): void {
  if (depth > 32) return;
  const definition = definitionOf(schema);
  const [head, ...rest] = path;
  switch (definition.type) {
    case 'optional':
    case 'nullable':
    case 'default':
      if (definition.innerType) collect(definition.innerType, path, keys, depth + 1);
      return;
    case 'union':
      for (const option of definition.options ?? []) collect(option, path, keys, depth + 1);
      return;
    case 'array':
      if (head !== undefined && definition.element)
        collect(definition.element, rest, keys, depth + 1);
      return;
    case 'record':
      if (head !== undefined && definition.valueType)
        collect(definition.valueType, rest, keys, depth + 1);
      return;
    case 'object': {
      const shape = definition.shape ?? {};
      if (head === undefined) {
        for (const key of Object.keys(shape)) keys.add(key);
        return;
      }
      const child = shape[String(head)];
      if (child) collect(child, rest, keys, depth + 1);
      return;
    }
    default:
      return;
  }
}

/** `did you mean "port"?` for a misspelt key, or the empty string when nothing is close. */
export function keySuggestion(
  schema: z.ZodType,
  path: readonly (string | number)[],
  key: string,
): string {
  const [closest] = closestNames(key, keysAt(schema, path), 1);
  return closest === undefined ? '' : `did you mean "${closest}"? `;
}
