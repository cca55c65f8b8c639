import { describe, expect, it } from 'vitest';
import { escapeJsonPointer, unescapeJsonPointer } from './json-pointer.js';

describe('JSON pointer segments', () => {
  it('escape "~" and "/" so they survive as one segment, and read back', () => {
    for (const segment of ['plain', 'a/b', '~tilde', '~1 literal', 'both~/']) {
      expect(escapeJsonPointer(segment).includes('/')).toBe(false);
      expect(unescapeJsonPointer(escapeJsonPointer(segment))).toBe(segment);
    }
    expect(escapeJsonPointer('a~/b')).toBe('a~0~1b');
  });

  it('decode percent-escapes from $ref fragments, and keep a stray "%" as written', () => {
    expect(unescapeJsonPointer('Node%20Type')).toBe('Node Type');
    expect(unescapeJsonPointer('100%')).toBe('100%');
  });
});
