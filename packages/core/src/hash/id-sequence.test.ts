import { describe, expect, it } from 'vitest';
import { createIdSequence, createUuidSequence } from './id-sequence.js';

describe('createIdSequence', () => {
  it('gives hex ids of the asked length that never repeat, across counter blocks', () => {
    const next = createIdSequence(16);
    const seen = new Set<string>();
    let malformed = 0;
    for (let i = 0; i < 0x10000 * 2 + 10; i++) {
      const id = next();
      if (!/^[0-9a-f]{16}$/.test(id)) malformed++;
      seen.add(id);
    }
    expect(malformed).toBe(0);
    expect(seen.size).toBe(0x10000 * 2 + 10);
  });

  it('starts two sequences at different random prefixes', () => {
    expect(createIdSequence(32)().slice(0, 28)).not.toBe(createIdSequence(32)().slice(0, 28));
  });

  it('refuses lengths too short to be unique', () => {
    expect(() => createIdSequence(8)).toThrow(/at least 12/);
    expect(() => createIdSequence(13)).toThrow(RangeError);
  });
});

describe('createUuidSequence', () => {
  it('gives distinct version-4 UUIDs', () => {
    const next = createUuidSequence();
    const ids = Array.from({ length: 1000 }, () => next());
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(1000);
  });

  it('puts a label before each UUID, and keeps ids distinct across counter blocks', () => {
    const next = createUuidSequence('call_');
    const seen = new Set<string>();
    for (let i = 0; i < 0x10000 + 5; i++) {
      const id = next();
      if (i % 997 === 0 || i >= 0x10000)
        expect(id).toMatch(
          /^call_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        );
      seen.add(id);
    }
    expect(seen.size).toBe(0x10000 + 5);
  });
});
