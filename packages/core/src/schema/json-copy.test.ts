import { describe, expect, it } from 'vitest';
import { ArsenalError, TranscodeError } from '../errors/arsenal-error.js';
import { copyJson } from './json-copy.js';

describe('copyJson', () => {
  it('copies deeply, sharing no object or array with the original', () => {
    const original = { a: { b: [1, { c: 'x' }] }, d: null, e: true };
    const copy = copyJson(original);
    expect(copy).toEqual(original);
    expect(copy).not.toBe(original);
    expect(copy.a).not.toBe(original.a);
    expect(copy.a.b).not.toBe(original.a.b);
    expect(copy.a.b[1]).not.toBe(original.a.b[1]);
  });

  it('leaves out undefined members, as JSON does', () => {
    expect(copyJson({ a: 1, b: undefined })).toEqual({ a: 1 });
    expect(Object.keys(copyJson({ a: 1, b: undefined }))).toEqual(['a']);
  });

  it('copies the same object reached twice (not a cycle) both times', () => {
    const shared = { type: 'string' };
    const copy = copyJson({ left: shared, right: shared });
    expect(copy).toEqual({ left: { type: 'string' }, right: { type: 'string' } });
    expect(copy.left).not.toBe(copy.right);
  });

  it.each([
    ['NaN', { n: Number.NaN }, /at "\/n" is NaN.*finite number/],
    ['Infinity', { n: [1, Number.POSITIVE_INFINITY] }, /at "\/n\/1" is Infinity/],
    ['a function', { f: () => 1 }, /at "\/f" is a function.*plain JSON/],
    ['a bigint', { big: 1n }, /at "\/big" is a bigint/],
    ['a symbol', { s: Symbol('s') }, /at "\/s" is a symbol/],
  ])('refuses %s with the path that holds it', (_what, value, message) => {
    expect(() => copyJson(value)).toThrowError(message);
  });

  it('refuses a circular object, pointing to $ref/$defs instead', () => {
    const node: Record<string, unknown> = { type: 'object' };
    node.properties = { child: node };
    expect(() => copyJson(node)).toThrowError(/"\/properties\/child" contains itself.*\$defs/);
  });

  it('escapes keys in paths and starts them from options.path', () => {
    const value = { 'a/b': { '~c': Number.NaN } };
    expect(() => copyJson(value, { path: '/parametersSchema' })).toThrowError(
      '"/parametersSchema/a~1b/~0c"',
    );
  });

  it('throws InvalidArgumentError by default and TranscodeError when given a dialect', () => {
    const bad = { n: Number.NaN };
    try {
      copyJson(bad);
      expect.unreachable();
    } catch (error) {
      expect(ArsenalError.isInstance(error)).toBe(true);
      expect((error as ArsenalError).code).toBe('invalid_argument');
    }
    try {
      copyJson(bad, { dialect: 'openai' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TranscodeError);
      expect((error as TranscodeError).dialect).toBe('openai');
      expect((error as TranscodeError).code).toBe('transcode_failed');
    }
  });
});
