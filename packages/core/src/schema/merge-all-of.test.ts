import { describe, expect, it } from 'vitest';
import { ArsenalError, TranscodeError } from '../errors/arsenal-error.js';
import type { JsonSchema } from './json-schema.js';
import { mergeAllOf } from './merge-all-of.js';

const named: JsonSchema = {
  type: 'object',
  properties: { name: { type: 'string' } },
  required: ['name'],
};

describe('mergeAllOf', () => {
  it('returns a schema without allOf as it is', () => {
    const schema: JsonSchema = { type: 'string' };
    expect(mergeAllOf(schema)).toBe(schema);
  });

  it('folds members, resolving local $refs against the root, and keeps the outer wording', () => {
    const root: JsonSchema = {
      type: 'object',
      properties: {
        contact: {
          description: 'Who to reach',
          allOf: [
            { $ref: '#/$defs/Named', description: 'ignored: the outer description wins' },
            { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
          ],
        },
      },
      $defs: { Named: { ...named, $defs: { Unused: {} } } },
    };
    const contact = root.properties?.contact as JsonSchema;
    expect(mergeAllOf(contact, { root, path: '/properties/contact' })).toEqual({
      description: 'Who to reach',
      type: 'object',
      properties: { name: { type: 'string' }, email: { type: 'string' } },
      required: ['name', 'email'],
    });
  });

  it('resolves against the schema itself by default and folds nested allOf', () => {
    const schema: JsonSchema = {
      allOf: [
        { $ref: '#/$defs/Named' },
        { allOf: [{ minProperties: 1 }, true as unknown as JsonSchema] },
      ],
      $defs: { Named: named },
    };
    expect(mergeAllOf(schema)).toEqual({ $defs: { Named: named }, ...named, minProperties: 1 });
  });

  it('combines a property two members both describe under a nested allOf', () => {
    const merged = mergeAllOf({
      allOf: [
        { properties: { age: { type: 'integer' } } },
        { properties: { age: { minimum: 0 } } },
      ],
    });
    expect(merged.properties?.age).toEqual({ allOf: [{ type: 'integer' }, { minimum: 0 }] });
  });

  it('keeps the tighter bound, the shared types and a closing additionalProperties', () => {
    const merged = mergeAllOf({
      allOf: [
        { type: ['string', 'null'], minLength: 2, maxLength: 10, additionalProperties: true },
        { type: 'string', minLength: 5, maxLength: 20, additionalProperties: false },
      ],
    });
    expect(merged).toEqual({
      type: 'string',
      minLength: 5,
      maxLength: 10,
      additionalProperties: false,
    });
  });

  it('never changes its input', () => {
    const schema: JsonSchema = {
      allOf: [{ properties: { a: { type: 'string' } } }, { properties: { a: { minLength: 1 } } }],
    };
    const before = structuredClone(schema);
    mergeAllOf(schema);
    expect(schema).toEqual(before);
  });

  it.each<[string, JsonSchema, RegExp]>([
    [
      'conflicting consts',
      { allOf: [{ const: 'a' }, { const: 'b' }] },
      /\/allOf\/1\/const.*by hand/,
    ],
    ['disjoint types', { allOf: [{ type: 'string' }, { type: 'number' }] }, /cannot hold together/],
    ['an allOf that is not an array', { allOf: {} as never }, /"\/allOf" must be an array/],
    ['a member that is not a schema', { allOf: [42 as never] }, /"\/allOf\/0" must be a schema/],
    ['an unresolvable $ref', { allOf: [{ $ref: '#/$defs/Nope' }] }, /does not resolve/],
    [
      'a $ref that includes itself',
      { allOf: [{ $ref: '#/$defs/Loop' }], $defs: { Loop: { allOf: [{ $ref: '#/$defs/Loop' }] } } },
      /includes itself through allOf/,
    ],
  ])('refuses %s with an InvalidArgumentError naming the path', (_what, schema, message) => {
    try {
      mergeAllOf(schema);
      expect.unreachable();
    } catch (error) {
      expect(ArsenalError.isInstance(error)).toBe(true);
      expect((error as ArsenalError).code).toBe('invalid_argument');
      expect((error as Error).message).toMatch(message);
    }
  });

  it('throws what options.fail builds, with the path inside the document', () => {
    const fail = (path: string, problem: string) =>
      new TranscodeError('gemini', `${path}: ${problem}`);
    expect(() =>
      mergeAllOf({ allOf: [{ const: 1 }, { const: 2 }] }, { path: '/properties/x', fail }),
    ).toThrowError(
      expect.objectContaining({
        dialect: 'gemini',
        message: expect.stringMatching(/^\/properties\/x\/allOf\/1\/const: /),
      }),
    );
  });
});
