import type { JsonSchema } from '@arsenal/core';
import { isJsonSchemaObject, mergeAllOf, resolveLocalRef } from '@arsenal/core/adapter';
import { sampleFromPattern } from './pattern-samples.js';

/** Which of the values a schema allows to pick, so several variants cover more of it. */
export interface SampleOptions {
  /** `all`: every listed property; `required`: only the required ones. Default `all`. */
  properties?: 'all' | 'required';
  /** Send `null` wherever the schema allows it (OpenAI strict's optional properties). */
  preferNull?: boolean;
  /** Which union branch and enum value to take. Default `first`. */
  pick?: 'first' | 'last';
  /** How many times one `$ref` is followed along a path before optional parts stop. Default 2. */
  maxRefDepth?: number;
}

/** Nothing can satisfy the schema (`false`, an empty enum): the property is left out. */
const IMPOSSIBLE = Symbol('impossible');
type Sample = unknown | typeof IMPOSSIBLE;

interface Walk {
  root: JsonSchema;
  options: Required<SampleOptions>;
  refDepths: ReadonlyMap<string, number>;
  /** Past a recursion limit: take only what is required, arrays empty. */
  minimal: boolean;
  depth: number;
}

const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  'date-time': '2024-05-01T12:30:00Z',
  date: '2024-05-01',
  time: '12:30:00Z',
  duration: 'P1D',
  email: 'ada@example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.10',
  ipv6: '2001:db8::10',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
  uri: 'https://example.com/page',
  'uri-reference': 'https://example.com/page',
  url: 'https://example.com/page',
};

/**
 * A deterministic value that satisfies a JSON Schema (or a Gemini/OpenAPI 3.0 Schema: upper-case
 * types, `nullable`, counts as strings), as a model obeying it would send. Returns undefined when
 * nothing can satisfy it.
 *
 * @example
 * sampleFromSchema({ type: 'object', properties: { n: { type: 'integer', minimum: 3 } } });
 * // { n: 3 }
 */
export function sampleFromSchema(schema: unknown, options: SampleOptions = {}): unknown {
  const root = isJsonSchemaObject(schema) ? schema : {};
  const walk: Walk = {
    root,
    options: {
      properties: options.properties ?? 'all',
      preferNull: options.preferNull ?? false,
      pick: options.pick ?? 'first',
      maxRefDepth: options.maxRefDepth ?? 2,
    },
    refDepths: new Map(),
    minimal: false,
    depth: 0,
  };
  const value = sample(schema, walk);
  return value === IMPOSSIBLE ? undefined : value;
}

function sample(node: unknown, walk: Walk): Sample {
  if (node === true) return 'sample';
  if (!isJsonSchemaObject(node) || walk.depth > 400) return IMPOSSIBLE;
  let schema: JsonSchema = node;
  let inner: Walk = { ...walk, depth: walk.depth + 1 };
  if (typeof schema.$ref === 'string') {
    const target = resolveLocalRef(walk.root, schema.$ref);
    if (target === undefined || target === false) return IMPOSSIBLE;
    const seen = walk.refDepths.get(schema.$ref) ?? 0;
    if (seen > 8) return IMPOSSIBLE;
    inner = {
      ...inner,
      refDepths: new Map(walk.refDepths).set(schema.$ref, seen + 1),
      minimal: walk.minimal || seen + 1 >= walk.options.maxRefDepth,
    };
    const { $ref: _ref, ...siblings } = schema;
    schema = { allOf: [target === true ? {} : target, siblings] };
  }
  if (schema.allOf !== undefined) {
    try {
      schema = mergeAllOf(schema, { root: walk.root });
    } catch {
      return IMPOSSIBLE;
    }
    if (typeof schema.$ref === 'string') return sample(schema, inner);
  }
  // `{ not: {} }` is how some dialects spell the schema `false`.
  if (
    (schema.not as unknown) === true ||
    (isJsonSchemaObject(schema.not) && Object.keys(schema.not).length === 0)
  )
    return IMPOSSIBLE;
  const types = typeList(schema.type);
  const nullable = schema.nullable === true || types.includes('null');
  if (walk.options.preferNull && nullable) return null;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return pickValue(schema.enum, nullable, walk);
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union) && union.length > 0) return sampleUnion(schema, union, inner);
  const type = types.find((entry) => entry !== 'null') ?? inferType(schema, nullable);
  switch (type) {
    case 'object':
      return sampleObject(schema, inner);
    case 'array':
      return sampleArray(schema, inner);
    case 'string':
      return sampleString(schema);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'sample';
  }
}

