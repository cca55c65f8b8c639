import {
  createToolDefinition,
  type JsonSchema,
  type ToolDefinition,
  type ToolDefinitionInput,
} from '@arsenal/core';

/**
 * Parameter schemas that break naive transcoders, each one valid and common in the wild:
 * recursion through `$ref`, unions and nullables, nested arrays, `allOf` over `$ref`s, and an
 * empty object. Every dialect is expected to encode all of them.
 */
export type NastySchemaName = 'flat' | 'tree' | 'unions' | 'nestedArrays' | 'composed' | 'empty';

export const NASTY_SCHEMAS: Readonly<Record<NastySchemaName, JsonSchema>> = {
  flat: {
    type: 'object',
    properties: {
      city: { type: 'string', description: 'City name', minLength: 1, default: 'Paris' },
      units: { type: 'string', enum: ['metric', 'imperial'] },
      days: { type: 'integer', minimum: 1, maximum: 14 },
      when: { type: 'string', format: 'date-time' },
      homepage: { type: 'string', format: 'uri' },
    },
    required: ['city'],
  },
  tree: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      root: { $ref: '#/$defs/TreeNode' },
    },
    required: ['root'],
    $defs: {
      TreeNode: {
        type: 'object',
        description: 'A node of the tree',
        properties: {
          label: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } },
        },
        required: ['label', 'children'],
      },
    },
  },
  unions: {
    type: 'object',
    properties: {
      id: { anyOf: [{ type: 'string' }, { type: 'integer' }], description: 'Name or number' },
      shape: {
        oneOf: [
          {
            type: 'object',
            properties: { kind: { const: 'circle' }, radius: { type: 'number' } },
            required: ['kind', 'radius'],
          },
          {
            type: 'object',
            properties: {
              kind: { const: 'square' },
              side: { type: 'number', exclusiveMinimum: 0 },
            },
            required: ['kind', 'side'],
          },
        ],
      },
      nickname: { type: ['string', 'null'] },
      legacy: { type: 'string', nullable: true },
      maybeCount: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
      mode: { const: 'fast' },
      level: { enum: [1, 2, 3] },
    },
    required: ['id', 'shape', 'nickname', 'mode'],
  },
  nestedArrays: {
    type: 'object',
    properties: {
      orders: {
        type: 'array',
        minItems: 1,
        uniqueItems: true,
        items: {
          type: 'object',
          properties: {
            orderId: { type: 'string', format: 'uuid' },
            lines: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  sku: { type: 'string', pattern: '^[A-Z]{3}-\\d+$' },
                  quantity: { type: 'integer', minimum: 1 },
                  tags: { type: 'array', items: { type: 'string' } },
                },
                required: ['sku', 'quantity'],
              },
            },
          },
          required: ['orderId', 'lines'],
        },
      },
      matrix: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
    },
    required: ['orders'],
  },
  composed: {
    type: 'object',
    properties: {
      contact: {
        allOf: [
          { $ref: '#/$defs/Named' },
          {
            type: 'object',
            properties: { email: { type: 'string', format: 'email' } },
            required: ['email'],
          },
        ],
      },
      address: { $ref: '#/$defs/Address', description: 'Where to ship' },
    },
    required: ['contact'],
    $defs: {
      Named: {
        type: 'object',
        properties: { name: { type: 'string' } },
        required: ['name'],
      },
      Address: {
        type: 'object',
        properties: { street: { type: 'string' }, zip: { type: 'string' } },
        required: ['street'],
      },
    },
  },
  empty: { type: 'object', properties: {} },
};

/** The names of `NASTY_SCHEMAS`, for `it.each`. */
export const NASTY_SCHEMA_NAMES = Object.keys(NASTY_SCHEMAS) as NastySchemaName[];

/** A valid definition whose parameters are the named nasty schema. */
export function nastyTool(
  name: NastySchemaName,
  overrides: Partial<ToolDefinitionInput> = {},
): ToolDefinition {
  return schemaTool(name, NASTY_SCHEMAS[name], overrides);
}

/** A valid definition named after a fixture, holding a private copy of its schema. */
export function schemaTool(
  name: string,
  schema: JsonSchema,
  overrides: Partial<ToolDefinitionInput> = {},
): ToolDefinition {
  return createToolDefinition({
    name: `tool_${name.toLowerCase()}`,
    description: `Exercises the ${name} schema shape in transcoder tests.`,
    parametersSchema: structuredClone(schema),
    ...overrides,
  });
}

/** A definition with no parameters at all (`parameters` omitted). */
export function noParameterTool(): ToolDefinition {
  return createToolDefinition({
    name: 'get_server_time',
    description: 'Returns the current server time in ISO 8601.',
  });
}

/** Freeze a value and everything inside it, so any mutation throws in strict-mode code. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
  }
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Visit every schema object inside a schema, with its JSON-pointer path. */
export function walkSchemas(
  schema: unknown,
  visit: (node: Record<string, unknown>, path: string) => void,
  path = '',
): void {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return;
  const node = schema as Record<string, unknown>;
  visit(node, path);
  for (const key of ['properties', '$defs', 'definitions']) {
    const map = node[key];
    if (typeof map === 'object' && map !== null) {
      for (const [name, child] of Object.entries(map))
        walkSchemas(child, visit, `${path}/${key}/${name}`);
    }
  }
  for (const key of ['items', 'not', 'additionalProperties']) {
    walkSchemas(node[key], visit, `${path}/${key}`);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const list = node[key];
    if (!Array.isArray(list)) continue;
    list.forEach((child, index) => {
      walkSchemas(child, visit, `${path}/${key}/${index}`);
    });
  }
}
