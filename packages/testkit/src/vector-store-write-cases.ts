import { expect } from 'vitest';
import { expectArsenalError } from './expect-arsenal-error.js';
import { cosineSimilarity, planarVector } from './fixtures.js';
import {
  expectScore,
  loadSample,
  rankedIds,
  SAMPLE_RANKING,
  sampleDegrees,
  sampleMetadata,
  type VectorStoreCase,
} from './vector-store-sample.js';

/** Writing vectors (`upsert`) and the dimension checks that guard it, in the order they run. */
export const vectorStoreWriteCases = {
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
} satisfies Record<string, VectorStoreCase>;
