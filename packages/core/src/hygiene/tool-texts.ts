import type { JsonSchema } from '../schema/json-schema.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

/** One text a model will read, and where it sits in the tool (a JSON pointer). */
export interface ToolText {
  path: string;
  text: string;
}

/** Schemas deeper or larger than this are not walked further; a model would not read them whole. */
const MAX_DEPTH = 40;
const MAX_TEXTS = 20_000;

// Keys under which an object maps names to schemas: the names are text a model reads too.
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Every string in a schema (descriptions, titles, enum values, defaults, examples) and every property name. */
export function schemaTexts(schema: unknown, path: string, out: ToolText[] = []): ToolText[] {
  const seen = new Set<unknown>();
  const walk = (value: unknown, at: string, depth: number, namesHere: boolean): void => {
    if (out.length >= MAX_TEXTS || depth > MAX_DEPTH) return;
    if (typeof value === 'string') {
      out.push({ path: at, text: value });
      return;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        walk(item, `${at}/${index}`, depth + 1, false);
      });
      return;
    }
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const child = `${at}/${escapePointer(key)}`;
      if (namesHere) out.push({ path: `${child}#name`, text: key });
      walk(item, child, depth + 1, !namesHere && NAME_MAPS.has(key));
    }
  };
  walk(schema, path, 0, false);
  return out;
}

/**
 * Every text of a tool that a model (or a client showing it to a user) will read: name, title,
 * descriptions, examples, tags, annotation title and every string of its schemas.
 */
export function toolTexts(tool: ToolDefinition): ToolText[] {
  const out: ToolText[] = [{ path: '/name', text: tool.name }];
  if (tool.title) out.push({ path: '/title', text: tool.title });
  out.push({ path: '/description', text: tool.description });
  if (tool.extendedDescription)
    out.push({ path: '/extendedDescription', text: tool.extendedDescription });
  tool.examples.forEach((text, index) => {
    out.push({ path: `/examples/${index}`, text });
  });
  tool.tags.forEach((text, index) => {
    out.push({ path: `/tags/${index}`, text });
  });
  if (tool.annotations?.title)
    out.push({ path: '/annotations/title', text: tool.annotations.title });
  schemaTexts(tool.parametersSchema as JsonSchema, '/parametersSchema', out);
  if (tool.returnsSchema) schemaTexts(tool.returnsSchema, '/returnsSchema', out);
  return out;
}
