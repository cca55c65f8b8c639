import {
  ArsenalError,
  createArsenal,
  createInMemoryVectorStore,
  type EmbedderError,
} from '@arsenal/core';
import { describeEmbedderConformance, expectArsenalError, freePort } from '@arsenal/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIEmbedder, type OpenAIEmbedderOptions } from './openai-embedder.js';
import {
  type FakeOpenAIServer,
  openAIError,
  startFakeOpenAIServer,
} from './openai-test-support.js';

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.hang = false;
  server.requests.length = 0;
  server.hits = 0;
});

const fast = { retryBaseDelayMs: 1, retryMaxDelayMs: 20 } as const;
const embedderAt = (options: OpenAIEmbedderOptions = {}) =>
  createOpenAIEmbedder({ apiKey: server.apiKey, baseUrl: server.baseUrl, ...fast, ...options });

describeEmbedderConformance({
  name: 'OpenAIEmbedder against the documented wire format',
  create: () => embedderAt({ dimensions: 64, maxBatchSize: 4 }),
  createFailing: () => embedderAt({ apiKey: 'sk-wrong-key-456' }),
  secrets: ['sk-wrong-key-456', 'sk-test-secret-key-123'],
});

const rateLimited = (headers: Record<string, string>) => ({
  status: 429,
  headers,
  body: openAIError(
    'Rate limit reached for text-embedding-3-small on requests per min (RPM): Limit 3000, Used 3000, Requested 1.',
    'requests',
    'rate_limit_exceeded',
  ),
});

