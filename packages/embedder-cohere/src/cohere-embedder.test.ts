import { describeEmbedderConformance, expectArsenalError, freePort } from '@arsenal/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CohereEmbedderOptions, createCohereEmbedder } from './cohere-embedder.js';
import { type FakeCohereServer, startFakeCohereServer } from './cohere-test-support.js';

let server: FakeCohereServer;
beforeAll(async () => {
  server = await startFakeCohereServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.hang = false;
  server.requests.length = 0;
  server.hits = 0;
});

const embedderAt = (options: CohereEmbedderOptions = {}) =>
  createCohereEmbedder({
    apiKey: server.apiKey,
    baseUrl: server.baseUrl,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 20,
    ...options,
  });

describeEmbedderConformance({
  name: 'CohereEmbedder (cohere-ai SDK) against the documented wire format',
  create: () => embedderAt({ model: 'embed-english-light-v3.0', maxBatchSize: 4 }),
  createFailing: () => embedderAt({ apiKey: 'co-wrong-key-000' }),
  secrets: ['co-wrong-key-000', 'co-test-secret-key-789'],
});

describe('CohereEmbedder', () => {
  it('embeds tools as search_document and queries as search_query', async () => {
    const embedder = embedderAt({ dimensions: 256 });
    await embedder.embed(['get_weather: forecast'], { kind: 'document' });
    await embedder.embed(['rain in Oslo'], { kind: 'query' });
    await embedder.embed(['no kind given']);
    expect(server.requests.map((request) => request.input_type)).toEqual([
      'search_document',
      'search_query',
      'search_document',
    ]);
    expect(server.requests[0]).toMatchObject({
      model: 'embed-v4.0',
      texts: ['get_weather: forecast'],
      embedding_types: ['float'],
      output_dimension: 256,
      truncate: 'END',
    });
    expect(embedder.id).toBe('cohere:embed-v4.0@256');
  });

  it('splits inputs at the API limit of 96 texts', async () => {
    const texts = Array.from({ length: 200 }, (_, index) => `tool ${index}`);
    expect(await embedderAt({ dimensions: 256 }).embed(texts)).toHaveLength(200);
    expect(server.requests.map((request) => request.texts.length)).toEqual([96, 96, 8]);
  });

  it('retries 429 and 5xx, then succeeds', async () => {
    server.fail(
      {
        status: 429,
        headers: { 'retry-after': '0' },
        body: {
          id: 'x',
          message: 'You are using a Trial key, which is limited to 100 API calls / minute.',
        },
      },
      { status: 500, body: { id: 'y', message: 'internal server error' } },
    );
    expect(await embedderAt({ dimensions: 256 }).embed(['x'])).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
  });

  it('keeps the wait a 429 asked for when retries run out', async () => {
    server.fail({
      status: 429,
      headers: { 'retry-after': '3' },
      body: { id: 'x', message: 'too many requests' },
    });
    const error = await expectArsenalError(
      embedderAt({ maxRetries: 0 }).embed(['x']),
      'embedder_error',
    );
    expect(error).toMatchObject({ statusCode: 429, retryable: true, retryAfterMs: 3000 });
    expect(error.message).toMatch(/answered 429: too many requests/);
  });

  it('does not retry a rejected key and keeps it out of the message', async () => {
    const error = await expectArsenalError(
      embedderAt({ apiKey: 'co-live-key-abcdef' }).embed(['x']),
      'embedder_error',
    );
    expect(error).toMatchObject({ statusCode: 401, retryable: false });
    expect(error.message).toMatch(/invalid api token.*COHERE_API_KEY/);
    expect(error.message).not.toContain('abcdef');
    expect(server.hits).toBe(1);
  });

  it('gives a retryable error when the server is down', async () => {
    const port = await freePort();
    const error = await expectArsenalError(
      embedderAt({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 }).embed(['x']),
      'embedder_error',
    );
    expect(error.retryable).toBe(true);
  });

  it('stops a call in flight when the signal aborts', async () => {
    server.hang = true;
    const controller = new AbortController();
    const pending = embedderAt().embed(['x'], { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expectArsenalError(pending, 'cancelled');
  });

  it('times out a call that never answers, as a retryable error', async () => {
    server.hang = true;
    const error = await expectArsenalError(
      embedderAt({ timeoutMs: 200, maxRetries: 0 }).embed(['x']),
      'embedder_error',
    );
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/did not answer within 200 ms/);
  });

  it('refuses options that cannot work', () => {
    expect(() => embedderAt({ model: 'my-model' })).toThrow(/set dimensions/);
    expect(() => embedderAt({ maxBatchSize: 97 })).toThrow(/from 1 to 96/);
    expect(() => embedderAt({ baseUrl: 'nope' })).toThrow(/not a URL/);
    const previous = process.env.COHERE_API_KEY;
    delete process.env.COHERE_API_KEY;
    try {
      expect(() => createCohereEmbedder()).toThrow(/no API key/);
    } finally {
      if (previous !== undefined) process.env.COHERE_API_KEY = previous;
    }
  });
});
