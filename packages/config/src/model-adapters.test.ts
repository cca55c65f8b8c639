import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Embedder, Reranker } from '@arsenal/core';
import { writeTinyCrossEncoderModel, writeTinyEmbeddingModel } from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAdapter } from './adapter-loader.js';
import { createArsenalFromConfig } from './create-arsenal.js';
import { parseConfig } from './load-config.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'arsenal-model-adapters-'));
  await writeTinyEmbeddingModel(join(dir, 'models', 'encoder'), { hiddenSize: 16 });
  await writeTinyCrossEncoderModel(join(dir, 'models', 'cross-encoder'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('embedder and reranker packages load by package name', () => {
  it.each([
    [
      '@arsenal/embedder-openai',
      { apiKey: 'sk-x', dimensions: 256 },
      'openai:text-embedding-3-small@256',
      256,
    ],
    [
      '@arsenal/embedder-cohere',
      { apiKey: 'co-x', model: 'embed-english-v3.0' },
      'cohere:embed-english-v3.0',
      1024,
    ],
    [
      '@arsenal/embedder-ollama',
      { model: 'all-minilm', baseUrl: 'http://127.0.0.1:11434' },
      'ollama:all-minilm',
      384,
    ],
  ])('%s', async (use, options, id, dimensions) => {
    const embedder = await loadAdapter<Embedder>({ use, options }, dir, 'embedder');
    expect(embedder.id).toBe(id);
    expect(embedder.dimensions).toBe(dimensions);
    expect(typeof embedder.embed).toBe('function');
  });

  it('@arsenal/reranker-cohere', async () => {
    const reranker = await loadAdapter<Reranker>(
      {
        use: '@arsenal/reranker-cohere',
        options: { apiKey: 'co-x', model: 'rerank-english-v3.0' },
      },
      dir,
      'reranker',
    );
    expect(reranker.id).toBe('cohere:rerank-english-v3.0');
  });

  it('says what is wrong when options cannot work', async () => {
    await expect(
      loadAdapter(
        { use: '@arsenal/embedder-ollama', options: { model: 'mystery' } },
        dir,
        'embedder',
      ),
    ).rejects.toThrow(
      /embedder: the factory of "@arsenal\/embedder-ollama" refused its options:.*set dimensions/,
    );
  });

  it('runs retrieval with a local embedder and cross-encoder from arsenal.yaml', async () => {
    await writeFile(
      join(dir, 'tools.yaml'),
      [
        'tools:',
        '  - { name: get_weather, description: Weather forecast for a city. }',
        '  - { name: send_email, description: Send an email message to a recipient. }',
        '  - { name: book_flight, description: Book a seat on a flight. }',
      ].join('\n'),
    );
    const config = parseConfig(
      [
        'tools: { catalogs: [tools.yaml] }',
        'embedder: { use: "@arsenal/embedder-transformers", options: { modelPath: models/encoder } }',
        'vectorStore: { use: "@arsenal/core", export: createInMemoryVectorStore }',
        'reranker: { use: "@arsenal/reranker-transformers", options: { modelPath: models/cross-encoder } }',
      ].join('\n'),
      { baseDir: dir, env: {} },
    );
    // Relative model paths are the user's to resolve against the config; the test runs there.
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const { arsenal, close } = await createArsenalFromConfig(config);
      try {
        const result = await arsenal.retrieve('weather forecast for the city');
        expect(result.tools[0]?.tool.name).toBe('get_weather');
        expect(result.tools[0]?.signals.semantic).toBeGreaterThan(0);
        expect(result.tools[0]?.signals.rerank).toBeDefined();
        expect(result.warnings ?? []).toEqual([]);
      } finally {
        await close();
      }
    } finally {
      process.chdir(cwd);
    }
  });
});
