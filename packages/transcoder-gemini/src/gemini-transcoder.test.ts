import {
  createToolDefinition,
  type JsonSchema,
  TranscodeError,
  type Transcoder,
} from '@arsenal/core';
import {
  deepFreeze,
  NASTY_SCHEMA_NAMES,
  NASTY_SCHEMAS,
  nastyTool,
  noParameterTool,
  walkSchemas,
} from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import {
  createGeminiTranscoder,
  fromGeminiFunctionDeclaration,
  type GeminiFunctionDeclaration,
  type GeminiSchema,
  GeminiTranscoder,
  toGeminiFunctionDeclaration,
  toGeminiTool,
} from './index.js';

const GEMINI_KEYS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'properties',
  'required',
  'propertyOrdering',
  'minProperties',
  'maxProperties',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'anyOf',
  'default',
  'example',
]);
const GEMINI_TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL']);
const COUNTS = ['minProperties', 'maxProperties', 'minItems', 'maxItems', 'minLength', 'maxLength'];

function parametersOf(schema: JsonSchema, options = {}): GeminiSchema {
  const declaration = toGeminiFunctionDeclaration(
    nastyTool('flat', { parametersSchema: schema }),
    options,
  );
  if (!declaration.parameters) throw new Error('no parameters');
  return declaration.parameters;
}

/** Everything Gemini's Schema subset requires, checked on every node. */
function expectGeminiSubset(schema: GeminiSchema): void {
  expect(schema.type).toBe('OBJECT');
  walkSchemas(schema, (node, path) => {
    for (const keyword of Object.keys(node)) {
      expect(GEMINI_KEYS.has(keyword), `${path}: "${keyword}" is not a Gemini Schema field`).toBe(
        true,
      );
    }
    if (node.type !== undefined)
      expect(GEMINI_TYPES.has(node.type as string), `${path}: type`).toBe(true);
    for (const count of COUNTS) {
      if (node[count] !== undefined) expect(node[count]).toMatch(/^\d+$/);
    }
    if (node.enum !== undefined) {
      expect((node.enum as unknown[]).every((value) => typeof value === 'string')).toBe(true);
    }
    if (node.type === 'ARRAY') expect(node.items, `${path}: items`).toBeDefined();
    if (Array.isArray(node.required)) {
      for (const name of node.required)
        expect(Object.keys(node.properties as object)).toContain(name);
    }
  });
}

