import { ArsenalError, createInMemoryVectorStore } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { expectArsenalError } from './expect-arsenal-error.js';
import {
  cosineSimilarity,
  planarVector,
  randomUnitVector,
  randomUnitVectors,
  seededRandom,
} from './fixtures.js';
import {
  describeVectorStoreConformance,
  type VectorStoreCaseId,
  vectorStoreCaseIds,
} from './vector-store-conformance.js';

describe('describeVectorStoreConformance options', () => {
  const create = () => createInMemoryVectorStore();

  it('refuses a skip without a reason', () => {
    expect(() =>
      describeVectorStoreConformance({ name: 'x', create, skip: { 'filter/range': '  ' } }),
    ).toThrow(/skip\["filter\/range"\] needs a reason/);
  });

  it('refuses to skip a case that does not exist, listing the real ones', () => {
    const skip = { 'filter/regex': 'not supported' } as Partial<Record<VectorStoreCaseId, string>>;
    expect(() => describeVectorStoreConformance({ name: 'x', create, skip })).toThrow(
      /"filter\/regex", which is not a VectorStore conformance case.*filter\/range/,
    );
  });

  it('refuses dimensions below 2', () => {
    expect(() => describeVectorStoreConformance({ name: 'x', create, dimensions: 1 })).toThrow(
      ArsenalError,
    );
  });

  it('has unique, stable case ids covering every area of the port', () => {
    expect(new Set(vectorStoreCaseIds).size).toBe(vectorStoreCaseIds.length);
    const areas = new Set(vectorStoreCaseIds.map((id) => id.split('/')[0]));
    expect([...areas].sort()).toEqual(
      ['abort', 'clear', 'count', 'delete', 'dimension', 'filter', 'get', 'query', 'upsert'].sort(),
    );
  });
});

// A store that skips a case still runs every other one.
describeVectorStoreConformance({
  name: 'InMemoryVectorStore, skipping one case to show the title',
  create: () => createInMemoryVectorStore(),
  dimensions: 3,
  skip: { 'filter/missing-field': 'demonstrates how a skipped case is reported' },
});

describe('fixtures', () => {
  it('seededRandom repeats for a seed and differs across seeds', () => {
    const first = seededRandom(7);
    const second = seededRandom(7);
    const values = Array.from({ length: 5 }, () => first());
    expect(Array.from({ length: 5 }, () => second())).toEqual(values);
    expect(seededRandom(8)()).not.toBe(values[0]);
    for (const value of values) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('randomUnitVectors gives unit vectors, the same ones for the same seed', () => {
    const vectors = randomUnitVectors(20, 16, 3);
    expect(randomUnitVectors(20, 16, 3)).toEqual(vectors);
    for (const vector of vectors) expect(Math.hypot(...vector)).toBeCloseTo(1, 12);
    expect(randomUnitVector(4, seededRandom(1))).toHaveLength(4);
  });

  it('planarVector has cosine cos(angle) with the first axis, whatever the scale', () => {
    expect(cosineSimilarity(planarVector(5, 60, 9), planarVector(5, 0))).toBeCloseTo(0.5, 12);
    expect(() => planarVector(1, 0)).toThrow(RangeError);
  });

  it('expectArsenalError returns the error, and fails for another code or a plain Error', async () => {
    const store = createInMemoryVectorStore();
    const error = await expectArsenalError(
      store.query({ vector: [1], topK: 0 }),
      'invalid_argument',
    );
    expect(error.message).toContain('topK');
    await expect(
      expectArsenalError(store.query({ vector: [1], topK: 0 }), 'dimension_mismatch'),
    ).rejects.toThrow(/wrong error code/);
    await expect(
      expectArsenalError(() => {
        throw new Error('plain');
      }, 'internal'),
    ).rejects.toThrow(/got Error: plain/);
    await expect(expectArsenalError(Promise.resolve(), 'internal')).rejects.toThrow(
      /nothing was thrown/,
    );
  });
});
