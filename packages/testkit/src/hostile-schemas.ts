import type { JsonSchema, ToolDefinition, ToolDefinitionInput } from '@arsenal/core';
import { schemaTool } from './nasty-schemas.js';

/**
 * Parameter schemas `createToolDefinition` accepts but a dialect may have no way to express:
 * maps, tuples, boolean and untyped schemas, unions at the root, refs that lead outside or
 * nowhere or in circles, `allOf`s that cannot merge, malformed keywords, odd property names and
 * deep nesting. A transcoder may refuse any of them, but only with an `ArsenalError`.
 */
export type HostileSchemaName =
  | 'freeFormMap'
  | 'tuple'
  | 'booleanSchemas'
  | 'untyped'
  | 'unknownType'
  | 'rootUnion'
  | 'externalRef'
  | 'danglingRef'
  | 'refLoop'
  | 'allOfConflict'
  | 'allOfLoop'
  | 'malformedKeywords'
  | 'oddPropertyNames'
  | 'deepNesting';

// Boolean schemas are valid JSON Schema, though the JsonSchema type leaves them out.
const ANYTHING = true as unknown as JsonSchema;
const NOTHING = false as unknown as JsonSchema;

/** An object nested `depth` levels deep through a property called `child`. */
function nested(depth: number): JsonSchema {
  let schema: JsonSchema = { type: 'string' };
  for (let level = 0; level < depth; level += 1) {
    schema = { type: 'object', properties: { child: schema } };
  }
  return schema;
}

export const HOSTILE_SCHEMAS: Readonly<Record<HostileSchemaName, JsonSchema>> = {
  freeFormMap: {
    type: 'object',
    properties: {
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      anything: { type: 'object' },
    },
  },
  tuple: {
    type: 'object',
    properties: {
      point: {
        type: 'array',
        prefixItems: [{ type: 'number' }, { type: 'number' }],
        items: NOTHING,
      },
    },
  },
  booleanSchemas: { type: 'object', properties: { anything: ANYTHING, nothing: NOTHING } },
  untyped: {
    type: 'object',
    properties: { value: {}, described: { description: 'Any JSON value at all' } },
  },
  unknownType: { type: 'object', properties: { when: { type: 'datetime' as never } } },
  rootUnion: {
    anyOf: [
      { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
      { type: 'object', properties: { phone: { type: 'string' } }, required: ['phone'] },
    ],
  },
  externalRef: {
    type: 'object',
    properties: { address: { $ref: 'https://example.com/schemas/address.json' } },
  },
  danglingRef: { type: 'object', properties: { address: { $ref: '#/$defs/Missing' } } },
  refLoop: {
    type: 'object',
    properties: { node: { $ref: '#/$defs/A' } },
    $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } },
  },
  allOfConflict: {
    type: 'object',
    properties: { mode: { allOf: [{ const: 'fast' }, { const: 'slow' }] } },
  },
  allOfLoop: {
    type: 'object',
    properties: { node: { $ref: '#/$defs/Loop' } },
    $defs: { Loop: { allOf: [{ $ref: '#/$defs/Loop' }] } },
  },
  malformedKeywords: {
    type: 'object',
    properties: {
      inner: { type: 'object', properties: 'none' as never, required: 'all' as never },
      choice: { anyOf: {} as never, enum: 'a' as never },
      list: { type: 'array', items: 3 as never },
    },
  },
  oddPropertyNames: {
    type: 'object',
    properties: {
      'a/b': { type: 'string' },
      'til~de': { type: 'string' },
      'with space': { type: 'string' },
      ünïcödé: { type: 'string' },
      '': { type: 'string' },
    },
    required: ['a/b'],
  },
  deepNesting: nested(200),
};

/** The names of `HOSTILE_SCHEMAS`, for `it.each`. */
export const HOSTILE_SCHEMA_NAMES = Object.keys(HOSTILE_SCHEMAS) as HostileSchemaName[];

/** A valid definition whose parameters are the named hostile schema. */
export function hostileTool(
  name: HostileSchemaName,
  overrides: Partial<ToolDefinitionInput> = {},
): ToolDefinition {
  return schemaTool(name, HOSTILE_SCHEMAS[name], overrides);
}
