import { ArsenalError } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { boundedNumber, MAX_TIMER_MS } from './bounds.js';
import { startHttpHost } from './http-host.js';

describe('bounded numeric options', () => {
  const range = { min: 1, max: MAX_TIMER_MS, fallback: 1000, unit: 'ms' };

  it('takes values in range and the fallback when left out', () => {
    expect(boundedNumber('timeoutMs', undefined, range)).toBe(1000);
    expect(boundedNumber('timeoutMs', 5, range)).toBe(5);
  });

  it('refuses what a timer or allocator would misread, naming the option and the range', () => {
    for (const value of [1e15, Number.POSITIVE_INFINITY, Number.NaN, 0, -1, 1.5, '10']) {
      let caught: unknown;
      try {
        boundedNumber('timeoutMs', value, range);
      } catch (error) {
        caught = error;
      }
      expect(ArsenalError.isInstance(caught), String(value)).toBe(true);
      expect((caught as ArsenalError).code).toBe('configuration_invalid');
      expect((caught as Error).message).toContain(
        `timeoutMs must be a whole number from 1 to ${MAX_TIMER_MS} ms`,
      );
    }
  });

  it('refuses a front door whose limits are out of range, before it listens', async () => {
    await expect(startHttpHost({ routes: [], port: 0, bodyTimeoutMs: 1e15 })).rejects.toThrow(
      /bodyTimeoutMs must be/,
    );
    await expect(startHttpHost({ routes: [], port: 0, maxBodyBytes: -1 })).rejects.toThrow(
      /maxBodyBytes must be/,
    );
  });

  it('refuses to serve beyond loopback without authentication', async () => {
    await expect(startHttpHost({ routes: [], host: '0.0.0.0', port: 0 })).rejects.toThrow(
      /Refusing to serve on 0\.0\.0\.0 without authentication/,
    );
  });
});