describe('OpenAIEmbedder', () => {
  it('sends the model, float encoding and the dimensions asked for', async () => {
    const embedder = embedderAt({ model: 'text-embedding-3-large', dimensions: 256 });
    const [vector] = await embedder.embed(['hello']);
    expect(vector).toHaveLength(256);
    expect(embedder.id).toBe('openai:text-embedding-3-large@256');
    expect(server.requests[0]).toMatchObject({
      model: 'text-embedding-3-large',
      input: ['hello'],
      dimensions: 256,
      encoding_format: 'float',
    });
  });

  it("uses the model's own size and leaves dimensions out when none is set", async () => {
    const embedder = embedderAt();
    expect(embedder.dimensions).toBe(1536);
    await embedder.embed(['hello']);
    expect(server.requests[0]).not.toHaveProperty('dimensions');
  });

  it('costs one embedding request for a query asked twice in retrieval', async () => {
    const arsenal = createArsenal({
      embedder: embedderAt({ dimensions: 32 }),
      vectorStore: createInMemoryVectorStore(),
    });
    await arsenal.register([
      { name: 'get_weather', description: 'Weather forecast for a city.' },
      { name: 'send_email', description: 'Send an email message to a recipient.' },
    ]);
    const registration = server.requests.length;
    await arsenal.retrieve('forecast for Oslo');
    await arsenal.retrieve('forecast for Oslo');
    const queryRequests = server.requests.slice(registration);
    expect(queryRequests.map((request) => request.input)).toEqual([['forecast for Oslo']]);
    // Registering the same tools again embeds nothing either.
    await arsenal.register([{ name: 'get_weather', description: 'Weather forecast for a city.' }]);
    expect(server.requests).toHaveLength(registration + 1);
  });

  it('splits requests at the API limit of 2048 inputs', async () => {
    const texts = Array.from({ length: 4100 }, (_, index) => `tool ${index}`);
    const vectors = await embedderAt({ dimensions: 8 }).embed(texts);
    expect(vectors).toHaveLength(4100);
    expect(server.requests.map((request) => request.input.length)).toEqual([2048, 2048, 4]);
  });

  it('splits requests by estimated tokens', async () => {
    const texts = Array.from({ length: 6 }, () => 'x'.repeat(300));
    await embedderAt({ dimensions: 8, maxTokensPerRequest: 250 }).embed(texts);
    expect(server.requests.map((request) => request.input.length)).toEqual([2, 2, 2]);
  });

  it('retries 429 and 5xx answers, then succeeds', async () => {
    server.fail(rateLimited({ 'retry-after': '0' }), {
      status: 503,
      body: openAIError('The server is overloaded or not ready yet.', 'server_error', null),
    });
    const vectors = await embedderAt({ dimensions: 8 }).embed(['weather']);
    expect(vectors).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
  });

  it('reports the wait a 429 asked for once retries run out', async () => {
    server.fail(rateLimited({ 'retry-after': '2' }));
    const error = await expectArsenalError(
      embedderAt({ dimensions: 8, maxRetries: 0 }).embed(['weather']),
      'embedder_error',
    );
    expect(error).toMatchObject({ statusCode: 429, retryAfterMs: 2000, retryable: true });
    expect(error.message).toMatch(/429: Rate limit reached.*rate_limit_exceeded/);
  });

  it('reads retry-after-ms before retry-after', async () => {
    server.fail(rateLimited({ 'retry-after-ms': '15', 'retry-after': '9' }));
    const error = (await embedderAt({ dimensions: 8, maxRetries: 0 })
      .embed(['weather'])
      .catch((caught: unknown) => caught)) as EmbedderError;
    expect(error.retryAfterMs).toBe(15);
  });

  it('does not retry a rejected key, and keeps the key out of the message', async () => {
    const error = await expectArsenalError(
      embedderAt({ apiKey: 'sk-live-abcdefgh12345' }).embed(['weather']),
      'embedder_error',
    );
    expect(error).toMatchObject({ statusCode: 401, retryable: false });
    expect(error.message).toMatch(/401: Incorrect API key provided.*OPENAI_API_KEY/);
    expect(error.message).not.toContain('abcdefgh');
    expect(server.hits).toBe(1);
  });

  it('does not retry a bad request', async () => {
    const error = await expectArsenalError(
      embedderAt({ model: 'text-embedding-ada-002', dimensions: 8 }).embed(['x']),
      'embedder_error',
    );
    expect(error).toMatchObject({ statusCode: 400, retryable: false });
    expect(server.requests).toHaveLength(1);
  });

  it('gives a retryable error when the server is down', async () => {
    const port = await freePort();
    const error = await expectArsenalError(
      embedderAt({ baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 1 }).embed(['x']),
      'embedder_error',
    );
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/Cannot reach OpenAI embeddings at http:\/\/127\.0\.0\.1/);
  });

  it('registers while the API is down, then embeds the tools when it is back', async () => {
    const port = await freePort();
    const vectorStore = createInMemoryVectorStore();
    const arsenal = createArsenal({
      embedder: embedderAt({
        baseUrl: `http://127.0.0.1:${port}/v1`,
        dimensions: 16,
        maxRetries: 1,
      }),
      vectorStore,
    });
    const summary = await arsenal.register([
      { name: 'get_weather', description: 'Weather forecast for a city.' },
      { name: 'send_email', description: 'Send an email message to a recipient.' },
    ]);
    expect(summary.added).toBe(2);
    expect(summary.deferred).toMatchObject({ pending: 2, error: { code: 'embedder_error' } });
    const degraded = await arsenal.retrieve('forecast for Oslo');
    expect(degraded.tools[0]?.tool.name).toBe('get_weather');
    expect(degraded.warnings?.join(' ')).toMatch(/Cannot reach OpenAI embeddings/);
    const back = await startFakeOpenAIServer(server.apiKey, port);
    try {
      const recovered = await arsenal.retrieve('forecast for Oslo');
      expect(recovered.warnings ?? []).toEqual([]);
      expect(await vectorStore.count()).toBe(2);
      expect(back.requests.flatMap((request) => request.input)).toContain('forecast for Oslo');
    } finally {
      await back.close();
    }
  });

  it('stops a request in flight when the signal aborts', async () => {
    server.hang = true;
    const controller = new AbortController();
    const pending = embedderAt().embed(['x'], { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user left')), 50);
    await expectArsenalError(pending, 'cancelled');
  });

  it('times out a request that never answers, as a retryable error', async () => {
    server.hang = true;
    const error = await expectArsenalError(
      embedderAt({ timeoutMs: 100, maxRetries: 0 }).embed(['x']),
      'embedder_error',
    );
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/did not answer within 100 ms/);
  });

  it('rejects a response that does not hold one vector per input', async () => {
    server.fail({ status: 200, body: { object: 'list', data: [] } });
    const error = await expectArsenalError(embedderAt().embed(['x']), 'embedder_error');
    expect(error.message).toMatch(/0 vectors for 1 inputs/);
  });

  it('refuses options that cannot work', () => {
    const previous = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      expect(() => createOpenAIEmbedder()).toThrow(/no API key/);
    } finally {
      if (previous !== undefined) process.env.OPENAI_API_KEY = previous;
    }
    expect(() => embedderAt({ dimensions: 0 })).toThrow(/dimensions must be a whole number/);
    expect(() => embedderAt({ maxBatchSize: 4096 })).toThrow(/from 1 to 2048/);
    expect(() => embedderAt({ model: 'my-model' })).toThrow(/set dimensions/);
    expect(() => embedderAt({ baseUrl: 'not a url' })).toThrow(/not a URL/);
    const error = (() => {
      try {
        embedderAt({ dimensions: -1 });
      } catch (caught) {
        return caught;
      }
    })();
    expect(ArsenalError.isInstance(error) && error.code).toBe('invalid_argument');
  });

  it('accepts an Azure-style api-key header instead of a bearer key', async () => {
    const embedder = createOpenAIEmbedder({
      baseUrl: server.baseUrl,
      headers: { 'api-key': 'azure-key' },
      ...fast,
    });
    // The fake only accepts its bearer key, so the header reached it and was refused.
    const error = await expectArsenalError(embedder.embed(['x']), 'embedder_error');
    expect(error.message).not.toContain('azure-key');
  });
});
