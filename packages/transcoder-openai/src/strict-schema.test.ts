import { type JsonSchema, TranscodeError } from '@arsenal/core';
import { NASTY_SCHEMA_NAMES, NASTY_SCHEMAS, nastyTool, walkSchemas } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { toOpenAITool } from './index.js';
import { STRICT_STRING_FORMATS, toStrictSchema } from './strict-schema.js';

const ALLOWED = new Set([
  'type',
  'title',
  'description',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'definitions',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'pattern',
  'format',
  'multipleOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
]);

function strictParameters(schema: JsonSchema): JsonSchema {
  const tool = nastyTool('flat', { parametersSchema: schema });
  const parameters = toOpenAITool(tool, { strict: true }).function.parameters;
  if (!parameters) throw new Error('no parameters');
  return parameters;
}

function typesOf(node: Record<string, unknown>): unknown[] {
  return node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
}

function acceptsNull(node: unknown): boolean {
  const schema = node as Record<string, unknown>;
  if (typesOf(schema).includes('null')) return true;
  return Array.isArray(schema.anyOf) && schema.anyOf.some((member) => acceptsNull(member));
}

/** Every rule OpenAI's strict mode states, checked on every node of the output. */
function expectStrictInvariants(parameters: JsonSchema): void {
  expect(parameters.type).toBe('object');
  expect(parameters.anyOf).toBeUndefined();
  walkSchemas(parameters, (node, path) => {
    for (const keyword of Object.keys(node)) {
      expect(ALLOWED.has(keyword), `${path}: keyword "${keyword}" survives strict mode`).toBe(true);
    }
    if (typesOf(node).includes('object')) {
      expect(node.additionalProperties, `${path}: additionalProperties`).toBe(false);
      expect(node.required, `${path}: required`).toEqual(Object.keys(node.properties as object));
    }
    if (typesOf(node).includes('array')) {
      expect(node.items, `${path}: items`).toBeDefined();
    }
    if (typeof node.format === 'string') expect(STRICT_STRING_FORMATS.has(node.format)).toBe(true);
    if (node.$ref !== undefined) expect(Object.keys(node)).toEqual(['$ref']);
    if (node.anyOf === undefined && node.$ref === undefined) {
      expect(typesOf(node).length, `${path}: needs a type`).toBeGreaterThan(0);
    }
    if (Array.isArray(node.enum) && typesOf(node).includes('null')) {
      expect(node.enum).toContain(null);
    }
  });
}