describe('GeminiTranscoder encode', () => {
  it.each(NASTY_SCHEMA_NAMES.filter((name) => name !== 'empty'))(
    'stays inside the Gemini Schema subset for the %s schema',
    (name) => {
      const declaration = toGeminiFunctionDeclaration(nastyTool(name));
      expect(declaration.name).toBe(`tool_${name.toLowerCase()}`);
      expectGeminiSubset(declaration.parameters ?? {});
    },
  );

  it('maps a flat schema field by field', () => {
    expect(parametersOf(NASTY_SCHEMAS.flat)).toEqual({
      type: 'OBJECT',
      properties: {
        city: { type: 'STRING', description: 'City name', minLength: '1', default: 'Paris' },
        units: { type: 'STRING', enum: ['metric', 'imperial'] },
        days: { type: 'INTEGER', minimum: 1, maximum: 14 },
        when: { type: 'STRING', format: 'date-time' },
        homepage: { type: 'STRING', format: 'uri' },
      },
      required: ['city'],
    });
  });

  it('leaves parameters out for tools without arguments', () => {
    expect(toGeminiFunctionDeclaration(noParameterTool())).toEqual({
      name: 'get_server_time',
      description: 'Returns the current server time in ISO 8601.',
    });
    expect(toGeminiFunctionDeclaration(nastyTool('empty')).parameters).toBeUndefined();
    const jsonMode = toGeminiFunctionDeclaration(nastyTool('empty'), {
      schemaField: 'parametersJsonSchema',
    });
    expect(jsonMode.parametersJsonSchema).toBeUndefined();
  });

  it('inlines recursive refs up to the depth cap, then leaves a described placeholder', () => {
    const root = parametersOf(NASTY_SCHEMAS.tree).properties?.root;
    let node = root;
    for (let level = 1; level <= 3; level += 1) {
      expect(node?.type).toBe('OBJECT');
      expect(node?.description).toBe('A node of the tree');
      expect(node?.required).toEqual(['label', 'children']);
      node = node?.properties?.children?.items;
    }
    expect(node).toEqual({
      type: 'OBJECT',
      description:
        'A node of the tree Same structure as TreeNode; nesting deeper than 3 levels is not described here.',
    });
  });

  it('honours maxRecursionDepth, including 0 and invalid values', () => {
    const shallow = parametersOf(NASTY_SCHEMAS.tree, { maxRecursionDepth: 1 }).properties?.root;
    expect(shallow?.properties?.children?.items?.properties).toBeUndefined();
    const none = parametersOf(NASTY_SCHEMAS.tree, { maxRecursionDepth: 0 }).properties?.root;
    expect(none?.properties).toBeUndefined();
    expect(none?.description).toMatch(/not described/);
    expect(() => parametersOf(NASTY_SCHEMAS.tree, { maxRecursionDepth: -1 })).toThrowError(
      /maxRecursionDepth must be a whole number/,
    );
  });

  it('cuts recursion through the root reference and mutual recursion', () => {
    const selfRoot = parametersOf({
      type: 'object',
      properties: { name: { type: 'string' }, parent: { $ref: '#' } },
      required: ['name'],
    });
    expect(selfRoot.properties?.parent?.properties?.parent?.type).toBe('OBJECT');
    const mutual = parametersOf({
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: {
        A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } } },
        B: { type: 'object', properties: { a: { $ref: '#/$defs/A' } } },
      },
    });
    expectGeminiSubset(mutual);
    expect(JSON.stringify(mutual)).not.toContain('$ref');
  });

  it('turns unions, null types, const and numeric enums into Gemini spellings', () => {
    const properties = parametersOf(NASTY_SCHEMAS.unions).properties ?? {};
    expect(properties.id).toEqual({
      description: 'Name or number',
      anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }],
    });
    expect(properties.shape?.anyOf?.[0]).toEqual({
      type: 'OBJECT',
      properties: { kind: { type: 'STRING', enum: ['circle'] }, radius: { type: 'NUMBER' } },
      required: ['kind', 'radius'],
    });
    expect(properties.shape?.anyOf?.[1]?.properties?.side).toEqual({ type: 'NUMBER', minimum: 0 });
    expect(properties.nickname).toEqual({ type: 'STRING', nullable: true });
    expect(properties.legacy).toEqual({ type: 'STRING', nullable: true });
    expect(properties.maybeCount).toEqual({ type: 'INTEGER', nullable: true });
    expect(properties.mode).toEqual({ type: 'STRING', enum: ['fast'] });
    expect(properties.level).toEqual({ type: 'INTEGER', enum: ['1', '2', '3'], format: 'enum' });
  });

  it('handles multi-type unions, boolean consts and exclusive integer bounds', () => {
    const properties =
      parametersOf({
        type: 'object',
        properties: {
          either: { type: ['string', 'number', 'null'] },
          flag: { const: true },
          count: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 },
          anything: {},
          whatever: true,
        } as unknown as Record<string, JsonSchema>,
      }).properties ?? {};
    expect(properties.either).toEqual({
      anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }],
      nullable: true,
    });
    expect(properties.flag).toEqual({ type: 'BOOLEAN', description: 'Allowed values: true.' });
    expect(properties.count).toEqual({ type: 'INTEGER', minimum: 1, maximum: 9 });
    expect(properties.anything).toEqual({});
    expect(properties.whatever).toEqual({});
  });

  it('folds allOf and lets a $ref sibling description win', () => {
    const properties = parametersOf(NASTY_SCHEMAS.composed).properties ?? {};
    expect(properties.contact).toEqual({
      type: 'OBJECT',
      properties: { name: { type: 'STRING' }, email: { type: 'STRING', format: 'email' } },
      required: ['name', 'email'],
    });
    expect(properties.address).toEqual({
      type: 'OBJECT',
      description: 'Where to ship',
      properties: { street: { type: 'STRING' }, zip: { type: 'STRING' } },
      required: ['street'],
    });
  });

  it('inlines a root $ref, as schema generators emit', () => {
    expect(
      parametersOf({
        $ref: '#/definitions/Args',
        definitions: {
          Args: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
        },
      }),
    ).toEqual({ type: 'OBJECT', properties: { email: { type: 'STRING' } }, required: ['email'] });
  });

  it('reports every keyword it drops', () => {
    const dropped: string[] = [];
    toGeminiFunctionDeclaration(
      nastyTool('flat', {
        parametersSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          additionalProperties: false,
          properties: {
            tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
            ratio: { type: 'number', exclusiveMinimum: 0 },
            meta: { type: 'object', patternProperties: { '^x-': { type: 'string' } } },
          },
        },
      }),
      { onUnsupportedKeyword: (path, keyword) => dropped.push(`${path} ${keyword}`) },
    );
    expect(dropped).toEqual([
      ' $schema',
      ' additionalProperties',
      '/properties/tags uniqueItems',
      '/properties/ratio exclusiveMinimum',
      '/properties/meta patternProperties',
    ]);
  });

  const impossible: Array<[string, JsonSchema, RegExp]> = [
    [
      'an array without items',
      { type: 'object', properties: { xs: { type: 'array' } } },
      /without an "items" schema/,
    ],
    [
      'a remote $ref',
      { type: 'object', properties: { p: { $ref: 'other.json#/x' } } },
      /points outside this schema/,
    ],
    [
      'a dangling $ref',
      { type: 'object', properties: { p: { $ref: '#/$defs/Nope' } } },
      /does not resolve/,
    ],
    [
      'an allOf that includes itself',
      { type: 'object', properties: { p: { allOf: [{ $ref: '#/properties/p' }] } } },
      /includes itself through allOf/,
    ],
    [
      'a root anyOf',
      { anyOf: [{ type: 'object', properties: {} }] } as JsonSchema,
      /object at the root/,
    ],
    [
      'an unknown type',
      { type: 'object', properties: { p: { type: 'date' } } } as unknown as JsonSchema,
      /unknown type "date"/,
    ],
  ];

  it.each(impossible)('refuses %s with a TranscodeError', (_, schema, message) => {
    const tool = nastyTool('flat', { parametersSchema: schema });
    expect(() => toGeminiFunctionDeclaration(tool)).toThrowError(message);
    expect(() => toGeminiFunctionDeclaration(tool)).toThrowError(TranscodeError);
  });

  it('sends the JSON Schema as written with schemaField "parametersJsonSchema"', () => {
    const declaration = toGeminiFunctionDeclaration(nastyTool('tree'), {
      schemaField: 'parametersJsonSchema',
    });
    const { $schema: _schema, ...expected } = NASTY_SCHEMAS.tree;
    expect(declaration.parameters).toBeUndefined();
    expect(declaration.parametersJsonSchema).toEqual(expected);
    expect(() =>
      toGeminiFunctionDeclaration(nastyTool('tree'), { schemaField: 'openapi' as 'parameters' }),
    ).toThrowError(/Unknown schemaField/);
  });

  it('describes the return value only when asked', () => {
    const tool = nastyTool('flat', {
      returnsSchema: { type: 'object', properties: { temperature: { type: 'number' } } },
    });
    expect(toGeminiFunctionDeclaration(tool).response).toBeUndefined();
    expect(toGeminiFunctionDeclaration(tool, { includeResponse: true }).response).toEqual({
      type: 'OBJECT',
      properties: { temperature: { type: 'NUMBER' } },
    });
    expect(
      toGeminiFunctionDeclaration(tool, {
        includeResponse: true,
        schemaField: 'parametersJsonSchema',
      }).responseJsonSchema,
    ).toEqual(tool.returnsSchema);
  });

  it('groups declarations into one Gemini tool', () => {
    const tool = toGeminiTool([nastyTool('flat'), noParameterTool()]);
    expect(tool.functionDeclarations.map((declaration) => declaration.name)).toEqual([
      'tool_flat',
      'get_server_time',
    ]);
  });

  it('never mutates the definition', () => {
    for (const name of NASTY_SCHEMA_NAMES) {
      const tool = deepFreeze(nastyTool(name));
      const before = JSON.stringify(tool);
      toGeminiFunctionDeclaration(tool);
      toGeminiFunctionDeclaration(tool, { schemaField: 'parametersJsonSchema' });
      expect(JSON.stringify(tool)).toBe(before);
    }
  });
});

