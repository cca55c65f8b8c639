import type { StateStore } from '@arsenal/core';
import { expect } from 'vitest';
import { type ConformanceOptions, describeConformanceSuite } from './conformance-suite.js';

interface StateStoreCase {
  asserts: string;
  run(store: StateStore, key: (name: string) => string): Promise<void>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cases = {
  'get-set-delete': {
    asserts: 'set values read back as JSON; delete removes them; missing keys are undefined',
    async run(store, key) {
      expect(await store.get(key('missing'))).toBeUndefined();
      await store.set(key('a'), { n: 1, list: ['x'], nested: { ok: true } });
      expect(await store.get(key('a'))).toEqual({ n: 1, list: ['x'], nested: { ok: true } });
      await store.set(key('a'), 'replaced');
      expect(await store.get(key('a'))).toBe('replaced');
      await store.delete(key('a'));
      expect(await store.get(key('a'))).toBeUndefined();
      await store.delete(key('never-set'));
    },
  },
  'set/copies-value': {
    asserts: 'changing an object after set does not change what is stored',
    async run(store, key) {
      const value = { n: 1 };
      await store.set(key('copy'), value);
      value.n = 2;
      expect(await store.get(key('copy'))).toEqual({ n: 1 });
    },
  },
  'ttl/expires': {
    asserts: 'a value set with ttlMs disappears after it; one without stays',
    async run(store, key) {
      // A second is long enough to read the value back on a busy machine; then it must go
      // within a few seconds (polled, not timed).
      await store.set(key('short'), 1, { ttlMs: 1000 });
      await store.set(key('long'), 2);
      expect(await store.get(key('short'))).toBe(1);
      const deadline = Date.now() + 10_000;
      while ((await store.get(key('short'))) !== undefined && Date.now() < deadline) await wait(50);
      expect(await store.get(key('short'))).toBeUndefined();
      expect(await store.get(key('long'))).toBe(2);
    },
  },
  'increment/atomic': {
    asserts: 'increment starts from 0, adds by, and loses no update under concurrency',
    async run(store, key) {
      expect(await store.increment(key('n'))).toBe(1);
      expect(await store.increment(key('n'), 5)).toBe(6);
      await Promise.all(Array.from({ length: 100 }, () => store.increment(key('n'))));
      expect(await store.get(key('n'))).toBe(106);
    },
  },
  'tokens/bucket': {
    asserts: 'takeTokens allows up to capacity, refuses with retryAfterMs, and refills with time',
    async run(store, key) {
      const request = { capacity: 2, refillPerSecond: 1, now: 1_000_000 };
      expect((await store.takeTokens(key('b'), request)).allowed).toBe(true);
      expect((await store.takeTokens(key('b'), request)).allowed).toBe(true);
      const refused = await store.takeTokens(key('b'), request);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(1000);
      const later = await store.takeTokens(key('b'), { ...request, now: request.now + 1000 });
      expect(later.allowed).toBe(true);
    },
  },
  'tokens/concurrent': {
    asserts: 'concurrent takeTokens never hand out more tokens than the capacity',
    async run(store, key) {
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, () =>
          store.takeTokens(key('c'), { capacity: 5, refillPerSecond: 0.0001, now: 5_000_000 }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(5);
    },
  },
  'keys/prefix': {
    asserts: 'keys lists the live keys with a prefix',
    async run(store, key) {
      await store.set(key('p:1'), 1);
      await store.set(key('p:2'), 2);
      await store.set(key('q:1'), 3);
      expect((await store.keys(key('p:'))).sort()).toEqual([key('p:1'), key('p:2')]);
    },
  },
} satisfies Record<string, StateStoreCase>;

export type StateStoreCaseId = keyof typeof cases;
export const stateStoreCaseIds = Object.keys(cases) as readonly StateStoreCaseId[];

/**
 * `create` gives a store to run one case on; keys are namespaced per case, so a shared server is
 * fine. The suite closes it after.
 */
export type StateStoreConformanceOptions = ConformanceOptions<StateStore, StateStoreCaseId>;

/**
 * Declares the `StateStore` conformance suite: one vitest test per case.
 *
 * @example
 * describeStateStoreConformance({ name: 'RedisStateStore', create: () => createRedisStateStore({ url }) });
 */
export function describeStateStoreConformance(options: StateStoreConformanceOptions): void {
  describeConformanceSuite<StateStore, StateStoreCaseId, StateStoreCase>({
    ...options,
    port: 'StateStore',
    cases,
    run(testCase, store) {
      const prefix = `conformance:${globalThis.crypto.randomUUID()}:`;
      return testCase.run(store, (name) => `${prefix}${name}`);
    },
    release: (store) => store.close?.(),
  });
}
