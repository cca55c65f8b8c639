import { describe, expect, it } from 'vitest';
import { fingerprint53, jsonFingerprint53 } from './fingerprint.js';

describe('fingerprint53', () => {
  it('is a safe integer, equal for equal texts and seeds, different otherwise', () => {
    const value = fingerprint53('get_weather');
    expect(Number.isSafeInteger(value)).toBe(true);
    expect(fingerprint53('get_weather')).toBe(value);
    expect(fingerprint53('get_weathes')).not.toBe(value);
    expect(fingerprint53('get_weather', 7)).not.toBe(value);
  });

  it('spreads 100,000 similar texts without a collision', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 100_000; i++) seen.add(fingerprint53(`tool_${i}`));
    expect(seen.size).toBe(100_000);
  });
});

describe('jsonFingerprint53', () => {
  const tool = {
    name: 'create_invoice',
    tags: ['billing', 'invoice'],
    parametersSchema: { type: 'object', properties: { total: { type: 'number', minimum: 0 } } },
  };

  it('is equal for equal JSON content, whatever the object identity', () => {
    expect(jsonFingerprint53(tool)).toBe(jsonFingerprint53(structuredClone(tool)));
  });

  it('changes with any value, key, array order or type', () => {
    const base = jsonFingerprint53(tool);
    const variants = [
      { ...tool, name: 'create_invoices' },
      { ...tool, tags: ['invoice', 'billing'] },
      { ...tool, tags: ['billing', 'invoice', ''] },
      { ...tool, parametersSchema: { type: 'object', properties: { total: { type: 'number' } } } },
      {
        ...tool,
        parametersSchema: {
          type: 'object',
          properties: { total: { type: 'number', minimum: '0' } },
        },
      },
      { ...tool, extra: null },
      { name: tool.name, tags: tool.tags },
    ];
    const fingerprints = new Set(variants.map((variant) => jsonFingerprint53(variant)));
    expect(fingerprints.size).toBe(variants.length);
    expect(fingerprints.has(base)).toBe(false);
  });

  it('reads values as JSON writes them: undefined members and functions skipped, toJSON applied', () => {
    expect(jsonFingerprint53({ a: 1, b: undefined, c: () => 1 })).toBe(jsonFingerprint53({ a: 1 }));
    const date = new Date('2026-01-02T03:04:05.000Z');
    expect(jsonFingerprint53({ at: date })).toBe(jsonFingerprint53({ at: date.toISOString() }));
    expect(jsonFingerprint53({ n: Number.NaN })).toBe(jsonFingerprint53({ n: null }));
    expect(jsonFingerprint53({ n: -0 })).toBe(jsonFingerprint53({ n: 0 }));
  });

  it('gives none for what JSON cannot hold', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(jsonFingerprint53(cyclic)).toBeUndefined();
    expect(jsonFingerprint53({ big: 1n })).toBeUndefined();
    const throwing = {
      toJSON() {
        throw new Error('no');
      },
    };
    expect(jsonFingerprint53({ value: throwing })).toBeUndefined();
  });
});

describe('jsonFingerprint53 and toJSON', () => {
  it('applies a toJSON given to a plain object, an array or the shared prototypes, as JSON does', () => {
    const plain = { a: 1 };
    const own = { a: 1, toJSON: () => ({ b: 2 }) };
    expect(jsonFingerprint53(own)).toBe(jsonFingerprint53({ b: 2 }));
    expect(jsonFingerprint53(own)).not.toBe(jsonFingerprint53(plain));
    const list = Object.assign([1, 2], { toJSON: () => 'list' });
    expect(jsonFingerprint53(list)).toBe(jsonFingerprint53('list'));
    expect(jsonFingerprint53(new Date(0))).toBe(jsonFingerprint53('1970-01-01T00:00:00.000Z'));
    const prototype = Object.prototype as { toJSON?: () => unknown };
    prototype.toJSON = () => 'patched';
    try {
      expect(jsonFingerprint53(plain)).toBe(jsonFingerprint53('patched'));
    } finally {
      delete prototype.toJSON;
    }
    expect(jsonFingerprint53(plain)).not.toBe(jsonFingerprint53('patched'));
  });

  it('leaves out keys a plain object inherits, as JSON does', () => {
    const before = jsonFingerprint53({ a: 1 });
    const prototype = Object.prototype as { inherited?: number };
    prototype.inherited = 2;
    try {
      expect(jsonFingerprint53({ a: 1 })).toBe(before);
      expect(jsonFingerprint53({ a: 1, inherited: 2 })).not.toBe(before);
    } finally {
      delete prototype.inherited;
    }
  });
});
