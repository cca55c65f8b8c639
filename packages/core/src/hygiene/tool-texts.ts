import { MAX_SCHEMA_DEPTH } from '../schema/intern-schema.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

/** One text a model will read, and where it sits in the tool (a JSON pointer). */
export interface ToolText {
  path: string;
  text: string;
}

/**
 * Receives each text with what makes its path: the parent's pointer and the key or index (the
 * pointer is `textPath(parent, key, name)`), and whether the text is a property name. The path
 * is only built by a visitor that needs it: a clean text (nearly every one) never needs it.
 */
export type ToolTextVisitor = (
  text: string,
  parent: string,
  key: string | number | undefined,
  name: boolean,
) => void;

/** Every level a definition may hold (see copyTree): no text is deep enough to go unread. */
const MAX_DEPTH = MAX_SCHEMA_DEPTH;
/** Texts visited at most: a model would not read more of one tool. */
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
  if (key.indexOf('~') < 0 && key.indexOf('/') < 0) return key;
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The JSON pointer of a text a visitor received. */
export function textPath(parent: string, key: string | number | undefined, name: boolean): string {
  if (key === undefined) return parent;
  const child = `${parent}/${typeof key === 'number' ? key : escapePointer(key)}`;
  return name ? `${child}#name` : child;
}

/** Objects and arrays walked at most by a walk without paths (it keeps no set of them). */
const MAX_OBJECTS = 100_000;

/**
 * Visit every string of a schema and every property name; `count` is how many texts were visited
 * before (the walk stops at MAX_TEXTS in all). Returns the new count, or -1 when a walk without
 * paths stopped at MAX_OBJECTS before the end.
 *
 * With paths, each object is walked once (a set of those seen). Without paths the walk keeps no
 * set: an object used twice is walked twice, within MAX_OBJECTS.
 */
function visitSchemaTexts(
  schema: unknown,
  path: string,
  visit: ToolTextVisitor,
  count: number,
  withPaths: boolean,
): number {
  const seen = withPaths ? new Set<unknown>() : undefined;
  let visited = count;
  let objects = 0;
  const walk = (
    value: unknown,
    parent: string,
    key: string | number | undefined,
    depth: number,
    namesHere: boolean,
  ): void => {
    if (visited >= MAX_TEXTS || depth > MAX_DEPTH) return;
    if (typeof value === 'string') {
      visited++;
      visit(value, parent, key, false);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    if (seen) {
      if (seen.has(value)) return;
      seen.add(value);
    } else if (++objects > MAX_OBJECTS) return;
    const at = withPaths ? textPath(parent, key, false) : parent;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++)
        walk(value[index], at, index, depth + 1, false);
      return;
    }
    const record = value as Record<string, unknown>;
    for (const childKey in record) {
      if (!Object.hasOwn(record, childKey)) continue;
      if (namesHere) {
        visited++;
        visit(childKey, at, childKey, true);
      }
      walk(record[childKey], at, childKey, depth + 1, !namesHere && NAME_MAPS.has(childKey));
    }
  };
  walk(schema, path, undefined, 0, false);
  return objects > MAX_OBJECTS ? -1 : visited;
}

/** Every string in a schema (descriptions, titles, enum values, defaults, examples) and every property name. */
export function schemaTexts(schema: unknown, path: string, out: ToolText[] = []): ToolText[] {
  visitSchemaTexts(
    schema,
    path,
    (text, parent, key, name) => out.push({ path: textPath(parent, key, name), text }),
    out.length,
    true,
  );
  return out;
}

/**
 * Visit every text of a tool that a model (or a client showing it to a user) will read, in the
 * order `toolTexts` lists them. With `withPaths` false the visitor's `parent` is only the
 * top-level pointer (`/parametersSchema`): no pointer is built for nested schemas, for a visitor
 * that reads the texts alone. False when such a walk stopped early (see visitSchemaTexts).
 */
