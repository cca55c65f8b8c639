import { expect } from 'vitest';
import { expectArsenalError } from './expect-arsenal-error.js';
import { vectorStoreQueryCases } from './vector-store-query-cases.js';
import {
  loadSample,
  rankedIds,
  SAMPLE_RANKING,
  sampleQuery,
  sampleRecords,
  type VectorStoreCase,
} from './vector-store-sample.js';
import { vectorStoreWriteCases } from './vector-store-write-cases.js';

function abortedSignal(): AbortSignal {
  const controller = new AbortController();
  controller.abort(new Error('aborted by the conformance suite'));
  return controller.signal;
}

/** Everything but the filter cases, in the order they run. */
export const vectorStoreCoreCases = {
  ...vectorStoreWriteCases,
  ...vectorStoreQueryCases,
  'delete/removes': {
    asserts: 'deleted records are gone from get(), query() and count()',
    async run(context) {
      const { store } = context;
      await loadSample(context);
      await store.delete(['alpha', 'charlie']);
      expect(await store.get(['alpha', 'charlie'])).toEqual([]);
      expect(await rankedIds(context)).toEqual(['bravo', 'delta', 'echo', 'foxtrot']);
      expect(await store.count()).toBe(SAMPLE_RANKING.length - 2);
    },
  },
  'delete/unknown-id': {
    asserts: 'deleting ids that do not exist succeeds and removes nothing else',
    async run(context) {
      const { store } = context;
      await store.delete(['nobody']);
      await loadSample(context);
      await store.delete(['nobody', 'bravo', 'nobody-else']);
      expect(await store.count()).toBe(SAMPLE_RANKING.length - 1);
      await store.delete([]);
      expect(await store.count()).toBe(SAMPLE_RANKING.length - 1);
    },
  },
  'get/missing': {
    asserts: 'get() skips ids that do not exist and returns the rest',
    async run(context) {
      const { store } = context;
      expect(await store.get(['alpha'])).toEqual([]);
      await loadSample(context);
      const records = await store.get(['nobody', 'echo', 'also-nobody']);
      expect(records.map((record) => record.id)).toEqual(['echo']);
      expect(await store.get([])).toEqual([]);
    },
  },
  count: {
    asserts: 'count() follows inserts, replacements and deletes',
    async run(context) {
      const { store, dimensions } = context;
      expect(await store.count()).toBe(0);
      await loadSample(context);
      expect(await store.count()).toBe(SAMPLE_RANKING.length);
      await store.upsert(sampleRecords(dimensions).slice(0, 2));
      expect(await store.count()).toBe(SAMPLE_RANKING.length);
      await store.delete(['alpha', 'bravo', 'alpha']);
      expect(await store.count()).toBe(SAMPLE_RANKING.length - 2);
    },
  },
  clear: {
    asserts: 'clear() removes every record, and the store stays usable',
    async run(context) {
      const { store, dimensions } = context;
      await loadSample(context);
      await store.clear();
      expect(await store.count()).toBe(0);
      expect(await store.get(SAMPLE_RANKING)).toEqual([]);
      expect(await store.query({ vector: sampleQuery(dimensions), topK: 3 })).toEqual([]);
      await store.upsert(sampleRecords(dimensions).slice(2, 3));
      expect(await rankedIds(context)).toEqual(['charlie']);
    },
  },
  'abort/query': {
    asserts: 'a query with an aborted signal gives an ArsenalError "cancelled"',
    async run(context) {
      await loadSample(context);
      await expectArsenalError(
        context.store.query({
          vector: sampleQuery(context.dimensions),
          topK: 3,
          signal: abortedSignal(),
        }),
        'cancelled',
      );
    },
  },
  'abort/upsert': {
    asserts:
      'an upsert with an aborted signal gives an ArsenalError "cancelled" and stores nothing',
    async run({ store, dimensions }) {
      await expectArsenalError(
        store.upsert(sampleRecords(dimensions), { signal: abortedSignal() }),
        'cancelled',
      );
      expect(await store.count()).toBe(0);
    },
  },
} satisfies Record<string, VectorStoreCase>;
