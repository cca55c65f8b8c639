import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createArsenal, createInMemoryVectorStore } from '@arsenal/core';
import {
  cosineSimilarity,
  describeEmbedderConformance,
  expectArsenalError,
  writeTinyEmbeddingModel,
} from '@arsenal/testkit';
import { env } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransformersEmbedder } from './transformers-embedder.js';

let root: string;
let modelPath: string;
let corruptPath: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'arsenal-transformers-'));
  modelPath = join(root, 'tiny-encoder');
  await writeTinyEmbeddingModel(modelPath, { hiddenSize: 24 });
  corruptPath = join(root, 'corrupt-encoder');
  await writeTinyEmbeddingModel(corruptPath);
  await writeFile(join(corruptPath, 'onnx', 'model.onnx'), 'not an onnx graph');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describeEmbedderConformance({
  name: 'TransformersEmbedder with a generated tiny model',
  create: () => createTransformersEmbedder({ modelPath, maxBatchSize: 4 }),
  createFailing: () => createTransformersEmbedder({ modelPath: corruptPath }),
});

describe('TransformersEmbedder', () => {
  it('reads its size from config.json and names itself after the folder', () => {
    const embedder = createTransformersEmbedder({ modelPath });
    expect(embedder.dimensions).toBe(24);
    expect(embedder.id).toBe('transformers:tiny-encoder');
  });

  it('puts texts sharing words closer than unrelated ones', async () => {
    const embedder = createTransformersEmbedder({ modelPath });
    const [weather, rain, email] = await embedder.embed([
      'weather forecast for a city',
      'rain forecast for the city',
      'send an email message',
    ]);
    expect(cosineSimilarity(weather!, rain!)).toBeGreaterThan(cosineSimilarity(weather!, email!));
    expect(Math.hypot(...weather!)).toBeCloseTo(1, 5);
  });

  it('embeds queries and documents differently when prefixes are set', async () => {
    const embedder = createTransformersEmbedder({
      modelPath,
      queryPrefix: 'query: ',
      documentPrefix: 'passage: ',
    });
    const [query] = await embedder.embed(['weather'], { kind: 'query' });
    const [document] = await embedder.embed(['weather'], { kind: 'document' });
    expect(cosineSimilarity(query!, document!)).toBeLessThan(0.999);
  });

  it('drives semantic retrieval inside an Arsenal, without any network', async () => {
    const arsenal = createArsenal({
      embedder: createTransformersEmbedder({ modelPath }),
      vectorStore: createInMemoryVectorStore(),
    });
    await arsenal.register([
      { name: 'get_weather', description: 'Weather forecast for a city.' },
      { name: 'send_email', description: 'Send an email message to a recipient.' },
    ]);
    const result = await arsenal.retrieve('forecast for the city');
    expect(result.tools[0]?.tool.name).toBe('get_weather');
    expect(result.tools[0]?.signals.semantic).toBeGreaterThan(0);
    expect(result.warnings ?? []).toEqual([]);
    expect(env.allowRemoteModels).toBe(false);
  });

  it('names the folder and the missing file when the model is incomplete', async () => {
    expect(() => createTransformersEmbedder({ modelPath: join(root, 'absent') })).toThrow(
      /absent does not exist.*nothing is fetched at run time/,
    );
    expect(() => createTransformersEmbedder({ modelPath, dtype: 'q8' })).toThrow(
      /has no onnx\/model_quantized\.onnx/,
    );
    expect(() => createTransformersEmbedder({ modelPath: '' })).toThrow(/modelPath is required/);
  });

  it('rejects a config.json that is not JSON', async () => {
    const broken = join(root, 'broken-config');
    await writeTinyEmbeddingModel(broken);
    await writeFile(join(broken, 'config.json'), '{ nope');
    await expectArsenalError(
      () => createTransformersEmbedder({ modelPath: broken }),
      'invalid_argument',
    );
  });

  it('reports a model that cannot load as a non-retryable embedder error, every time', async () => {
    const embedder = createTransformersEmbedder({ modelPath: corruptPath });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const error = await expectArsenalError(embedder.embed(['x']), 'embedder_error');
      expect(error.retryable).toBe(false);
      expect(error.message).toContain(`cannot load the model in ${corruptPath}`);
    }
  });

  it('refuses a dimensions option the model does not produce', async () => {
    const embedder = createTransformersEmbedder({ modelPath, dimensions: 99 });
    const error = await expectArsenalError(embedder.embed(['x']), 'embedder_error');
    expect(error.message).toMatch(/1×24 vectors.*dimensions is 99/);
  });
});
