import type { AuditRecord, HistoryStore } from '@arsenal/core';
import { expect } from 'vitest';
import { type ConformanceOptions, describeConformanceSuite } from './conformance-suite.js';

let sequence = 0;

/** An audit record with sensible defaults; later records complete later. */
export function sampleAuditRecord(overrides: Partial<AuditRecord> = {}): AuditRecord {
  sequence++;
  const completedAt = new Date(Date.UTC(2025, 0, 1) + sequence * 1000).toISOString();
  return {
    id: `call_${sequence}_${globalThis.crypto.randomUUID()}`,
    tool: 'get_weather',
    qualifiedName: 'default.get_weather:1.0.0',
    principalId: 'user-1',
    arguments: { city: 'Oslo' },
    status: 'success',
    queuedAt: completedAt,
    startedAt: completedAt,
    completedAt,
    durationMs: 3,
    attempt: 1,
    traceId: 'trace',
    spanId: 'span',
    ...overrides,
  };
}

interface HistoryStoreCase {
  asserts: string;
  run(store: HistoryStore): Promise<void>;
}

const cases = {
  'append-query': {
    asserts: 'appended records read back whole, newest first',
    async run(store) {
      const first = sampleAuditRecord({ metadata: { cached: true }, errorCode: undefined });
      const second = sampleAuditRecord({
        status: 'failure',
        errorCode: 'timeout',
        errorMessage: 'slow',
      });
      await store.append(first);
      await store.append(second);
      const records = await store.query();
      expect(records.map((record) => record.id)).toEqual([second.id, first.id]);
      expect(records[0]).toMatchObject({
        status: 'failure',
        errorCode: 'timeout',
        errorMessage: 'slow',
      });
      expect(records[1]).toMatchObject({ arguments: { city: 'Oslo' }, metadata: { cached: true } });
      expect(await store.count()).toBe(2);
    },
  },
  'query/filters': {
    asserts: 'query filters by tool, principal, status and since, and honours limit',
    async run(store) {
      const a = sampleAuditRecord({ tool: 'a', principalId: 'p1' });
      const b = sampleAuditRecord({ tool: 'b', principalId: 'p2', status: 'failure' });
      const c = sampleAuditRecord({ tool: 'a', principalId: 'p2' });
      for (const record of [a, b, c]) await store.append(record);
      expect((await store.query({ tool: 'a' })).map((r) => r.id)).toEqual([c.id, a.id]);
      expect((await store.query({ principalId: 'p2' })).map((r) => r.id)).toEqual([c.id, b.id]);
      expect((await store.query({ status: 'failure' })).map((r) => r.id)).toEqual([b.id]);
      expect((await store.query({ since: b.completedAt })).map((r) => r.id)).toEqual([c.id, b.id]);
      expect((await store.query({ limit: 1 })).map((r) => r.id)).toEqual([c.id]);
    },
  },
  'query/time-range': {
    asserts: 'since is inclusive, until exclusive; together they select a time range',
    async run(store) {
      const [a, b, c, d] = Array.from({ length: 4 }, () => sampleAuditRecord());
      for (const record of [a, b, c, d]) await store.append(record!);
      const range = await store.query({ since: b!.completedAt, until: d!.completedAt });
      expect(range.map((r) => r.id)).toEqual([c!.id, b!.id]);
      expect((await store.query({ until: b!.completedAt })).map((r) => r.id)).toEqual([a!.id]);
      expect(await store.query({ since: d!.completedAt, until: d!.completedAt })).toEqual([]);
    },
  },
  'query/default-limit': {
    asserts: 'query returns at most 100 records unless asked for more',
    async run(store) {
      for (let i = 0; i < 120; i++) await store.append(sampleAuditRecord());
      expect(await store.query()).toHaveLength(100);
      expect(await store.query({ limit: 120 })).toHaveLength(120);
    },
  },
  'append/concurrent': {
    asserts: 'no record is lost when 500 appends run at once',
    async run(store) {
      const records = Array.from({ length: 500 }, () => sampleAuditRecord());
      await Promise.all(records.map((record) => store.append(record)));
      await store.flush?.();
      expect(await store.count()).toBe(500);
      const ids = new Set((await store.query({ limit: 1000 })).map((record) => record.id));
      expect(records.every((record) => ids.has(record.id))).toBe(true);
    },
  },
  'query/returns-copies': {
    asserts: 'changing a queried record does not change the store',
    async run(store) {
      await store.append(sampleAuditRecord());
      const [record] = await store.query();
      record!.arguments.city = 'changed';
      const [again] = await store.query();
      expect(again!.arguments.city).toBe('Oslo');
    },
  },
  empty: {
    asserts: 'an empty store counts 0 and queries to []',
    async run(store) {
      expect(await store.count()).toBe(0);
      expect(await store.query()).toEqual([]);
    },
  },
} satisfies Record<string, HistoryStoreCase>;

export type HistoryStoreCaseId = keyof typeof cases;
export const historyStoreCaseIds = Object.keys(cases) as readonly HistoryStoreCaseId[];

/** `create` builds a fresh, empty store for each case; the suite closes it after. */
export type HistoryStoreConformanceOptions = ConformanceOptions<HistoryStore, HistoryStoreCaseId>;

/**
 * Declares the `HistoryStore` conformance suite: one vitest test per case, each on a fresh store.
 *
 * @example
 * describeHistoryStoreConformance({ name: 'JsonlHistoryStore', create: () => createJsonlHistoryStore({ path: tmpFile() }) });
 */
export function describeHistoryStoreConformance(options: HistoryStoreConformanceOptions): void {
  describeConformanceSuite<HistoryStore, HistoryStoreCaseId, HistoryStoreCase>({
    ...options,
    port: 'HistoryStore',
    cases,
    run: (testCase, store) => testCase.run(store),
    release: (store) => store.close?.(),
  });
}
