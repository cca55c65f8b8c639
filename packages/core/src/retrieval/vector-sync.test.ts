import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import { ArsenalError } from '../errors/arsenal-error.js';
import { createInMemoryVectorStore } from '../memory/in-memory-vector-store.js';
import type { Embedder } from '../ports/embedder.js';
import type { VectorQuery, VectorRecord, VectorStore } from '../ports/vector-store.js';

function batchingEmbedder(maxBatchSize: number, options: { short?: boolean } = {}) {
  const batches: number[] = [];
  const embedder: Embedder = {
    id: 'test:batching',
    dimensions: 2,
    maxBatchSize,
    async embed(texts) {
      batches.push(texts.length);
      const vectors = texts.map((text) => Float32Array.from([text.length, 1]));
      return options.short ? vectors.slice(1) : vectors;
    },
  };
  return { embedder, batches };
}

function recordingStore(upsertBatchSize?: number) {
  const inner = createInMemoryVectorStore();
  const writes: number[] = [];
  const queries: VectorQuery[] = [];
  const store: VectorStore = {
    get dimensions() {
      return inner.dimensions;
    },
    upsertBatchSize,
    upsert(records: readonly VectorRecord[], options) {
      writes.push(records.length);
      return inner.upsert(records, options);
    },
    delete: (ids, options) => inner.delete(ids, options),
    query: (query) => {
      queries.push(query);
      return inner.query(query);
    },
    get: (ids, options) => inner.get(ids, options),
    count: (options) => inner.count(options),
    clear: (options) => inner.clear(options),
  };
  return { store, writes, queries };
}

const catalog = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    name: `tool_${index}`,
    description: `Tool number ${index} does thing ${index}.`,
  }));

describe('vector sync batching', () => {
  it('embeds in the embedder batch size and writes in the store batch size', async () => {
    const { embedder, batches } = batchingEmbedder(4);
    const { store, writes } = recordingStore(10);
    const arsenal = createArsenal({ embedder, vectorStore: store });
    await arsenal.register(catalog(25));

    expect(batches.every((size) => size <= 4)).toBe(true);
    expect(batches.reduce((sum, size) => sum + size, 0)).toBe(25);
    expect(writes).toEqual([10, 10, 5]);
    expect(await store.count()).toBe(25);
  });

  it('writes up to 1000 records at once when the store states no size', async () => {
    const { embedder } = batchingEmbedder(64);
    const { store, writes } = recordingStore();
    const arsenal = createArsenal({ embedder, vectorStore: store });
    await arsenal.register(catalog(1500));
    expect(writes).toEqual([1000, 500]);
  });

  it('names an embedder that returns fewer vectors than texts and keeps the tools pending', async () => {
    const { embedder } = batchingEmbedder(8, { short: true });
    const { store, writes } = recordingStore();
    const arsenal = createArsenal({ embedder, vectorStore: store });
    const failed = await arsenal.register(catalog(3)).then(
      () => undefined,
      (error: unknown) => error,
    );

    expect(ArsenalError.isInstance(failed)).toBe(true);
    expect((failed as Error).message).toMatch(/returned 2 vectors for 3 texts/);
    expect(writes).toEqual([]);
    expect(await store.count()).toBe(0);
    expect(arsenal.retriever.pendingEmbeddings).toBe(3);
  });

  it('leaves a few deprecated tools to its own filter, and asks the store to filter many', async () => {
    const { embedder } = batchingEmbedder(64);
    const { store, queries } = recordingStore();
    const arsenal = createArsenal({ embedder, vectorStore: store });
    const old = (index: number) => ({
      name: `old_weather_${index}`,
      description: `Weather forecast for a city, old version ${index}.`,
      deprecated: true,
    });
    await arsenal.register([
      { name: 'get_weather', description: 'Weather forecast for a city.' },
      ...catalog(5),
      old(1),
      old(2),
    ]);

    const few = await arsenal.retrieve('weather forecast for a city');
    const first = queries.at(-1)!;
    expect(first.filter).toBeUndefined();
    expect(few.tools.map((scored) => scored.tool.name)).not.toContain('old_weather_1');
    expect(few.tools.map((scored) => scored.tool.name)).toContain('get_weather');

    await arsenal.register(Array.from({ length: first.topK + 5 }, (_, index) => old(index + 3)));
    const many = await arsenal.retrieve('weather forecast for a city');
    const second = queries.at(-1)!;
    expect(second.filter).toEqual({ deprecated: false });
    expect(second.topK).toBeLessThan(first.topK);
    expect(many.tools.some((scored) => scored.tool.name.startsWith('old_weather'))).toBe(false);

    await arsenal.retrieve({
      query: 'weather forecast for a city',
      filters: { excludeDeprecated: false },
    });
    expect(queries.at(-1)!.filter).toBeUndefined();
    expect(queries.at(-1)!.topK).toBe(second.topK);
  });
});
