import { describe, expect, it } from 'vitest';
import type { JsonSchema } from './json-schema.js';
import { inlineRef, isLocalRef, refLabel, resolveLocalRef } from './local-refs.js';

// Boolean schemas are valid JSON Schema, though the JsonSchema type leaves them out.
const ANY = true as unknown as JsonSchema;

const document: JsonSchema = {
  type: 'object',
  properties: { root: { $ref: '#/$defs/Node' } },
  $defs: {
    Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } },
    Alias: { $ref: '#/$defs/Node' },
    AliasOfAlias: { $ref: '#/$defs/Alias' },
    LoopA: { $ref: '#/$defs/LoopB' },
    LoopB: { $ref: '#/$defs/LoopA' },
    'a/b': { type: 'string' },
    'Spaced Name': { type: 'integer' },
    Anything: ANY,
  },
  definitions: { Legacy: { type: 'boolean' } },
  prefixItems: [{ type: 'number' }],
};

describe('isLocalRef', () => {
  it('accepts "#" and "#/..." only', () => {
    expect(isLocalRef('#')).toBe(true);
    expect(isLocalRef('#/$defs/Node')).toBe(true);
    expect(isLocalRef('other.json#/$defs/Node')).toBe(false);
    expect(isLocalRef('https://example.com/schema')).toBe(false);
    expect(isLocalRef('#Node')).toBe(false);
  });
});

describe('resolveLocalRef', () => {
  it('follows $defs, definitions, array indexes and "#"', () => {
    expect(resolveLocalRef(document, '#/$defs/Node')).toBe(document.$defs?.Node);
    expect(resolveLocalRef(document, '#/definitions/Legacy')).toEqual({ type: 'boolean' });
    expect(resolveLocalRef(document, '#/prefixItems/0')).toEqual({ type: 'number' });
    expect(resolveLocalRef(document, '#')).toBe(document);
    expect(resolveLocalRef(document, '#/$defs/Anything')).toBe(true);
  });

  it('decodes escaped segments', () => {
    expect(resolveLocalRef(document, '#/$defs/a~1b')).toEqual({ type: 'string' });
    expect(resolveLocalRef(document, '#/$defs/Spaced%20Name')).toEqual({ type: 'integer' });
  });

  it('follows chains of bare $refs to the schema at their end', () => {
    expect(resolveLocalRef(document, '#/$defs/AliasOfAlias')).toBe(document.$defs?.Node);
  });

  it('stops on a loop of bare $refs instead of hanging', () => {
    expect(resolveLocalRef(document, '#/$defs/LoopA')).toEqual({ $ref: expect.any(String) });
  });

  it('returns undefined where the pointer leads nowhere or not to a schema', () => {
    expect(resolveLocalRef(document, '#/$defs/Missing')).toBeUndefined();
    expect(resolveLocalRef(document, '#/$defs/Node/type')).toBeUndefined();
    expect(resolveLocalRef(document, '#/prefixItems/x')).toBeUndefined();
    expect(resolveLocalRef(document, 'other.json#/$defs/Node')).toBeUndefined();
    expect(resolveLocalRef(document, '#/$defs/constructor')).toBeUndefined();
  });
});

describe('inlineRef', () => {
  it('drops the target’s own $defs and lays sibling keywords over it, changing nothing', () => {
    const target: JsonSchema = { type: 'object', description: 'inner', $defs: { X: {} } };
    const inlined = inlineRef(target, { description: 'outer' });
    expect(inlined).toEqual({ type: 'object', description: 'outer' });
    expect(target.$defs).toEqual({ X: {} });
    expect(inlineRef({ type: 'string', definitions: {} })).toEqual({ type: 'string' });
  });
});

describe('refLabel', () => {
  it('names the last segment, decoded, or the root', () => {
    expect(refLabel('#/$defs/TreeNode')).toBe('TreeNode');
    expect(refLabel('#/$defs/a~1b')).toBe('a/b');
    expect(refLabel('#')).toBe('root schema');
    expect(refLabel('#/')).toBe('root schema');
  });
});
