import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import { createInMemoryVectorStore } from '../memory/in-memory-vector-store.js';
import type { Embedder } from '../ports/embedder.js';
import { QueryEmbeddingCache } from './query-embedding-cache.js';

function countingEmbedder(): Embedder & { queryCalls: string[] } {
  const queryCalls: string[] = [];
  return {
    id: 'test:counting',
    dimensions: 3,
    queryCalls,
    async embed(texts, options) {
      if (options?.kind === 'query') queryCalls.push(...texts);
      return texts.map((text) => Float32Array.from([text.length, 1, 0.5]));
    },
  };
}

const tools = [
  { name: 'get_weather', description: 'Weather forecast for a city.' },
  { name: 'send_email', description: 'Send an email to a recipient.' },
];

describe('query embedding cache', () => {
  it('embeds a repeated query once', async () => {
    const embedder = countingEmbedder();
    const arsenal = createArsenal({ embedder, vectorStore: createInMemoryVectorStore() });
    await arsenal.register(tools);
    await arsenal.retrieve('weather in Paris');
    await arsenal.retrieve('weather in Paris');
    await arsenal.retrieve('send mail');
    expect(embedder.queryCalls).toEqual(['weather in Paris', 'send mail']);
  });

  it('embeds every query when the cache is turned off', async () => {
    const embedder = countingEmbedder();
    const arsenal = createArsenal({
      embedder,
      vectorStore: createInMemoryVectorStore(),
      retrieval: { queryEmbeddingCacheSize: 0 },
    });
    await arsenal.register(tools);
    await arsenal.retrieve('weather in Paris');
    await arsenal.retrieve('weather in Paris');
    expect(embedder.queryCalls).toEqual(['weather in Paris', 'weather in Paris']);
  });

  it('rejects a cache size that is not a whole number', () => {
    expect(() =>
      createArsenal({
        embedder: countingEmbedder(),
        vectorStore: createInMemoryVectorStore(),
        retrieval: { queryEmbeddingCacheSize: -1 },
      }),
    ).toThrow(/queryEmbeddingCacheSize must be a whole number/);
  });

  it('drops the least recently used query first and never caches a failure', async () => {
    const cache = new QueryEmbeddingCache(2);
    let calls = 0;
    const embed = () => {
      calls += 1;
      return Promise.resolve(Float32Array.from([calls]));
    };
    await cache.get('a', embed);
    await cache.get('b', embed);
    await cache.get('a', embed); // a is now the most recent
    await cache.get('c', embed); // evicts b
    expect(calls).toBe(3);
    await cache.get('a', embed);
    expect(calls).toBe(3);
    await cache.get('b', embed);
    expect(calls).toBe(4);
    await expect(cache.get('d', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await cache.get('d', embed);
    expect(calls).toBe(5);
    expect(cache.size).toBe(2);
  });
});
