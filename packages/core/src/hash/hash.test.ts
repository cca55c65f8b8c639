import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';
import { seededRandom } from './seeded-random.js';
import { sha256Hex } from './sha256.js';

describe('sha256Hex', () => {
  it('matches the FIPS 180-4 test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('hashes UTF-8 bytes and inputs spanning several blocks', async () => {
    const { createHash } = await import('node:crypto');
    for (const text of ['héllo wörld ☃ 🚀', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(1000)]) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth so key order never changes the text', () => {
    const a = { b: 1, a: { d: [1, { y: 2, x: 1 }], c: 'x' } };
    const b = { a: { c: 'x', d: [1, { x: 1, y: 2 }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":{"c":"x","d":[1,{"x":1,"y":2}]},"b":1}');
  });

  it('drops undefined members and maps non-finite numbers to null', () => {
    expect(canonicalJson({ a: undefined, b: Number.NaN, c: [undefined] })).toBe(
      '{"b":null,"c":[null]}',
    );
  });

  it('refuses cycles with a clear error', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(/cycle/);
  });
});

describe('random ids', () => {
  it('makes v4 UUIDs and hex of the asked length', async () => {
    const { randomHex, randomUuid } = await import('./random-id.js');
    expect(randomUuid()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(randomHex(4)).toMatch(/^[0-9a-f]{8}$/);
    expect(randomUuid()).not.toBe(randomUuid());
  });
});

describe('seededRandom', () => {
  it('gives the mulberry32 sequence, the same for the same seed', () => {
    const random = seededRandom(42);
    expect([random(), random(), random()]).toEqual([
      0.6011037519201636, 0.44829055899754167, 0.8524657934904099,
    ]);
    const again = seededRandom(42);
    expect(again()).toBe(0.6011037519201636);
    expect(seededRandom(0)()).toBe(0.26642920868471265);
  });

  it('stays in [0, 1)', () => {
    const random = seededRandom(-1);
    for (let i = 0; i < 1000; i++) {
      const value = random();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});
