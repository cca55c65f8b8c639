import { describe, expect, it } from 'vitest';
import { internSchema, internString } from './intern-schema.js';

describe('internSchema', () => {
  it('copies plain objects and arrays, equal in content and free of the original', () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name', enum: ['Oslo', 'Paris'] },
        days: { type: 'integer', minimum: 1, default: 3 },
      },
      required: ['city'],
    };
    const copy = internSchema(schema);
    expect(copy).toEqual(schema);
    expect(copy).not.toBe(schema);
    expect(copy.properties).not.toBe(schema.properties);
    expect(copy.required).not.toBe(schema.required);
    schema.properties.city.enum.push('Rome');
    expect(copy.properties.city.enum).toEqual(['Oslo', 'Paris']);
  });

  it('keeps values that are not plain JSON structure as they are', () => {
    const pattern = /^[a-z]+$/;
    const copy = internSchema({ type: 'string', pattern, examples: [1, true, null] });
    expect(copy.pattern).toBe(pattern);
    expect(copy.examples).toEqual([1, true, null]);
  });
});

describe('internString', () => {
  it('answers the text it was given, long or short', () => {
    const long = 'x'.repeat(1000);
    expect(internString(long)).toBe(long);
    expect(internString(`Identifier of the ${'issue'}`)).toBe('Identifier of the issue');
  });
});
