import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time.js';

describe('isoTime', () => {
  it('is new Date(ms).toISOString() for every time, in any order', () => {
    const base = Date.UTC(2026, 10, 29, 0, 50, 12, 0);
    const times = [
      base,
      base + 1,
      base + 1,
      base + 999,
      base + 1000,
      base + 345,
      base - 1,
      base + 61_234,
      0,
      999,
      -1,
      -1500,
      base + 0.5,
      base + 1.25,
      253402300799999,
      253402300800000,
      -62198755200000,
    ];
    for (let ms = base - 2500; ms < base + 2500; ms += 7) times.push(ms);
    for (const ms of times) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });
});
