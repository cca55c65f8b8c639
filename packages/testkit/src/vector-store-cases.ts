import { expect } from 'vitest';
import { expectArsenalError } from './expect-arsenal-error.js';
import { cosineSimilarity, planarVector } from './fixtures.js';
import {
  cosineOfDegrees,
  expectScore,
  loadSample,
  rankedIds,
  SAMPLE_RANKING,
  sampleDegrees,
  sampleMetadata,
  sampleQuery,
  sampleRecords,
  type VectorStoreCase,
} from './vector-store-sample.js';

function abortedSignal(): AbortSignal {
  const controller = new AbortController();
  controller.abort(new Error('aborted by the conformance suite'));
  return controller.signal;
}

/** Everything but the filter cases, in the order they run. */
export const vectorStoreCoreCases = {
  'upsert/insert': {
    asserts: 'upserted records come back from get() with their metadata and vector direction',
    async run(context) {
      const { store, dimensions } = context;
      await loadSample(context);
      const records = await store.get(['alpha', 'delta', 'foxtrot']);
      expect(records.map((record) => record.id).sort()).toEqual(['alpha', 'delta', 'foxtrot']);
      for (const record of records) {
        expect(record.metadata).toEqual(sampleMetadata(record.id));
        expect(record.vector.length).toBe(dimensions);
        const direction = planarVector(dimensions, sampleDegrees(record.id));
        expectScore(cosineSimilarity(record.vector, direction), 1, `direction of "${record.id}"`);
      }
    },
  },
  'upsert/replace': {
    asserts: 'upserting an existing id replaces its vector and metadata instead of adding a record',
    async run(context) {
      const { store, dimensions } = context;
      await loadSample(context);
      await store.upsert([
        { id: 'foxtrot', vector: planarVector(dimensions, 10), metadata: { kind: 'http' } },
      ]);
      expect(await store.count()).toBe(SAMPLE_RANKING.length);
      const [record] = await store.get(['foxtrot']);
      expect(record?.metadata).toEqual({ kind: 'http' });
      expect(await rankedIds(context, undefined, 2)).toEqual(['alpha', 'foxtrot']);
    },
  },
  'upsert/empty-batch': {
    asserts: 'upserting an empty batch succeeds and changes nothing',
    async run({ store }) {
      await store.upsert([]);
      expect(await store.count()).toBe(0);
    },
  },
  'upsert/atomic': {
    asserts: 'a batch holding one invalid record is rejected whole: none of it is stored',
    async run(context) {
      const { store, dimensions } = context;
      await loadSample(context);
      await expectArsenalError(
        store.upsert([
          { id: 'golf', vector: planarVector(dimensions, 5) },
          { id: 'hotel', vector: planarVector(dimensions + 1, 5) },
        ]),
        'dimension_mismatch',
      );
      expect(await store.count()).toBe(SAMPLE_RANKING.length);
      expect(await store.get(['golf', 'hotel'])).toEqual([]);
    },
  },
  'upsert/non-finite': {
    asserts: 'a vector holding NaN or Infinity is rejected with invalid_argument',
    async run({ store, dimensions }) {
      for (const bad of [Number.NaN, Number.POSITIVE_INFINITY]) {
        const vector = planarVector(dimensions, 0);
        vector[1] = bad;
        await expectArsenalError(store.upsert([{ id: 'bad', vector }]), 'invalid_argument');
      }
      expect(await store.count()).toBe(0);
    },
  },
  'upsert/zero-vector': {
    asserts: 'an all-zero vector (no direction, so no cosine) is rejected with invalid_argument',
    async run({ store, dimensions }) {
      const zero = new Array<number>(dimensions).fill(0);
      await expectArsenalError(store.upsert([{ id: 'zero', vector: zero }]), 'invalid_argument');
      expect(await store.count()).toBe(0);
    },
  },
  'dimension/reported': {
    asserts: '`dimensions` is the stored vector length once records exist',
    async run(context) {
      const { store, dimensions } = context;
      if (store.dimensions !== undefined) expect(store.dimensions).toBe(dimensions);
      await loadSample(context);
      expect(store.dimensions).toBe(dimensions);
    },
  },
  'dimension/mismatch': {
    asserts: 'upserting a vector of another length gives an ArsenalError "dimension_mismatch"',
    async run(context) {
      const { store, dimensions } = context;
      await loadSample(context);
      for (const length of [dimensions + 1, dimensions - 1]) {
        const vector = new Array<number>(length).fill(0);
        vector[0] = 1;
        await expectArsenalError(store.upsert([{ id: 'odd', vector }]), 'dimension_mismatch');
      }
      expect(await store.count()).toBe(SAMPLE_RANKING.length);
    },
  },
  'dimension/mismatch-query': {
    asserts: 'querying with a vector of another length gives an ArsenalError "dimension_mismatch"',
    async run(context) {
      const { store, dimensions } = context;
      await loadSample(context);
      await expectArsenalError(
        store.query({ vector: planarVector(dimensions + 1, 0), topK: 3 }),
        'dimension_mismatch',
      );
    },
  },
  'query/order': {
    asserts: 'matches come best first, scores never increasing',
    async run(context) {
      await loadSample(context);
      const matches = await context.store.query({
        vector: sampleQuery(context.dimensions),
        topK: SAMPLE_RANKING.length,
      });
      expect(matches.map((match) => match.id)).toEqual(SAMPLE_RANKING);
      for (let index = 1; index < matches.length; index++) {
        expect(matches[index]!.score).toBeLessThanOrEqual(matches[index - 1]!.score);
      }
    },
  },
  'query/scores': {
    asserts: 'scores are cosine similarities: 1 same direction, 0 orthogonal, -1 opposite',
    async run(context) {
      const { store, dimensions } = context;
      await loadSample(context);
      await store.upsert([
        { id: 'orthogonal', vector: planarVector(dimensions, 90) },
        { id: 'opposite', vector: planarVector(dimensions, 180) },
      ]);
      const matches = await store.query({ vector: sampleQuery(dimensions), topK: 20 });
      const expected: Record<string, number> = { orthogonal: 0, opposite: -1 };
      for (const id of SAMPLE_RANKING) expected[id] = cosineOfDegrees(sampleDegrees(id));
      expect(matches).toHaveLength(Object.keys(expected).length);
      for (const match of matches) expectScore(match.score, expected[match.id]!, match.id);
    },
  },
  'query/scale-invariant': {
    asserts: 'scaling a stored or a query vector does not change scores (cosine, not dot product)',
    async run({ store, dimensions }) {
      await store.upsert([
        { id: 'long', vector: planarVector(dimensions, 30, 250) },
        { id: 'short', vector: planarVector(dimensions, 50, 0.004) },
      ]);
      const matches = await store.query({ vector: planarVector(dimensions, 0, 7), topK: 2 });
      expect(matches.map((match) => match.id)).toEqual(['long', 'short']);
      expectScore(matches[0]!.score, cosineOfDegrees(30), 'long');
      expectScore(matches[1]!.score, cosineOfDegrees(50), 'short');
    },
  },
  'query/topk': {
    asserts: 'at most topK matches come back, and they are the best ones',
    async run(context) {
      await loadSample(context);
      expect(await rankedIds(context, undefined, 1)).toEqual(['alpha']);
      expect(await rankedIds(context, undefined, 3)).toEqual(SAMPLE_RANKING.slice(0, 3));
    },
  },
  'query/topk-larger-than-count': {
    asserts: 'a topK above the number of records returns every record, best first',
    async run(context) {
      await loadSample(context);
      expect(await rankedIds(context, undefined, 1000)).toEqual(SAMPLE_RANKING);
    },
  },
  'query/invalid-topk': {
    asserts: 'a topK of 0, below 0 or not an integer gives an ArsenalError "invalid_argument"',
    async run(context) {
      await loadSample(context);
      for (const topK of [0, -1, 2.5]) {
        await expectArsenalError(
          context.store.query({ vector: sampleQuery(context.dimensions), topK }),
          'invalid_argument',
        );
      }
    },
  },
  'query/empty-store': {
    asserts: 'querying a store with no records returns no matches',
    async run({ store, dimensions }) {
      expect(await store.query({ vector: sampleQuery(dimensions), topK: 5 })).toEqual([]);
    },
  },
  'query/metadata': {
    asserts: 'matches carry their metadata, and no vector unless includeVectors is set',
    async run(context) {
      await loadSample(context);
      const matches = await context.store.query({
        vector: sampleQuery(context.dimensions),
        topK: SAMPLE_RANKING.length,
      });
      for (const match of matches) {
        expect(match.metadata, match.id).toEqual(sampleMetadata(match.id));
        expect(match.vector, match.id).toBeUndefined();
      }
    },
  },
  'query/include-vectors': {
    asserts: 'includeVectors returns each match vector as a Float32Array in the stored direction',
    async run(context) {
      const { store, dimensions } = context;
      await loadSample(context);
      const matches = await store.query({
        vector: sampleQuery(dimensions),
        topK: 3,
        includeVectors: true,
      });
      expect(matches).toHaveLength(3);
      for (const match of matches) {
        expect(match.vector).toBeInstanceOf(Float32Array);
        expect(match.vector?.length).toBe(dimensions);
        const direction = planarVector(dimensions, sampleDegrees(match.id));
        expectScore(cosineSimilarity(match.vector!, direction), 1, `vector of "${match.id}"`);
      }
    },
  },
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
