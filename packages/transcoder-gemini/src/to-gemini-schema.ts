import { type JsonSchema, TranscodeError } from '@arsenal/core';
import {
  escapeJsonPointer,
  inlineRef,
  isJsonSchemaObject,
  isLocalRef,
  mergeAllOf,
  resolveLocalRef,
  unionAlternatives,
} from '@arsenal/core/adapter';
import { fail, HANDLED, TYPE_NAMES, typeList } from './gemini-schema-vocabulary.js';
import type { GeminiSchema } from './gemini-tool.js';
import {
  allowedValues,
  convertBounds,
  convertValues,
  inferType,
  isNullOnly,
  setCount,
  type UnsupportedKeywordHandler,
} from './gemini-values.js';
import { recursionPlaceholder } from './recursion-placeholder.js';

export type { UnsupportedKeywordHandler };

export interface GeminiSchemaOptions {
  /**
   * How many times one `$ref` may be expanded along a single path before recursion is cut.
   * Default 3: a tree node is described three levels deep.
   */
  maxRecursionDepth?: number;
  onUnsupportedKeyword?: UnsupportedKeywordHandler;
}

export const DEFAULT_MAX_RECURSION_DEPTH = 3;

/** Deeper than this, a schema is assumed to recurse without end (e.g. through allOf). */
const MAX_PATH_SEGMENTS = 256;

interface Context {
  root: JsonSchema;
  maxDepth: number;
  onUnsupportedKeyword: UnsupportedKeywordHandler | undefined;
}

type RefDepths = ReadonlyMap<string, number>;

/**
 * Convert a JSON Schema into Gemini's OpenAPI-3.0 Schema subset: local `$ref`s inlined
 * (recursion cut after `maxRecursionDepth` expansions, leaving a described placeholder),
 * `type: [X, "null"]` and anyOf-with-null turned into `nullable: true`, `const` into `enum`,
 * `oneOf` into `anyOf`, `allOf` folded, counts written as strings, and keywords Gemini lacks
 * (`additionalProperties`, `$schema`, `patternProperties`...) dropped. The input is only read.
 */
export function toGeminiSchema(
  schema: JsonSchema,
  options: GeminiSchemaOptions = {},
): GeminiSchema {
  const maxDepth = options.maxRecursionDepth ?? DEFAULT_MAX_RECURSION_DEPTH;
  if (!Number.isInteger(maxDepth) || maxDepth < 0) {
    throw new TranscodeError(
      'gemini',
      `maxRecursionDepth must be a whole number of at least 0, got ${String(maxDepth)}.`,
    );
  }
  const context: Context = {
    root: schema,
    maxDepth,
    onUnsupportedKeyword: options.onUnsupportedKeyword,
  };
  return convert(schema, '', new Map(), context);
}

function convert(node: unknown, path: string, depths: RefDepths, context: Context): GeminiSchema {
  if (path.split('/').length > MAX_PATH_SEGMENTS) {
    throw fail(path, 'nests deeper than any real schema; it probably recurses through allOf');
  }
  // `true` (any value) has no Gemini spelling; an untyped schema is the closest.
  if (node === true) return {};
  if (!isJsonSchemaObject(node)) {
    throw fail(
      path,
      node === false
        ? 'is the boolean schema false, which accepts nothing'
        : 'is not a schema object',
    );
  }
  let schema: JsonSchema = node;
  if (schema.allOf !== undefined) {
    schema = mergeAllOf(schema, { path, root: context.root, fail });
  }
  if (schema.$ref !== undefined) return convertRef(schema, path, depths, context);

  for (const keyword of Object.keys(schema)) {
    if (!HANDLED.has(keyword)) context.onUnsupportedKeyword?.(path, keyword);
  }

  const out: GeminiSchema = {};
  if (typeof schema.title === 'string') out.title = schema.title;
  if (typeof schema.description === 'string') out.description = schema.description;
  let nullable = schema.nullable === true;

  const declared = typeList(schema.type, path);
  if (declared.includes('null')) nullable = true;
  let types = declared.filter((type) => type !== 'null');

  const branches: GeminiSchema[] = [];
  const alternatives = unionAlternatives(schema, path, fail);
  alternatives?.forEach((member, index) => {
    if (isNullOnly(member)) nullable = true;
    else branches.push(convert(member, `${path}/anyOf/${index}`, depths, context));
  });
  if (types.length > 1) {
    // Gemini has one type per schema; several become anyOf branches, one per type.
    const {
      title: _title,
      description: _description,
      anyOf: _anyOf,
      oneOf: _oneOf,
      ...body
    } = schema;
    for (const type of types) branches.push(convert({ ...body, type }, path, depths, context));
    types = [];
  }

  const { values, hasNull } = allowedValues(schema);
  if (hasNull) nullable = true;

  let type = types[0] ?? inferType(schema, values, branches.length > 0);
  if (type === undefined && declared.length === 1 && declared[0] === 'null') type = 'null';
  if (type !== undefined) out.type = TYPE_NAMES[type];

  if (values !== undefined && values.length > 0) convertValues(values, out);

  if (branches.length === 1 && out.type === undefined) {
    // A single remaining branch (anyOf [X, null]) is X itself, made nullable.
    const [only] = branches as [GeminiSchema];
    const merged: GeminiSchema = { ...only, ...out };
    if (nullable) merged.nullable = true;
    return merged;
  }
  if (branches.length > 0) out.anyOf = branches;

  if (out.type === 'OBJECT') convertObject(schema, out, path, depths, context);
  if (out.type === 'ARRAY') convertArray(schema, out, path, depths, context);
  if (out.type === 'STRING') {
    if (typeof schema.pattern === 'string') out.pattern = schema.pattern;
    setCount(out, 'minLength', schema.minLength, path, context.onUnsupportedKeyword);
    setCount(out, 'maxLength', schema.maxLength, path, context.onUnsupportedKeyword);
  }
  if (out.type === 'NUMBER' || out.type === 'INTEGER')
    convertBounds(schema, out, path, context.onUnsupportedKeyword);
  if (typeof schema.format === 'string' && out.format === undefined) out.format = schema.format;
  if (schema.default !== undefined) out.default = schema.default;
  const example =
    schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
  if (example !== undefined) out.example = example;
  if (nullable && out.type !== 'NULL') out.nullable = true;
  return out;
}

