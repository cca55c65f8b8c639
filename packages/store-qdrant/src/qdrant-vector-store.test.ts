import { ArsenalError, createArsenal, defineTool } from '@arsenal/core';
import {
  createHashedEmbedder,
  describeVectorStoreConformance,
  expectArsenalError,
  planarVector,
} from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QdrantFake, startQdrantFake } from './qdrant-fake-test-support.js';
import { createQdrantVectorStore, type QdrantVectorStore } from './qdrant-vector-store.js';

let fake: QdrantFake;
beforeAll(async () => {
  fake = await startQdrantFake();
});
afterAll(async () => {
  await fake?.close();
});

let collections = 0;
const uniqueCollection = () => `t_${process.pid}_${Date.now().toString(36)}_${++collections}`;

describeVectorStoreConformance({
  name: 'QdrantVectorStore (Qdrant REST shapes, local server)',
  create: () => createQdrantVectorStore({ url: fake.url, collection: uniqueCollection() }),
  cleanup: (store) => (store as QdrantVectorStore).drop(),
});

describe('QdrantVectorStore', () => {
  it('names the collection and both lengths when it holds vectors of another length', async () => {
    const collection = uniqueCollection();
    await createQdrantVectorStore({ url: fake.url, collection }).upsert([
      { id: 'a', vector: planarVector(8, 10) },
    ]);
    const store = createQdrantVectorStore({ url: fake.url, collection, dimensions: 12 });
    const error = await expectArsenalError(store.count(), 'dimension_mismatch');
    expect(error.message).toContain(`"${collection}"`);
    expect(error.message).toMatch(/holds 8-dimensional vectors.*dimensions: 12/);
  });

  it('sends filters to Qdrant as Qdrant filters, not filtering afterwards', async () => {
    const store = createQdrantVectorStore({ url: fake.url, collection: uniqueCollection() });
    await store.upsert([
      { id: 'mail.send', vector: planarVector(8, 0), metadata: { namespace: 'mail' } },
      { id: 'files.read', vector: planarVector(8, 5), metadata: { namespace: 'files' } },
    ]);
    const before = fake.requests.length;
    const matches = await store.query({
      vector: planarVector(8, 0),
      topK: 1,
      filter: { namespace: { $in: ['files'] } },
    });
    expect(matches.map((match) => match.id)).toEqual(['files.read']);
    expect(fake.requests.slice(before)).toEqual(['POST /collections/{name}/points/query']);
  });

  it('a 5xx or an unreachable server gives a retryable error; a 429 says rate_limited', async () => {
    const store = createQdrantVectorStore({ url: fake.url, collection: uniqueCollection() });
    await store.upsert([{ id: 'a', vector: planarVector(8, 0) }]);
    fake.failNext(1, 503);
    const unavailable = await expectArsenalError(store.count(), 'vector_store_unavailable');
    expect(unavailable.retryable).toBe(true);
    fake.failNext(1, 429, { 'retry-after': '2' });
    const limited = await expectArsenalError(store.count(), 'rate_limited');
    expect(limited.retryable).toBe(true);
    expect(await store.count()).toBe(1);
    const down = createQdrantVectorStore({ url: 'http://127.0.0.1:1', collection: 'tools' });
    const error = await expectArsenalError(down.count(), 'vector_store_unavailable');
    expect(ArsenalError.isInstance(error) && error.retryable).toBe(true);
  });

  it('refuses metadata keys Qdrant would read as paths, and bad collection names', async () => {
    const store = createQdrantVectorStore({ url: fake.url, collection: uniqueCollection() });
    await expectArsenalError(
      store.upsert([{ id: 'a', vector: planarVector(8, 0), metadata: { 'a.b': 1 } }]),
      'invalid_argument',
    );
    expect(() => createQdrantVectorStore({ collection: 'a/b' })).toThrow(/plain Qdrant name/);
  });

  it('re-registering unchanged tools makes no store writes and no embedding calls', async () => {
    const embedder = createHashedEmbedder(32);
    const vectorStore = createQdrantVectorStore({ url: fake.url, collection: uniqueCollection() });
    const arsenal = createArsenal({ embedder, vectorStore });
    const tools = Array.from({ length: 300 }, (_, index) =>
      defineTool({
        name: `tool_${index}`,
        description: `Tool number ${index} reads record ${index} from the archive`,
        input: { type: 'object', properties: {} },
        handler: async () => index,
      }),
    );
    await arsenal.register(tools);
    expect(await vectorStore.count()).toBe(300);
    const writes = fake.writes();
    const calls = embedder.calls;
    const summary = await arsenal.register(tools);
    expect(summary.unchanged).toBe(300);
    expect(fake.writes()).toBe(writes);
    expect(embedder.calls).toBe(calls);
    await arsenal.unregister('tool_7');
    expect(await vectorStore.count()).toBe(299);
  });
});

const liveUrl = process.env.QDRANT_URL;
if (liveUrl) {
  describeVectorStoreConformance({
    name: `QdrantVectorStore (live server at QDRANT_URL)`,
    create: () =>
      createQdrantVectorStore({
        url: liveUrl,
        apiKey: process.env.QDRANT_API_KEY,
        collection: uniqueCollection(),
      }),
    cleanup: (store) => (store as QdrantVectorStore).drop(),
    timeout: 60_000,
  });
} else {
  describe('QdrantVectorStore (live server)', () => {
    it.skip('skipped: set QDRANT_URL (and QDRANT_API_KEY if needed) to run the suite against a real Qdrant', () => {});
  });
  console.info('Live Qdrant suite skipped: QDRANT_URL is not set.');
}