describe('OpenAI strict mode', () => {
  it.each(NASTY_SCHEMA_NAMES)('keeps every strict-mode rule for the %s schema', (name) => {
    expectStrictInvariants(
      toOpenAITool(nastyTool(name), { strict: true }).function.parameters ?? {},
    );
  });

  it('sets strict: true on the function', () => {
    expect(toOpenAITool(nastyTool('flat'), { strict: true }).function.strict).toBe(true);
  });

  it('makes optional properties required but nullable, and leaves required ones alone', () => {
    const parameters = strictParameters(NASTY_SCHEMAS.flat);
    expect(parameters.required).toEqual(['city', 'units', 'days', 'when', 'homepage']);
    expect(parameters.properties?.city).toEqual({ description: 'City name', type: 'string' });
    expect(parameters.properties?.units).toEqual({
      type: ['string', 'null'],
      enum: ['metric', 'imperial', null],
    });
    expect(parameters.properties?.days).toEqual({
      type: ['integer', 'null'],
      minimum: 1,
      maximum: 14,
    });
    expect(parameters.properties?.when).toEqual({ type: ['string', 'null'], format: 'date-time' });
    // "uri" is not a documented strict format, "default" and "minLength" are not strict keywords.
    expect(parameters.properties?.homepage).toEqual({ type: ['string', 'null'] });
  });

  it('keeps recursive $defs and $refs, which OpenAI resolves itself', () => {
    const parameters = strictParameters(NASTY_SCHEMAS.tree);
    expect(parameters.$schema).toBeUndefined();
    expect(parameters.properties?.root).toEqual({ $ref: '#/$defs/TreeNode' });
    expect(parameters.$defs?.TreeNode).toEqual({
      type: 'object',
      description: 'A node of the tree',
      properties: {
        label: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } },
      },
      required: ['label', 'children'],
      additionalProperties: false,
    });
  });

  it('turns oneOf into anyOf, const into nullable enums, and nullable into null types', () => {
    const properties = strictParameters(NASTY_SCHEMAS.unions).properties ?? {};
    expect(properties.id).toEqual({
      description: 'Name or number',
      anyOf: [{ type: 'string' }, { type: 'integer' }],
    });
    expect(properties.shape?.anyOf).toHaveLength(2);
    expect(properties.shape?.oneOf).toBeUndefined();
    expect(properties.shape?.anyOf?.[1]).toEqual({
      type: 'object',
      properties: {
        kind: { type: 'string', const: 'square' },
        side: { type: 'number', exclusiveMinimum: 0 },
      },
      required: ['kind', 'side'],
      additionalProperties: false,
    });
    expect(properties.nickname).toEqual({ type: ['string', 'null'] });
    expect(properties.legacy).toEqual({ type: ['string', 'null'] });
    expect(properties.maybeCount).toEqual({ anyOf: [{ type: 'integer' }, { type: 'null' }] });
    expect(properties.mode).toEqual({ type: 'string', const: 'fast' });
    expect(properties.level).toEqual({ type: ['integer', 'null'], enum: [1, 2, 3, null] });
  });

  it('wraps optional objects, arrays and refs in anyOf with null', () => {
    const properties = strictParameters(NASTY_SCHEMAS.composed).properties ?? {};
    expect(properties.address).toMatchObject({ description: 'Where to ship' });
    expect(acceptsNull(properties.address)).toBe(true);
    const orders = strictParameters(NASTY_SCHEMAS.nestedArrays).properties ?? {};
    expect(orders.matrix).toEqual({
      anyOf: [
        { type: 'array', items: { type: 'array', items: { type: 'number' } } },
        { type: 'null' },
      ],
    });
    const optionalRef = strictParameters({
      type: 'object',
      properties: { node: { $ref: '#/$defs/Leaf' } },
      $defs: { Leaf: { type: 'object', properties: { v: { type: 'string' } }, required: ['v'] } },
    });
    expect(optionalRef.properties?.node).toEqual({
      anyOf: [{ $ref: '#/$defs/Leaf' }, { type: 'null' }],
    });
  });

  it('folds allOf, wraps a $ref that carries a description, inlines one with structure', () => {
    const parameters = strictParameters(NASTY_SCHEMAS.composed);
    expect(parameters.properties?.contact).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } },
      required: ['name', 'email'],
      additionalProperties: false,
    });
    expect(parameters.properties?.address).toEqual({
      description: 'Where to ship',
      anyOf: [{ $ref: '#/$defs/Address' }, { type: 'null' }],
    });
    expect(parameters.$defs?.Address?.properties?.zip).toEqual({ type: ['string', 'null'] });
    const structural = strictParameters({
      type: 'object',
      properties: { point: { $ref: '#/$defs/Point', required: ['x', 'y'] } },
      required: ['point'],
      $defs: {
        Point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } } },
      },
    });
    expect(structural.properties?.point).toEqual({
      type: 'object',
      properties: { x: { type: 'number' }, y: { type: 'number' } },
      required: ['x', 'y'],
      additionalProperties: false,
    });
  });

  it('keeps self-references with descriptions small instead of expanding them', () => {
    const parameters = strictParameters({
      type: 'object',
      properties: {
        name: { type: 'string' },
        left: { $ref: '#', description: 'Left subtree' },
        right: { $ref: '#', description: 'Right subtree' },
      },
      required: ['name'],
    });
    expect(parameters.properties?.left).toEqual({
      description: 'Left subtree',
      anyOf: [{ $ref: '#' }, { type: 'null' }],
    });
  });

  it('makes optional properties inside nested arrays of objects nullable', () => {
    const parameters = strictParameters(NASTY_SCHEMAS.nestedArrays);
    const line = parameters.properties?.orders?.items as JsonSchema;
    const lineItem = line.properties?.lines?.items as JsonSchema;
    expect(lineItem.required).toEqual(['sku', 'quantity', 'tags']);
    expect(acceptsNull(lineItem.properties?.tags)).toBe(true);
    expect(acceptsNull(lineItem.properties?.sku)).toBe(false);
    expect(parameters.properties?.orders?.minItems).toBe(1);
    expect(parameters.properties?.orders?.uniqueItems).toBeUndefined();
  });

  it('reports each keyword it removes', () => {
    const removed: string[] = [];
    toOpenAITool(nastyTool('flat'), {
      strict: true,
      onUnsupportedKeyword: (path, keyword) => removed.push(`${path} ${keyword}`),
    });
    expect(removed).toEqual([
      '/properties/city minLength',
      '/properties/city default',
      '/properties/homepage format',
    ]);
  });

  it('infers missing types from enum, const, properties and items', () => {
    const parameters = strictParameters({
      properties: {
        colour: { enum: ['red', 'green'] },
        nested: { properties: { a: { type: 'boolean' } }, required: ['a'] },
        list: { items: { type: 'string' } },
        mixed: { enum: [1, 2.5] },
      },
      required: ['colour', 'nested', 'list', 'mixed'],
    });
    expect(parameters.type).toBe('object');
    expect(parameters.properties?.colour?.type).toBe('string');
    expect(parameters.properties?.nested?.type).toBe('object');
    expect(parameters.properties?.list?.type).toBe('array');
    expect(parameters.properties?.mixed?.type).toBe('number');
  });

  it('accepts a hand-written schema directly through toStrictSchema', () => {
    expect(toStrictSchema({ type: 'object', properties: { q: { type: 'string' } } })).toEqual({
      type: 'object',
      properties: { q: { type: ['string', 'null'] } },
      required: ['q'],
      additionalProperties: false,
    });
  });

  const impossible: Array<[string, JsonSchema, RegExp]> = [
    [
      'a free-form nested object',
      { type: 'object', properties: { headers: { type: 'object' } } },
      /"\/properties\/headers" is an object without properties/,
    ],
    [
      'a map (additionalProperties schema)',
      {
        type: 'object',
        properties: { m: { type: 'object', additionalProperties: { type: 'string' } } },
      },
      /\/properties\/m\/additionalProperties.*list them as properties/,
    ],
    [
      'a root anyOf',
      { anyOf: [{ type: 'object', properties: {} }] } as JsonSchema,
      /needs a plain object at the root/,
    ],
    [
      'an array without items',
      { type: 'object', properties: { xs: { type: 'array' } } },
      /"\/properties\/xs" is an array without an "items" schema/,
    ],
    [
      'a tuple',
      { type: 'object', properties: { t: { type: 'array', prefixItems: [{ type: 'string' }] } } },
      /tuples via prefixItems/,
    ],
    [
      'an untyped value',
      { type: 'object', properties: { anything: { description: 'Whatever' } } },
      /has no "type"/,
    ],
    [
      'a remote $ref',
      { type: 'object', properties: { p: { $ref: 'https://example.com/p.json' } } },
      /points outside this schema/,
    ],
    [
      'a dangling $ref',
      { type: 'object', properties: { p: { $ref: '#/$defs/Missing' } } },
      /"#\/\$defs\/Missing" does not resolve/,
    ],
    [
      'an allOf that includes itself',
      {
        type: 'object',
        properties: { p: { $ref: '#/$defs/A' } },
        $defs: { A: { allOf: [{ $ref: '#/$defs/A' }] } },
      },
      /includes itself through allOf/,
    ],
    [
      'conflicting allOf members',
      { type: 'object', properties: { p: { allOf: [{ const: 'a' }, { const: 'b' }] } } },
      /"const" is "b" here but "a"/,
    ],
  ];

  it.each(impossible)(
    'refuses %s with a TranscodeError naming the path and the fix',
    (_, schema, message) => {
      const tool = nastyTool('flat', { parametersSchema: schema });
      expect(() => toOpenAITool(tool, { strict: true })).toThrowError(message);
      expect(() => toOpenAITool(tool, { strict: true })).toThrowError(/strict: false/);
      expect(() => toOpenAITool(tool, { strict: true })).toThrowError(TranscodeError);
      expect(() => toOpenAITool(tool)).not.toThrow();
    },
  );
});
