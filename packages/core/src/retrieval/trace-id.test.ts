import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('newTraceId', () => {
  it('gives distinct 32-hex-digit ids, across refills of its random pool', async () => {
    const { newTraceId } = await import('./trace-id.js');
    const ids = Array.from({ length: 1_000 }, () => newTraceId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never gives the all-zero id W3C forbids, and asks the platform once per 256 ids', async () => {
    let calls = 0;
    vi.stubGlobal('crypto', {
      getRandomValues(bytes: Uint8Array) {
        calls += 1;
        // The first two ids of the first pool are zeros; everything after is 0x01.
        bytes.fill(1);
        if (calls === 1) bytes.fill(0, 0, 32);
        return bytes;
      },
    });
    const { newTraceId } = await import('./trace-id.js');
    const first = newTraceId();
    expect(first).toBe('01'.repeat(16));
    for (let i = 0; i < 253; i++) newTraceId();
    expect(calls).toBe(1);
    newTraceId();
    expect(calls).toBe(2);
  });
});
