import type { JsonSchema } from '@arsenal/core';
import {
  escapeJsonPointer,
  inlineRef,
  isJsonSchemaObject,
  isLocalRef,
  mergeAllOf,
  resolveLocalRef,
  unionAlternatives,
} from '@arsenal/core/adapter';
import { withNull } from './strict-nullable.js';
import {
  ANNOTATIONS,
  fail,
  REWRITTEN_KEYWORDS,
  STRICT_KEYWORDS,
  STRICT_STRING_FORMATS,
  typesOf,
} from './strict-vocabulary.js';

export { STRICT_STRING_FORMATS };

/** Called for every keyword strict mode removes, so callers can log or assert on losses. */
export type UnsupportedKeywordHandler = (path: string, keyword: string) => void;

/** Deeper than this, a schema is assumed to recurse without end (e.g. through allOf). */
const MAX_PATH_SEGMENTS = 256;

interface StrictContext {
  root: JsonSchema;
  onUnsupportedKeyword: UnsupportedKeywordHandler | undefined;
}

/**
 * Rewrite a parameters schema into OpenAI's strict subset: every property required (optional
 * ones made nullable), `additionalProperties: false` on every object, unsupported keywords
 * removed, `oneOf` → `anyOf`, `allOf` folded, `$ref`/`$defs` (including recursion) kept.
 * Throws TranscodeError for what strict mode cannot express (maps, untyped values, tuples).
 * The input must be a private copy; it is read, not changed.
 */
export function toStrictSchema(
  schema: JsonSchema,
  onUnsupportedKeyword?: UnsupportedKeywordHandler,
): JsonSchema {
  const context: StrictContext = { root: schema, onUnsupportedKeyword };
  if (schema.anyOf !== undefined || schema.oneOf !== undefined) {
    throw fail(
      '',
      'is an anyOf/oneOf; OpenAI strict mode needs a plain object at the root. Move the alternatives into a property, e.g. {"type":"object","properties":{"target":{"anyOf":[...]}}}',
    );
  }
  const root = schema.type === undefined ? { ...schema, type: 'object' as const } : schema;
  return convert(root, '', false, context, new Set());
}

function convert(
  node: unknown,
  path: string,
  nullable: boolean,
  context: StrictContext,
  inlining: ReadonlySet<string>,
): JsonSchema {
  if (path.split('/').length > MAX_PATH_SEGMENTS) {
    throw fail(path, 'nests deeper than any real schema; it probably recurses through allOf');
  }
  if (typeof node === 'boolean') {
    throw fail(path, `is the boolean schema ${node}; give it an object schema with a "type"`);
  }
  if (!isJsonSchemaObject(node)) throw fail(path, 'is not a schema object');
  let schema: JsonSchema = node;
  if (schema.allOf !== undefined) {
    schema = mergeAllOf(schema, { path, root: context.root, fail });
  }
  const makeNullable = nullable || schema.nullable === true;

  if (schema.$ref !== undefined) return convertRef(schema, path, makeNullable, context, inlining);

  for (const keyword of Object.keys(schema)) {
    if (!STRICT_KEYWORDS.has(keyword) && !REWRITTEN_KEYWORDS.has(keyword)) {
      context.onUnsupportedKeyword?.(path, keyword);
    }
  }

  const out: JsonSchema = {};
  if (typeof schema.title === 'string') out.title = schema.title;
  if (typeof schema.description === 'string') out.description = schema.description;

  const alternatives = unionAlternatives(schema, path, fail);
  const types = typesOf(schema, path, alternatives !== undefined);
  if (types.length > 0) out.type = types.length === 1 ? types[0] : types;
  if (Array.isArray(schema.enum)) out.enum = [...schema.enum];
  if (schema.const !== undefined) out.const = schema.const;
  if (alternatives !== undefined) {
    out.anyOf = alternatives.map((member, index) =>
      convert(member, `${path}/anyOf/${index}`, false, context, inlining),
    );
  }

  if (types.includes('object')) convertObject(schema, out, path, context, inlining);
  if (types.includes('array')) convertArray(schema, out, path, context, inlining);
  if (types.includes('string')) {
    if (typeof schema.pattern === 'string') out.pattern = schema.pattern;
    if (typeof schema.format === 'string') {
      if (STRICT_STRING_FORMATS.has(schema.format)) out.format = schema.format;
      else context.onUnsupportedKeyword?.(path, 'format');
    }
  }
  if (types.includes('number') || types.includes('integer')) {
    for (const keyword of [
      'multipleOf',
      'minimum',
      'maximum',
      'exclusiveMinimum',
      'exclusiveMaximum',
    ]) {
      if (typeof schema[keyword] === 'number') out[keyword] = schema[keyword];
    }
  }
  for (const container of ['$defs', 'definitions'] as const) {
    const definitions = schema[container];
    if (!isJsonSchemaObject(definitions)) continue;
    const converted: Record<string, JsonSchema> = {};
    for (const [name, definition] of Object.entries(definitions)) {
      converted[name] = convert(
        definition,
        `${path}/${container}/${escapeJsonPointer(name)}`,
        false,
        context,
        inlining,
      );
    }
    out[container] = converted;
  }
  return makeNullable ? withNull(out) : out;
}

