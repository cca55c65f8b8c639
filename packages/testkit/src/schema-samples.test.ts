import { createJsonSchemaValidator } from '@arsenal/core/adapter';
import { describe, expect, it } from 'vitest';
import { NASTY_SCHEMA_NAMES, NASTY_SCHEMAS } from './nasty-schemas.js';
import { sampleFromPattern } from './pattern-samples.js';
import { sampleFromSchema } from './schema-samples.js';

describe('sampleFromSchema', () => {
  it.each(NASTY_SCHEMA_NAMES)('makes values the %s schema accepts, in every variant', (name) => {
    const validate = createJsonSchemaValidator(NASTY_SCHEMAS[name]);
    for (const options of [
      { properties: 'all' as const },
      { properties: 'all' as const, pick: 'last' as const },
      { properties: 'required' as const },
    ]) {
      const value = sampleFromSchema(NASTY_SCHEMAS[name], options);
      expect(validate(value).issues, JSON.stringify(value)).toEqual([]);
    }
  });

  it('sends null wherever the schema allows it when asked', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: ['string', 'null'] },
        b: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
      },
    };
    expect(sampleFromSchema(schema, { preferNull: true })).toEqual({ a: null, b: null });
    expect(sampleFromSchema(schema)).toEqual({ a: 'sample', b: 2 });
  });

  it('reads Gemini schemas: upper-case types, counts as strings, nullable', () => {
    const gemini = {
      type: 'OBJECT',
      properties: {
        tags: { type: 'ARRAY', minItems: '2', items: { type: 'STRING' } },
        level: { type: 'INTEGER', enum: ['1', '2'], format: 'enum' },
        note: { type: 'STRING', nullable: true },
      },
    };
    expect(sampleFromSchema(gemini, { preferNull: true })).toEqual({
      tags: ['sample', 'sample'],
      level: '1',
      note: null,
    });
  });

  it('leaves out optional properties nothing can satisfy, and gives up on required ones', () => {
    const schema = { type: 'object', properties: { never: { not: {} } } };
    expect(sampleFromSchema(schema)).toEqual({});
    expect(sampleFromSchema({ ...schema, required: ['never'] })).toBeUndefined();
  });
});

describe('sampleFromPattern', () => {
  it.each(['^[A-Z]{3}-\\d+$', '^(foo|bar)_[a-z0-9]*x?$', '^\\w+@\\w+\\.com$', 'a.c'])(
    'builds a string matching %s',
    (pattern) => {
      const text = sampleFromPattern(pattern);
      expect(text).toBeDefined();
      expect(new RegExp(pattern, 'u').test(text!)).toBe(true);
    },
  );

  it('gives up on what it cannot build', () => {
    expect(sampleFromPattern('^(?!admin)')).toBeUndefined();
    expect(sampleFromPattern('[^a]')).toBeUndefined();
    expect(sampleFromPattern('(')).toBeUndefined();
  });
});
