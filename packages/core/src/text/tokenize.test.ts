import { describe, expect, it } from 'vitest';
import { splitIdentifier } from './tokenize.js';

// What the general rules give for lowercase letters, digits and underscores: a break where a
// letter meets a digit, parts split at underscores.
function byRules(identifier: string): string[] {
  return identifier
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .split(/[_ ]+/)
    .filter(Boolean);
}

describe('splitIdentifier on lowercase letters, digits and underscores', () => {
  it.each([
    ['get_v2_item', ['get', 'v', '2', 'item']],
    ['s3', ['s', '3']],
    ['ec2_describe_instances', ['ec', '2', 'describe', 'instances']],
    ['a12b', ['a', '12', 'b']],
    ['1a2', ['1', 'a', '2']],
    ['__x_9__y__', ['x', '9', 'y']],
    ['42', ['42']],
  ])('%s', (identifier, parts) => {
    expect(splitIdentifier(identifier)).toEqual(parts);
    expect(splitIdentifier(identifier)).toEqual(byRules(identifier));
  });

  it('splits as the general rules on many generated identifiers', () => {
    const alphabet = 'ab19_';
    for (let n = 0; n < 4000; n++) {
      let identifier = '';
      for (let i = 0, length = 1 + (n % 9); i < length; i++)
        identifier += alphabet[(n * 7 + i * 13 + Math.floor(n / 5)) % alphabet.length];
      expect(splitIdentifier(identifier), identifier).toEqual(byRules(identifier));
    }
  });
});