function typeList(type: unknown): string[] {
  const list = Array.isArray(type) ? type : type === undefined ? [] : [type];
  return list.filter((entry): entry is string => typeof entry === 'string').map(lower);
}

function lower(text: string): string {
  return text.toLowerCase();
}

function inferType(schema: JsonSchema, nullable: boolean): string | undefined {
  if (schema.properties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  return nullable ? 'null' : undefined;
}

function pickValue(values: readonly unknown[], nullable: boolean, walk: Walk): Sample {
  const candidates = values.filter((value) => value !== null);
  if (walk.options.preferNull && values.includes(null)) return null;
  if (candidates.length === 0) return nullable || values.includes(null) ? null : IMPOSSIBLE;
  return walk.options.pick === 'first' ? candidates[0] : candidates[candidates.length - 1];
}

function sampleUnion(schema: JsonSchema, union: readonly unknown[], walk: Walk): Sample {
  const { anyOf: _anyOf, oneOf: _oneOf, ...siblings } = schema;
  if (walk.options.preferNull && union.some(isNullOnly)) return null;
  const order = walk.options.pick === 'first' ? [...union] : [...union].reverse();
  for (const branch of order) {
    if (!walk.options.preferNull && isNullOnly(branch)) continue;
    const value = sample({ allOf: [siblings, branch] }, walk);
    if (value !== IMPOSSIBLE) return value;
  }
  return union.some(isNullOnly) ? null : IMPOSSIBLE;
}

function isNullOnly(schema: unknown): boolean {
  return (
    isJsonSchemaObject(schema) && typeof schema.type === 'string' && lower(schema.type) === 'null'
  );
}

function count(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

function sampleObject(schema: JsonSchema, walk: Walk): Sample {
  const properties = isJsonSchemaObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const out: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(properties)) {
    const wanted = required.has(name) || (walk.options.properties === 'all' && !walk.minimal);
    if (!wanted) continue;
    const value = sample(child, walk);
    if (value === IMPOSSIBLE) {
      if (required.has(name)) return IMPOSSIBLE;
      continue;
    }
    out[name] = value;
  }
  return out;
}

function sampleArray(schema: JsonSchema, walk: Walk): Sample {
  const minimum = count(schema.minItems) ?? 0;
  const maximum = count(schema.maxItems) ?? Number.POSITIVE_INFINITY;
  const length = Math.min(maximum, Math.max(minimum, walk.minimal ? 0 : 1));
  const items: unknown[] = [];
  for (let index = 0; index < length; index++) {
    // Distinct items, so `uniqueItems` holds: vary the pick for each.
    const pick: 'first' | 'last' = index % 2 === 0 ? walk.options.pick : flip(walk.options.pick);
    const value = sample(schema.items ?? {}, { ...walk, options: { ...walk.options, pick } });
    if (value === IMPOSSIBLE) return IMPOSSIBLE;
    items.push(value);
  }
  return items;
}

function flip(pick: 'first' | 'last'): 'first' | 'last' {
  return pick === 'first' ? 'last' : 'first';
}

function sampleString(schema: JsonSchema): Sample {
  if (typeof schema.format === 'string' && FORMAT_SAMPLES[schema.format] !== undefined) {
    return FORMAT_SAMPLES[schema.format];
  }
  let text =
    typeof schema.pattern === 'string' ? (sampleFromPattern(schema.pattern) ?? 'sample') : 'sample';
  const minimum = count(schema.minLength) ?? 0;
  const maximum = count(schema.maxLength) ?? Number.POSITIVE_INFINITY;
  while ([...text].length < minimum) text += 'x';
  if ([...text].length > maximum) text = [...text].slice(0, maximum).join('');
  return text;
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  let low = count(schema.minimum);
  let high = count(schema.maximum);
  const exclusiveLow = count(schema.exclusiveMinimum);
  const exclusiveHigh = count(schema.exclusiveMaximum);
  if (exclusiveLow !== undefined) low = Math.max(low ?? -Infinity, exclusiveLow + step);
  if (exclusiveHigh !== undefined) high = Math.min(high ?? Infinity, exclusiveHigh - step);
  let value: number;
  if (low !== undefined && high !== undefined) value = (low + high) / 2;
  else if (low !== undefined) value = low + step;
  else if (high !== undefined) value = high - step;
  else value = integer ? 2 : 2.5;
  if (integer) value = Math.ceil(value);
  const multiple = count(schema.multipleOf);
  if (multiple !== undefined && multiple > 0) value = Math.ceil(value / multiple) * multiple;
  return value;
}
