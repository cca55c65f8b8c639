import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createArsenal } from '@arsenal/core';
import {
  describeRerankerConformance,
  expectArsenalError,
  writeTinyCrossEncoderModel,
} from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransformersReranker } from './transformers-reranker.js';

let root: string;
let modelPath: string;
let corruptPath: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'arsenal-cross-encoder-'));
  modelPath = join(root, 'tiny-cross-encoder');
  await writeTinyCrossEncoderModel(modelPath);
  corruptPath = join(root, 'corrupt-cross-encoder');
  await writeTinyCrossEncoderModel(corruptPath);
  await writeFile(join(corruptPath, 'onnx', 'model.onnx'), 'not an onnx graph');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describeRerankerConformance({
  name: 'TransformersReranker with a generated tiny cross-encoder',
  create: () => createTransformersReranker({ modelPath, maxBatchSize: 3 }),
  createFailing: () => createTransformersReranker({ modelPath: corruptPath }),
});

describe('TransformersReranker', () => {
  it('scores a text repeating the query above unrelated ones, in (0, 1)', async () => {
    const reranker = createTransformersReranker({ modelPath });
    expect(reranker.id).toBe('transformers:tiny-cross-encoder');
    const results = await reranker.rerank('book a flight', [
      { id: 'mail', text: 'send_email: Send an email message to a recipient.' },
      { id: 'fx', text: 'book_flight: Book a seat on a flight.' },
    ]);
    expect(results.map((result) => result.id)).toEqual(['mail', 'fx']);
    expect(results[1]!.score).toBeGreaterThan(results[0]!.score);
    for (const result of results) {
      expect(result.score).toBeGreaterThan(0);
      expect(result.score).toBeLessThan(1);
    }
  });

  it('gives the same score alone as inside a padded batch', async () => {
    const reranker = createTransformersReranker({ modelPath });
    const short = { id: 's', text: 'weather' };
    const long = { id: 'l', text: 'book a seat on a flight from the city to another city' };
    const [alone] = await reranker.rerank('weather in the city', [short]);
    const [batched] = await reranker.rerank('weather in the city', [short, long]);
    expect(batched!.score).toBeCloseTo(alone!.score, 5);
  });

  it('reranks retrieval inside an Arsenal', async () => {
    const arsenal = createArsenal({ reranker: createTransformersReranker({ modelPath }) });
    await arsenal.register([
      { name: 'get_weather', description: 'Weather forecast for a city.' },
      { name: 'send_email', description: 'Send an email message to a recipient.' },
    ]);
    const result = await arsenal.retrieve('send a weather forecast by email');
    expect(result.tools.length).toBe(2);
    expect(result.warnings ?? []).toEqual([]);
    expect(result.tools[0]?.signals.rerank).toBeDefined();
  });

  it('names the folder and the missing file when the model is incomplete', () => {
    expect(() => createTransformersReranker({ modelPath: join(root, 'absent') })).toThrow(
      /does not exist.*nothing is fetched at run time/,
    );
    expect(() => createTransformersReranker({ modelPath, dtype: 'fp16' })).toThrow(
      /has no onnx\/model_fp16\.onnx/,
    );
    expect(() => createTransformersReranker({ modelPath, maxLength: 0 })).toThrow(/maxLength/);
  });

  it('reports a model that cannot load as a non-retryable reranker error', async () => {
    const error = await expectArsenalError(
      createTransformersReranker({ modelPath: corruptPath }).rerank('q', [{ id: 'x', text: 'y' }]),
      'reranker_error',
    );
    expect(error.retryable).toBe(false);
    expect(error.message).toContain(`cannot load the model in ${corruptPath}`);
  });
});
