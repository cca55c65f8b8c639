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
  type VectorStoreCase,
} from './vector-store-sample.js';

/** k-NN queries without filters: order, scores, topK, what a hit carries; in the order they run. */
export const vectorStoreQueryCases = {
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
} satisfies Record<string, VectorStoreCase>;
