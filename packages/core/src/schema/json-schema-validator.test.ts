import { describe, expect, it } from 'vitest';
import type { JsonSchema } from './json-schema.js';
import { validateJsonSchema } from './json-schema-validator.js';

const paths = (schema: JsonSchema | boolean, value: unknown) =>
  validateJsonSchema(schema, value).issues.map((issue) => issue.path);

describe('validateJsonSchema', () => {
  it('checks types, including integer, nullable and type lists', () => {
    expect(validateJsonSchema({ type: 'integer' }, 1.5).issues[0]?.message).toBe(
      'must be an integer, got a number',
    );
    expect(validateJsonSchema({ type: 'number' }, Number.NaN).valid).toBe(false);
    expect(validateJsonSchema({ type: ['string', 'null'] }, null).valid).toBe(true);
    expect(validateJsonSchema({ type: 'string', nullable: true }, null).valid).toBe(true);
    expect(validateJsonSchema({ type: 'object' }, [1]).valid).toBe(false);
    expect(validateJsonSchema(false, 1).valid).toBe(false);
    expect(validateJsonSchema(true, 1).valid).toBe(true);
  });

  it('lists every object problem with its JSON path', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 2, maxLength: 5 },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true },
        address: {
          type: 'object',
          properties: { 'zip/code': { type: 'string', pattern: '^\\d{4}$' } },
        },
      },
      required: ['name', 'id'],
      additionalProperties: false,
    };
    const result = validateJsonSchema(schema, {
      name: 'x',
      tags: ['a', 1, 'a'],
      address: { 'zip/code': 'abcd' },
      extra: true,
    });
    expect(result.issues.map((issue) => issue.path).sort()).toEqual(
      ['/address/zip~1code', '/extra', '/id', '/name', '/tags/1', '/tags/2'].sort(),
    );
  });

  it('checks enum, const, numbers and string lengths in characters', () => {
    expect(paths({ enum: ['a', { b: 1 }] }, { b: 1 })).toEqual([]);
    expect(paths({ const: 3 }, 4)).toEqual(['']);
    expect(validateJsonSchema({ minimum: 1, maximum: 3 }, 4).issues[0]?.message).toBe(
      'must be at most 3',
    );
    expect(validateJsonSchema({ exclusiveMinimum: 1 }, 1).valid).toBe(false);
    expect(validateJsonSchema({ exclusiveMaximum: 1 }, 0.5).valid).toBe(true);
    expect(validateJsonSchema({ multipleOf: 0.1 }, 0.3).valid).toBe(true);
    expect(validateJsonSchema({ multipleOf: 2 }, 3).valid).toBe(false);
    expect(validateJsonSchema({ maxLength: 2 }, '😀😀').valid).toBe(true);
  });

  it('checks tuples with prefixItems and items', () => {
    const schema: JsonSchema = {
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: false,
    };
    expect(paths(schema, ['a', 1])).toEqual([]);
    expect(paths(schema, [1, 'a', true])).toEqual(['/0', '/1', '/2']);
    expect(
      paths(
        {
          type: 'array',
          items: [{ type: 'string' }],
          additionalItems: false,
        } as unknown as JsonSchema,
        ['a', 'b'],
      ),
    ).toEqual(['/1']);
  });

  it('checks formats', () => {
    const valid = (format: string, value: string) =>
      validateJsonSchema({ type: 'string', format }, value).valid;
    expect(valid('date-time', '2025-02-28T12:30:00Z')).toBe(true);
    expect(valid('date-time', '2025-02-30T12:30:00Z')).toBe(false);
    expect(valid('date-time', 'yesterday')).toBe(false);
    expect(valid('email', 'ada@example.com')).toBe(true);
    expect(valid('email', 'ada@')).toBe(false);
    expect(valid('uri', 'https://example.com/x?y=1')).toBe(true);
    expect(valid('uri', 'not a uri')).toBe(false);
    expect(valid('uuid', '123e4567-e89b-12d3-a456-426614174000')).toBe(true);
    expect(valid('uuid', '123e4567')).toBe(false);
    expect(valid('something-custom', 'anything')).toBe(true);
  });

  it('checks anyOf, oneOf, allOf and not', () => {
    const anyOf: JsonSchema = { anyOf: [{ type: 'string' }, { type: 'number' }] };
    expect(paths(anyOf, 1)).toEqual([]);
    expect(validateJsonSchema(anyOf, true).issues[0]?.message).toContain('at least one');
    const oneOf: JsonSchema = { oneOf: [{ type: 'number' }, { type: 'integer' }] };
    expect(validateJsonSchema(oneOf, 1.5).valid).toBe(true);
    expect(validateJsonSchema(oneOf, 1).issues[0]?.message).toContain('matches 2');
    expect(validateJsonSchema({ allOf: [{ minimum: 1 }, { maximum: 2 }] }, 3).valid).toBe(false);
    expect(validateJsonSchema({ not: { type: 'string' } }, 'x').valid).toBe(false);
    const conditional = JSON.parse('{"if":{"minimum":10},"then":{"multipleOf":10}}') as JsonSchema;
    expect(validateJsonSchema(conditional, 15).valid).toBe(false);
    expect(validateJsonSchema(conditional, 20).valid).toBe(true);
  });

  it('follows local $ref, including recursive ones, and reports unresolvable ones', () => {
    const tree: JsonSchema = {
      $defs: {
        node: {
          type: 'object',
          properties: {
            value: { type: 'number' },
            children: { type: 'array', items: { $ref: '#/$defs/node' } },
          },
        },
      },
      $ref: '#/$defs/node',
    };
    expect(paths(tree, { value: 1, children: [{ value: 2, children: [{ value: 'x' }] }] })).toEqual(
      ['/children/0/children/0/value'],
    );
    expect(validateJsonSchema({ $ref: '#/definitions/missing' }, 1).issues[0]?.message).toContain(
      'cannot resolve',
    );
    expect(validateJsonSchema({ $ref: 'https://example.com/schema' }, 1).valid).toBe(false);
  });

  it('survives a $ref cycle without overflowing the stack', () => {
    const loop: JsonSchema = { $defs: { a: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' };
    expect(validateJsonSchema(loop, 1).valid).toBe(false);
  });

  it('applies defaults without changing the input', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        units: { type: 'string', default: 'metric' },
        options: {
          type: 'object',
          properties: { verbose: { type: 'boolean', default: false } },
          default: {},
        },
      },
      required: ['units'],
    };
    const input = {};
    const result = validateJsonSchema(schema, input);
    expect(result.valid).toBe(true);
    expect(result.value).toEqual({ units: 'metric', options: {} });
    expect(input).toEqual({});
    const nested = validateJsonSchema(schema, { options: {} });
    expect(nested.value).toEqual({ units: 'metric', options: { verbose: false } });
    expect(validateJsonSchema(schema, {}, { applyDefaults: false }).valid).toBe(false);
  });

  it('reports an invalid pattern instead of throwing', () => {
    expect(validateJsonSchema({ type: 'string', pattern: '(' }, 'x').issues[0]?.message).toContain(
      'invalid pattern',
    );
  });
});
