import { describe, expect, it } from 'vitest';
import type { JsonSchema } from './json-schema.js';
import { decodeVendorArguments } from './vendor-arguments.js';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    note: { type: 'string' },
    nickname: { type: ['string', 'null'] },
    level: { enum: [1, 2, 3] },
    count: { type: 'integer' },
    address: { $ref: '#/$defs/Address' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: { sku: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
        required: ['sku'],
      },
    },
    target: {
      anyOf: [
        { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
        { type: 'integer' },
      ],
    },
  },
  required: ['count'],
  $defs: {
    Address: {
      type: 'object',
      properties: { street: { type: 'string' }, zip: { type: 'string' } },
      required: ['street'],
    },
  },
};

describe('decodeVendorArguments', () => {
  it('drops null for optional properties that do not accept null, at every depth', () => {
    const decoded = decodeVendorArguments(schema, {
      note: null,
      nickname: null,
      count: 2,
      address: { street: 'Main', zip: null },
      lines: [{ sku: 'ABC-1', tags: null }],
      target: { email: 'a@b.c' },
    });
    expect(decoded).toEqual({
      nickname: null,
      count: 2,
      address: { street: 'Main' },
      lines: [{ sku: 'ABC-1' }],
      target: { email: 'a@b.c' },
    });
  });

  it('keeps null where the schema requires the property, for validation to report', () => {
    expect(decodeVendorArguments(schema, { count: null })).toEqual({ count: null });
  });

  it('leaves null alone when told the dialect never sends it for absent', () => {
    expect(decodeVendorArguments(schema, { note: null }, { nullMeansAbsent: false })).toEqual({
      note: null,
    });
  });

  it('parses numbers sent as strings only when asked and only where numbers are expected', () => {
    const args = { level: '2', count: '7', note: '3' };
    expect(decodeVendorArguments(schema, args, { numbersAsStrings: true })).toEqual({
      level: 2,
      count: 7,
      note: '3',
    });
    expect(decodeVendorArguments(schema, args)).toEqual(args);
    expect(decodeVendorArguments(schema, { count: 'seven' }, { numbersAsStrings: true })).toEqual({
      count: 'seven',
    });
  });

  it('parses objects sent as JSON text when asked', () => {
    const decoded = decodeVendorArguments(
      schema,
      { count: 1, address: '{"street":"Main","zip":null}', lines: '[{"sku":"A"}]' },
      { jsonInStrings: true },
    );
    expect(decoded).toEqual({ count: 1, address: { street: 'Main' }, lines: [{ sku: 'A' }] });
  });

  it('decodes inside the union branch the value matches', () => {
    const decoded = decodeVendorArguments(
      {
        type: 'object',
        properties: {
          target: {
            anyOf: [
              {
                type: 'object',
                properties: { email: { type: 'string' }, cc: { type: 'string' } },
                required: ['email'],
              },
              { type: 'integer' },
            ],
          },
        },
      },
      { target: { email: 'a@b.c', cc: null } },
    );
    expect(decoded).toEqual({ target: { email: 'a@b.c' } });
  });

  it('returns what it cannot interpret unchanged and does not modify its input', () => {
    const input = Object.freeze({ note: Object.freeze(['x']) });
    expect(decodeVendorArguments(schema, input)).toEqual({ note: ['x'] });
    expect(decodeVendorArguments(schema, 'text')).toBe('text');
    expect(
      decodeVendorArguments({ type: 'object', properties: { a: { $ref: '#/nowhere' } } }, { a: 1 }),
    ).toEqual({ a: 1 });
  });
});
