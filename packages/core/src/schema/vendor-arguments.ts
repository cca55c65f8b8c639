import { unionAlternatives } from './alternatives.js';
import { isJsonSchemaObject, type JsonSchema } from './json-schema.js';
import { validateJsonSchema } from './json-schema-validator.js';
import { resolveLocalRef } from './local-refs.js';
import { mergeAllOf } from './merge-all-of.js';

/**
 * How a vendor's encoding changed what a model sends back, so `decodeVendorArguments` can undo
 * it. Each switch undoes one rewrite a transcoder makes on the way out.
 */
export interface VendorArgumentQuirks {
  /**
   * `null` for a property the tool's schema has as optional and not nullable means "absent"
   * (OpenAI strict mode spells optional properties as required nullable ones). Default true.
   */
  nullMeansAbsent?: boolean;
  /** A string where the schema wants a number or integer is parsed (Gemini's string enums). */
  numbersAsStrings?: boolean;
  /** A string where the schema wants an object or array is parsed as JSON when it parses. */
  jsonInStrings?: boolean;
}

/** Deeper than this the value is left as sent: no real arguments nest further. */
const MAX_DEPTH = 64;

interface Walk {
  root: JsonSchema;
  quirks: Required<VendorArgumentQuirks>;
  depth: number;
}

/**
 * Arguments a model sent in a vendor's dialect, brought back to what the tool's own (canonical)
 * schema expects. Only rewrites that the schema makes unambiguous are applied; anything else is
 * returned as sent for validation to judge. The input is not changed.
 *
 * @example
 * decodeVendorArguments(
 *   { type: 'object', properties: { note: { type: 'string' } } },
 *   { note: null },
 * ); // {}
 */
export function decodeVendorArguments(
  schema: JsonSchema,
  value: unknown,
  quirks: VendorArgumentQuirks = {},
): unknown {
  const walk: Walk = {
    root: schema,
    quirks: {
      nullMeansAbsent: quirks.nullMeansAbsent ?? true,
      numbersAsStrings: quirks.numbersAsStrings ?? false,
      jsonInStrings: quirks.jsonInStrings ?? false,
    },
    depth: 0,
  };
  return decode(schema, value, walk);
}

function decode(node: unknown, value: unknown, walk: Walk): unknown {
  const schema = resolve(node, walk);
  if (schema === undefined || walk.depth > MAX_DEPTH) return value;
  const inner: Walk = { ...walk, depth: walk.depth + 1 };
  let alternatives: readonly unknown[] | undefined;
  try {
    alternatives = unionAlternatives(schema, '');
  } catch {
    alternatives = undefined;
  }
  if (alternatives !== undefined) return decodeUnion(schema, alternatives, value, inner);
  const types = typesOf(schema);
  if (typeof value === 'string') return decodeString(schema, types, value, inner);
  if (Array.isArray(value)) {
    if (schema.items === undefined || typeof schema.items === 'boolean') return value;
    return value.map((item) => decode(schema.items, item, inner));
  }
  if (isJsonSchemaObject(value)) return decodeObject(schema, value, inner);
  return value;
}

/** The schema itself with `$ref`s followed and `allOf` folded; undefined when neither works. */
function resolve(node: unknown, walk: Walk): JsonSchema | undefined {
  let schema = node;
  for (let hops = 0; isJsonSchemaObject(schema) && typeof schema.$ref === 'string'; hops++) {
    if (hops > 32) return undefined;
    const { $ref, ...siblings } = schema;
    const target = resolveLocalRef(walk.root, $ref as string);
    if (!isJsonSchemaObject(target)) return undefined;
    schema = Object.keys(siblings).length === 0 ? target : { allOf: [target, siblings] };
  }
  if (!isJsonSchemaObject(schema)) return undefined;
  if (schema.allOf === undefined) return schema;
  try {
    return mergeAllOf(schema, { root: walk.root });
  } catch {
    return undefined;
  }
}

function typesOf(schema: JsonSchema): string[] {
  const type = schema.type;
  if (type === undefined) return [];
  return (Array.isArray(type) ? type : [type]).filter(
    (entry): entry is string => typeof entry === 'string',
  );
}

/** The first branch the decoded value satisfies; the value as sent when none does. */
function decodeUnion(
  schema: JsonSchema,
  alternatives: readonly unknown[],
  value: unknown,
  walk: Walk,
): unknown {
  const { anyOf: _anyOf, oneOf: _oneOf, ...siblings } = schema;
  for (const alternative of alternatives) {
    const branch: JsonSchema = { allOf: [siblings, alternative as JsonSchema] };
    const decoded = decode(branch, value, walk);
    if (accepts(branch, decoded, walk)) return decoded;
  }
  return value;
}

function accepts(schema: JsonSchema, value: unknown, walk: Walk): boolean {
  const probe = { ...schema, $defs: walk.root.$defs, definitions: walk.root.definitions };
  return validateJsonSchema(probe, value, { applyDefaults: false, maxIssues: 1 }).valid;
}

function decodeString(schema: JsonSchema, types: string[], value: string, walk: Walk): unknown {
  if (types.includes('string') || types.length === 0) {
    // An untyped schema with numeric values (`enum: [1, 2]`) still wants the number back.
    if (!(types.length === 0 && walk.quirks.numbersAsStrings && hasNumericValues(schema)))
      return value;
  }
  if (
    walk.quirks.numbersAsStrings &&
    (types.includes('number') || types.includes('integer') || hasNumericValues(schema))
  ) {
    const trimmed = value.trim();
    const number = trimmed === '' ? Number.NaN : Number(trimmed);
    if (Number.isFinite(number)) return number;
  }
  if (walk.quirks.jsonInStrings && (types.includes('object') || types.includes('array'))) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'object' && parsed !== null) return decode(schema, parsed, walk);
    } catch {
      // Not JSON: validation reports the string for what it is.
    }
  }
  return value;
}

function hasNumericValues(schema: JsonSchema): boolean {
  const values = schema.const !== undefined ? [schema.const] : schema.enum;
  return Array.isArray(values) && values.some((entry) => typeof entry === 'number');
}

function decodeObject(
  schema: JsonSchema,
  value: Record<string, unknown>,
  walk: Walk,
): Record<string, unknown> {
  const properties = isJsonSchemaObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const additional = schema.additionalProperties;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (property !== undefined) {
      if (
        child === null &&
        walk.quirks.nullMeansAbsent &&
        !required.has(key) &&
        !accepts(propertyProbe(property), null, walk)
      ) {
        continue;
      }
      out[key] = decode(property, child, walk);
    } else if (isJsonSchemaObject(additional)) {
      out[key] = decode(additional, child, walk);
    } else {
      out[key] = child;
    }
  }
  return out;
}

function propertyProbe(property: unknown): JsonSchema {
  if (typeof property === 'boolean') return property ? {} : { not: {} };
  return isJsonSchemaObject(property) ? property : {};
}
