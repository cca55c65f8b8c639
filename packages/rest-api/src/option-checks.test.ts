import { type Arsenal, ArsenalError, createArsenal, createInMemoryStateStore } from '@arsenal/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createRestApi, type RestApiOptions } from './rest-api.js';

describe('REST API options a hostile or careless configuration sets', () => {
  const arsenal: Arsenal = createArsenal();
  afterAll(() => arsenal.close());

  const refused: [string, RestApiOptions, RegExp][] = [
    // Node fires a timer of NaN, Infinity or more than 2^31-1 ms after 1 ms: a busy poll.
    ['NaN poll', { sharedPollMs: Number.NaN }, /sharedPollMs must be .* got NaN/],
    ['endless poll', { sharedPollMs: Number.POSITIVE_INFINITY }, /sharedPollMs/],
    ['overflowing poll', { sharedPollMs: 2 ** 32 }, /sharedPollMs .* from 0 to 60000/],
    ['negative poll', { sharedPollMs: -5 }, /sharedPollMs/],
    ['NaN retry', { sseRetryMs: Number.NaN }, /sseRetryMs/],
    ['no streams', { maxEventStreamsPerPrincipal: 0 }, /maxEventStreamsPerPrincipal .* at least 1/],
    ['fractional streams', { maxEventStreamsPerPrincipal: 1.5 }, /maxEventStreamsPerPrincipal/],
    // Stores refuse expiries this far out: every ownership write would fail.
    [
      'endless ownership',
      { stateStore: createInMemoryStateStore(), ownershipTtlMs: 1e20 },
      /ttlMs must be a positive number of milliseconds up to 604800000/,
    ],
  ];
  for (const [what, options, message] of refused) {
    it(`refuses ${what} with a ConfigurationError naming the option`, () => {
      let thrown: unknown;
      try {
        createRestApi(arsenal, options);
      } catch (error) {
        thrown = error;
      }
      expect(ArsenalError.isInstance(thrown)).toBe(true);
      expect((thrown as ArsenalError).code).toBe('configuration_invalid');
      expect((thrown as Error).message).toMatch(message);
      expect((thrown as Error).message).toMatch(/leave it out for/);
    });
  }

  it('accepts sensible values and keeps a tiny poll at its floor', () => {
    const api = createRestApi(arsenal, {
      sharedPollMs: 1,
      sseRetryMs: 0,
      maxEventStreamsPerPrincipal: 4,
      stateStore: createInMemoryStateStore(),
      ownershipTtlMs: 60_000,
    });
    expect(api.openEventStreams).toBe(0);
  });
});
