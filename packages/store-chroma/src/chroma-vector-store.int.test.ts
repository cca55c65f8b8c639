import { ArsenalError } from '@arsenal/core';
import { describeVectorStoreConformance, expectArsenalError, planarVector } from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChroma, type TestChroma, uniqueCollection } from './chroma-test-support.js';
import { type ChromaVectorStore, createChromaVectorStore } from './chroma-vector-store.js';

let chroma: TestChroma;
beforeAll(async () => {
  chroma = await startTestChroma();
});
afterAll(async () => {
  await chroma?.dispose();
});

describeVectorStoreConformance({
  name: 'ChromaVectorStore (chroma run)',
  create: () => createChromaVectorStore({ url: chroma.url, collection: uniqueCollection() }),
  cleanup: (store) => (store as ChromaVectorStore).drop(),
  timeout: 60_000,
});

describeVectorStoreConformance({
  name: 'ChromaVectorStore with configured dimensions',
  create: () =>
    createChromaVectorStore({ url: chroma.url, collection: uniqueCollection(), dimensions: 16 }),
  cleanup: (store) => (store as ChromaVectorStore).drop(),
  timeout: 60_000,
});

describe('ChromaVectorStore', () => {
  it('names the collection and both lengths when it holds vectors of another length', async () => {
    const collection = uniqueCollection();
    const first = createChromaVectorStore({ url: chroma.url, collection });
    await first.upsert([{ id: 'a', vector: planarVector(8, 10) }]);
    const second = createChromaVectorStore({ url: chroma.url, collection, dimensions: 12 });
    try {
      const error = await expectArsenalError(second.count(), 'dimension_mismatch');
      expect(error.message).toContain(`"${collection}"`);
      expect(error.message).toMatch(/holds 8-dimensional vectors.*dimensions: 12/);
    } finally {
      await first.drop();
    }
  });

  it('reads the vector length of an existing collection and keeps its records', async () => {
    const collection = uniqueCollection();
    const first = createChromaVectorStore({ url: chroma.url, collection });
    await first.upsert([
      { id: 'a', vector: planarVector(8, 10), metadata: { tags: ['mail', 'read'], cost: 2 } },
    ]);
    const second = createChromaVectorStore({ url: chroma.url, collection });
    try {
      expect(await second.count()).toBe(1);
      expect(second.dimensions).toBe(8);
      const [record] = await second.get(['a']);
      expect(record?.metadata).toEqual({ tags: ['mail', 'read'], cost: 2 });
      await expectArsenalError(
        second.upsert([{ id: 'b', vector: planarVector(9, 10) }]),
        'dimension_mismatch',
      );
    } finally {
      await first.drop();
    }
  });

  it('refuses metadata keys it keeps for itself, and bad collection names', async () => {
    const store = createChromaVectorStore({ url: chroma.url, collection: uniqueCollection() });
    try {
      await expectArsenalError(
        store.upsert([{ id: 'a', vector: planarVector(8, 1), metadata: { 'arsenal:x': 1 } }]),
        'invalid_argument',
      );
    } finally {
      await store.drop();
    }
    expect(() => createChromaVectorStore({ collection: 'a' })).toThrow(/not a valid Chroma name/);
    expect(() => createChromaVectorStore({ url: 'not a url' })).toThrow(/not a URL/);
  });

  it('a server that is down gives a retryable vector_store_unavailable error, not a hang', async () => {
    const store = createChromaVectorStore({ url: 'http://127.0.0.1:1', collection: 'tools' });
    const error = await expectArsenalError(store.count(), 'vector_store_unavailable');
    expect(ArsenalError.isInstance(error) && error.retryable).toBe(true);
    expect(error.message).toMatch(/Chroma is unavailable/);
  });
});