describe('GeminiTranscoder decode', () => {
  it('implements the Transcoder port and round-trips every nasty schema into a valid definition', () => {
    const transcoder: Transcoder<GeminiFunctionDeclaration> = createGeminiTranscoder();
    expect(transcoder).toBeInstanceOf(GeminiTranscoder);
    expect(transcoder.dialect).toBe('gemini');
    for (const name of NASTY_SCHEMA_NAMES) {
      const tool = nastyTool(name);
      const again = createToolDefinition(transcoder.decode(transcoder.encode(tool)));
      expect(again.name).toBe(tool.name);
      expect(again.description).toBe(tool.description);
      expect(again.parametersSchema.type).toBe('object');
      expect(again.source).toBe('gemini');
    }
  });

  it('round-trips the JSON Schema form exactly', () => {
    const transcoder = createGeminiTranscoder({ schemaField: 'parametersJsonSchema' });
    const tool = nastyTool('unions');
    expect(transcoder.decode(transcoder.encode(tool)).parametersSchema).toEqual(
      NASTY_SCHEMAS.unions,
    );
  });

  it('reads Gemini spellings back into JSON Schema', () => {
    const decoded = fromGeminiFunctionDeclaration({
      name: 'book.flight:v1',
      description: 'Books a flight for the traveller.',
      parameters: {
        type: 'OBJECT',
        properties: {
          seats: { type: 'INTEGER', enum: ['1', '2'], format: 'enum' },
          note: { type: 'STRING', nullable: true, maxLength: '140', example: 'aisle' },
          legs: { type: 'ARRAY', items: { type: 'STRING' }, minItems: '1' },
          cabin: { type: 'STRING', enum: ['economy', 'business'], nullable: true },
          choice: { anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }], nullable: true },
        },
        required: ['seats'],
        propertyOrdering: ['legs', 'seats'],
      },
    });
    expect(decoded.name).toBe('book_flight_v1');
    expect(decoded.metadata).toEqual({ originalName: 'book.flight:v1' });
    expect(Object.keys(decoded.parametersSchema?.properties ?? {})).toEqual([
      'legs',
      'seats',
      'note',
      'cabin',
      'choice',
    ]);
    expect(decoded.parametersSchema?.properties).toEqual({
      legs: { type: 'array', items: { type: 'string' }, minItems: 1 },
      seats: { type: 'integer', enum: [1, 2] },
      note: { type: ['string', 'null'], maxLength: 140, examples: ['aisle'] },
      cabin: { type: ['string', 'null'], enum: ['economy', 'business', null] },
      choice: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
    });
    expect(() => createToolDefinition(decoded)).not.toThrow();
  });

  it('accepts lower-case type names and reads the response schema', () => {
    const decoded = fromGeminiFunctionDeclaration({
      name: 'get_rate',
      description: 'Gets the exchange rate.',
      parameters: { type: 'object', properties: { base: { type: 'string' } } },
      response: { type: 'NUMBER' },
    });
    expect(decoded.parametersSchema).toEqual({
      type: 'object',
      properties: { base: { type: 'string' } },
    });
    expect(decoded.returnsSchema).toEqual({ type: 'number' });
  });

  it('rejects bad input with TranscodeErrors that say what to send', () => {
    const cases: Array<[unknown, RegExp]> = [
      [undefined, /expected \{name, description, parameters\}/],
      [{ functionDeclarations: [] }, /decode each entry of functionDeclarations/],
      [
        { name: 'f_x', parameters: { type: 'OBJECT' }, parametersJsonSchema: { type: 'object' } },
        /remove the other/,
      ],
      [{ name: 'f_x', parameters: { type: 'STRING' } }, /must be an OBJECT/],
      [{ name: 'f_x', parameters: { type: 'DATE' } }, /unknown type "DATE"/],
      [
        {
          name: 'f_x',
          parameters: { type: 'OBJECT', properties: { a: { type: 'ARRAY', maxItems: 'many' } } },
        },
        /not a whole number/,
      ],
    ];
    for (const [input, message] of cases) {
      const attempt = () => fromGeminiFunctionDeclaration(input as GeminiFunctionDeclaration);
      expect(attempt).toThrowError(message);
      expect(attempt).toThrowError(TranscodeError);
    }
  });
});
