import { describe, expect, it } from 'vitest';
import { ArsenalError } from '../errors/arsenal-error.js';
import { unionAlternatives } from './alternatives.js';

describe('unionAlternatives', () => {
  it('returns anyOf or oneOf branches, or undefined for a plain schema', () => {
    expect(unionAlternatives({ anyOf: [{ type: 'string' }] }, '/a')).toEqual([{ type: 'string' }]);
    expect(unionAlternatives({ oneOf: [{ type: 'number' }] }, '/a')).toEqual([{ type: 'number' }]);
    expect(unionAlternatives({ type: 'string' }, '/a')).toBeUndefined();
  });

  it('fails with the path for both keywords or an empty list, through the given failure', () => {
    expect(() => unionAlternatives({ anyOf: [{}], oneOf: [{}] }, '/x')).toThrow(
      /"\/x" has both anyOf and oneOf/,
    );
    try {
      unionAlternatives({ anyOf: [] }, '/y');
    } catch (error) {
      expect(ArsenalError.isInstance(error)).toBe(true);
    }
    const custom = (path: string, problem: string) => new Error(`${path}: ${problem}`);
    expect(() => unionAlternatives({ oneOf: [] }, '/z', custom)).toThrow(
      '/z: has an anyOf/oneOf that is not a non-empty array of schemas',
    );
  });
});
