import { describe, expect, it } from 'vitest';
import { copyTree, internString, MAX_SCHEMA_DEPTH, MAX_SCHEMA_VALUES } from './intern-schema.js';

function internSchema<T>(value: T): T {
  const result = copyTree(value);
  if (result.problem !== undefined) throw new Error(result.problem);
  return result.copy;
}

describe('copyTree', () => {
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

  it('copies a part shared by reference each time it appears, so the copy is a tree', () => {
    const shared = { type: 'string' };
    const copy = internSchema({ properties: { a: shared, b: shared } });
    expect(copy.properties.a).toEqual(shared);
    expect(copy.properties.a).not.toBe(copy.properties.b);
  });

  it('refuses a cycle and a schema nested past the depth limit, at once', () => {
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.self = cyclic;
    expect(copyTree(cyclic)).toEqual({ problem: 'too-deep' });
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_SCHEMA_DEPTH + 2; i++) deep = [deep];
    expect(copyTree(deep)).toEqual({ problem: 'too-deep' });
    expect(copyTree([deep]).problem).toBe('too-deep');
    let limit: unknown = 'leaf';
    for (let i = 0; i < MAX_SCHEMA_DEPTH + 1; i++) limit = [limit];
    expect(copyTree(limit).problem).toBeUndefined();
  });

  it('refuses shared parts that would copy to more than the value limit, without copying them', () => {
    // 2^30 paths through 60 small objects: copied naively, it would never finish.
    let graph: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 30; i++) graph = { a: graph, b: graph };
    expect(copyTree(graph)).toEqual({ problem: 'too-large' });
    const huge = new Array(MAX_SCHEMA_VALUES + 1).fill(1);
    expect(copyTree({ enum: huge })).toEqual({ problem: 'too-large' });
    const sparse: unknown[] = [];
    sparse.length = 2 ** 31;
    expect(copyTree(sparse)).toEqual({ problem: 'too-large' });
    expect(copyTree({ enum: new Array(1000).fill('x') }).problem).toBeUndefined();
  });
});

describe('internString', () => {
  it('answers the text it was given, long or short', () => {
    const long = 'x'.repeat(1000);
    expect(internString(long)).toBe(long);
    expect(internString(`Identifier of the ${'issue'}`)).toBe('Identifier of the issue');
  });
});