export function visitToolTexts(
  tool: ToolDefinition,
  visit: ToolTextVisitor,
  withPaths = true,
): boolean {
  let count = 0;
  const top = (text: string, path: string) => {
    count++;
    visit(text, path, undefined, false);
  };
  top(tool.name, '/name');
  if (tool.title) top(tool.title, '/title');
  top(tool.description, '/description');
  if (tool.extendedDescription) top(tool.extendedDescription, '/extendedDescription');
  for (let index = 0; index < tool.examples.length; index++) {
    count++;
    visit(tool.examples[index]!, '/examples', index, false);
  }
  for (let index = 0; index < tool.tags.length; index++) {
    count++;
    visit(tool.tags[index]!, '/tags', index, false);
  }
  if (tool.annotations?.title) top(tool.annotations.title, '/annotations/title');
  count = visitSchemaTexts(
    tool.parametersSchema as JsonSchema,
    '/parametersSchema',
    visit,
    count,
    withPaths,
  );
  if (count < 0) return false;
  if (tool.returnsSchema)
    count = visitSchemaTexts(tool.returnsSchema, '/returnsSchema', visit, count, withPaths);
  return count >= 0;
}

/**
 * Asked of each text by `everyToolText`: `top` for the name, title and description (a tool's own
 * texts), `identifier` for the name and property names.
 */
export type ToolTextTest = (text: string, top: boolean, identifier: boolean) => boolean;

// The state of the `everyToolText` walk in progress, saved and restored around each walk.
let test: ToolTextTest = () => true;
let textsVisited = 0;
let objectsWalked = 0;

/**
 * Whether `test` holds for every text `visitToolTexts` visits without paths, in the same order
 * and within the same limits, and that walk would reach its end: false at the first text that
 * fails (the rest are not read), or when the walk would stop early (see visitSchemaTexts). A
 * walk with no visitor made per tool and no pointer, for a test that nearly every text passes.
 */
export function everyToolText(tool: ToolDefinition, check: ToolTextTest): boolean {
  // Saved in locals, not an array: this runs for every tool registered.
  const savedTest = test;
  const savedTextsVisited = textsVisited;
  const savedObjectsWalked = objectsWalked;
  test = check;
  textsVisited = 0;
  try {
    return everyText(tool);
  } finally {
    test = savedTest;
    textsVisited = savedTextsVisited;
    objectsWalked = savedObjectsWalked;
  }
}

function everyText(tool: ToolDefinition): boolean {
  textsVisited++;
  if (!test(tool.name, true, true)) return false;
  if (tool.title) {
    textsVisited++;
    if (!test(tool.title, true, false)) return false;
  }
  textsVisited++;
  if (!test(tool.description, true, false)) return false;
  if (tool.extendedDescription) {
    textsVisited++;
    if (!test(tool.extendedDescription, false, false)) return false;
  }
  for (let index = 0; index < tool.examples.length; index++) {
    textsVisited++;
    if (!test(tool.examples[index]!, false, false)) return false;
  }
  for (let index = 0; index < tool.tags.length; index++) {
    textsVisited++;
    if (!test(tool.tags[index]!, false, false)) return false;
  }
  if (tool.annotations?.title) {
    textsVisited++;
    if (!test(tool.annotations.title, false, false)) return false;
  }
  objectsWalked = 0;
  if (!everySchemaText(tool.parametersSchema, 0, false) || objectsWalked > MAX_OBJECTS)
    return false;
  if (!tool.returnsSchema) return true;
  objectsWalked = 0;
  return everySchemaText(tool.returnsSchema, 0, false) && objectsWalked <= MAX_OBJECTS;
}

/** visitSchemaTexts' walk without paths, asking `test` of each text: false at the first failure. */
function everySchemaText(value: unknown, depth: number, namesHere: boolean): boolean {
  if (textsVisited >= MAX_TEXTS || depth > MAX_DEPTH) return true;
  if (typeof value === 'string') {
    textsVisited++;
    return test(value, false, false);
  }
  if (typeof value !== 'object' || value === null) return true;
  if (++objectsWalked > MAX_OBJECTS) return true;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++)
      if (!everySchemaText(value[index], depth + 1, false)) return false;
    return true;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (namesHere) {
      textsVisited++;
      if (!test(key, false, true)) return false;
    }
    if (!everySchemaText(record[key], depth + 1, !namesHere && NAME_MAPS.has(key))) return false;
  }
  return true;
}

/**
 * Every text of a tool that a model (or a client showing it to a user) will read: name, title,
 * descriptions, examples, tags, annotation title and every string of its schemas.
 */
export function toolTexts(tool: ToolDefinition): ToolText[] {
  const out: ToolText[] = [];
  visitToolTexts(tool, (text, parent, key, name) =>
    out.push({ path: textPath(parent, key, name), text }),
  );
  return out;
}