function convertRef(
  schema: JsonSchema,
  path: string,
  nullable: boolean,
  context: StrictContext,
  inlining: ReadonlySet<string>,
): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !isLocalRef(ref)) {
    throw fail(
      `${path}/$ref`,
      `points outside this schema (${JSON.stringify(ref)}); inline the referenced schema or move it under "$defs"`,
    );
  }
  const target = resolveLocalRef(context.root, ref);
  if (target === undefined) {
    throw fail(`${path}/$ref`, `"${ref}" does not resolve to anything in this schema`);
  }
  const { $ref: _ref, nullable: _nullable, ...siblings } = schema;
  const meaningful = Object.keys(siblings).filter((key) => STRICT_KEYWORDS.has(key));
  const reference: JsonSchema = { $ref: ref };
  if (meaningful.every((key) => ANNOTATIONS.has(key))) {
    // OpenAI rejects keywords beside "$ref"; a title or description moves onto an anyOf wrapper.
    if (meaningful.length === 0)
      return nullable ? { anyOf: [reference, { type: 'null' }] } : reference;
    const wrapper: JsonSchema = {};
    for (const key of meaningful) wrapper[key] = siblings[key];
    wrapper.anyOf = nullable ? [reference, { type: 'null' }] : [reference];
    return wrapper;
  }
  // Structural keywords beside "$ref" (2019-09 "and" semantics) need the target inlined.
  if (inlining.has(ref) || !isJsonSchemaObject(target)) {
    throw fail(
      path,
      `combines "$ref" with ${meaningful.join(', ')} around a recursive reference, which cannot be inlined`,
    );
  }
  return convert(inlineRef(target, siblings), path, nullable, context, new Set(inlining).add(ref));
}

function convertObject(
  schema: JsonSchema,
  out: JsonSchema,
  path: string,
  context: StrictContext,
  inlining: ReadonlySet<string>,
): void {
  const properties = schema.properties ?? {};
  if (!isJsonSchemaObject(properties)) throw fail(`${path}/properties`, 'is not an object');
  const additional = schema.additionalProperties;
  if (additional !== undefined && additional !== false) {
    throw fail(
      `${path}/additionalProperties`,
      'allows keys beyond the listed properties (a map); strict mode only accepts fixed keys, so list them as properties',
    );
  }
  const names = Object.keys(properties);
  if (path !== '' && names.length === 0 && additional !== false) {
    throw fail(
      path,
      'is an object without properties (any keys allowed); strict mode only accepts objects whose keys are listed',
    );
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const converted: Record<string, JsonSchema> = {};
  for (const name of names) {
    converted[name] = convert(
      properties[name],
      `${path}/properties/${escapeJsonPointer(name)}`,
      !required.has(name),
      context,
      inlining,
    );
  }
  out.properties = converted;
  out.required = names;
  out.additionalProperties = false;
}

function convertArray(
  schema: JsonSchema,
  out: JsonSchema,
  path: string,
  context: StrictContext,
  inlining: ReadonlySet<string>,
): void {
  if (schema.items === undefined || typeof schema.items === 'boolean') {
    const tuple =
      schema.prefixItems !== undefined ? ' (tuples via prefixItems are not supported)' : '';
    throw fail(path, `is an array without an "items" schema${tuple}; describe its items`);
  }
  if (schema.prefixItems !== undefined) context.onUnsupportedKeyword?.(path, 'prefixItems');
  out.items = convert(schema.items, `${path}/items`, false, context, inlining);
  if (typeof schema.minItems === 'number') out.minItems = schema.minItems;
  if (typeof schema.maxItems === 'number') out.maxItems = schema.maxItems;
}