function convertRef(
  schema: JsonSchema,
  path: string,
  depths: RefDepths,
  context: Context,
): GeminiSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !isLocalRef(ref)) {
    throw fail(
      `${path}/$ref`,
      `points outside this schema (${JSON.stringify(ref)}); inline the referenced schema or move it under "$defs"`,
    );
  }
  const target = resolveLocalRef(context.root, ref);
  if (target === undefined)
    throw fail(`${path}/$ref`, `"${ref}" does not resolve to anything in this schema`);
  const { $ref: _ref, ...siblings } = schema;
  const depth = depths.get(ref) ?? 0;
  if (depth >= context.maxDepth) {
    // The structure below is only described in words from here on: report what was cut.
    context.onUnsupportedKeyword?.(path, '$ref');
    return recursionPlaceholder(target, siblings, ref, context.maxDepth);
  }
  if (target === false)
    throw fail(`${path}/$ref`, `"${ref}" is the boolean schema false, which accepts nothing`);
  const deeper = new Map(depths).set(ref, depth + 1);
  return convert(inlineRef(target === true ? {} : target, siblings), path, deeper, context);
}

function convertObject(
  schema: JsonSchema,
  out: GeminiSchema,
  path: string,
  depths: RefDepths,
  context: Context,
): void {
  const properties = schema.properties;
  if (properties !== undefined) {
    if (!isJsonSchemaObject(properties)) throw fail(`${path}/properties`, 'is not an object');
    out.properties = {};
    for (const [name, child] of Object.entries(properties)) {
      out.properties[name] = convert(
        child,
        `${path}/properties/${escapeJsonPointer(name)}`,
        depths,
        context,
      );
    }
  }
  const names = new Set(Object.keys(out.properties ?? {}));
  if (Array.isArray(schema.required)) {
    const required = schema.required.filter(
      (name): name is string => typeof name === 'string' && names.has(name),
    );
    if (required.length > 0) out.required = required;
  }
  if (Array.isArray(schema.propertyOrdering)) {
    out.propertyOrdering = schema.propertyOrdering.filter(
      (name): name is string => typeof name === 'string' && names.has(name),
    );
  }
  setCount(out, 'minProperties', schema.minProperties, path, context.onUnsupportedKeyword);
  setCount(out, 'maxProperties', schema.maxProperties, path, context.onUnsupportedKeyword);
}

function convertArray(
  schema: JsonSchema,
  out: GeminiSchema,
  path: string,
  depths: RefDepths,
  context: Context,
): void {
  if (schema.items === undefined || schema.items === false) {
    const tuple =
      schema.prefixItems !== undefined ? ' (tuples via prefixItems are not supported)' : '';
    throw fail(
      path,
      `is an array without an "items" schema${tuple}; describe its items, or encode with schemaField: "parametersJsonSchema"`,
    );
  }
  out.items = convert(schema.items, `${path}/items`, depths, context);
  setCount(out, 'minItems', schema.minItems, path, context.onUnsupportedKeyword);
  setCount(out, 'maxItems', schema.maxItems, path, context.onUnsupportedKeyword);
}
