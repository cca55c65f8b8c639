import { describeEmbedderConformance, expectArsenalError, freePort } from '@arsenal/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOllamaEmbedder, type OllamaEmbedderOptions } from './ollama-embedder.js';
import { type FakeOllamaServer, startFakeOllamaServer } from './ollama-test-support.js';

let server: FakeOllamaServer;
beforeAll(async () => {
  server = await startFakeOllamaServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.hang = false;
  server.requests.length = 0;
});

const embedderAt = (options: OllamaEmbedderOptions = {}) =>
  createOllamaEmbedder({
    baseUrl: server.baseUrl,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 20,
    ...options,
  });

describeEmbedderConformance({
  name: 'OllamaEmbedder against the documented wire format',
  create: () => embedderAt({ model: 'all-minilm', maxBatchSize: 4 }),
  createFailing: () => embedderAt({ model: 'not-pulled', dimensions: 8 }),
});

describe('OllamaEmbedder', () => {
  it('posts the model, the inputs as a list and truncate to /api/embed', async () => {
    const embedder = embedderAt({ keepAlive: '10m' });
    expect(embedder.dimensions).toBe(768);
    expect(embedder.id).toBe('ollama:nomic-embed-text');
    await embedder.embed(['a', 'b']);
    expect(server.requests).toEqual([
      { model: 'nomic-embed-text', input: ['a', 'b'], truncate: true, keep_alive: '10m' },
    ]);
  });

  it('prefixes queries and documents differently when asked', async () => {
    const embedder = embedderAt({
      queryPrefix: 'search_query: ',
      documentPrefix: 'search_document: ',
    });
    await embedder.embed(['rain in Oslo'], { kind: 'query' });
    await embedder.embed(['get_weather'], { kind: 'document' });
    expect(server.requests.map((request) => request.input)).toEqual([
      ['search_query: rain in Oslo'],
      ['search_document: get_weather'],
    ]);
    expect(embedder.id).toBe('ollama:nomic-embed-text+prefixes');
  });

  it('splits big inputs into maxBatchSize requests', async () => {
    const texts = Array.from({ length: 10 }, (_, index) => `tool ${index}`);
    await embedderAt({ maxBatchSize: 4 }).embed(texts);
    expect(server.requests.map((request) => (request.input as string[]).length)).toEqual([4, 4, 2]);
  });

  it('names the model to pull when Ollama does not have it', async () => {
    const error = await expectArsenalError(
      embedderAt({ model: 'mxbai-embed-large' }).embed(['x']),
      'embedder_error',
    );
    expect(error).toMatchObject({ statusCode: 404, retryable: false });
    expect(error.message).toMatch(/model "mxbai-embed-large" not found.*ollama pull/);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a busy or failing server, honouring Retry-After', async () => {
    server.fail(
      {
        status: 503,
        headers: { 'retry-after': '0' },
        body: { error: 'server busy, please try again.  maximum pending requests exceeded' },
      },
      { status: 500, body: { error: 'llama runner process has terminated' } },
    );
    expect(await embedderAt().embed(['x'])).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
  });

  it('gives up after maxRetries with a retryable error', async () => {
    server.fail(
      { status: 503, headers: { 'retry-after': '1' }, body: { error: 'server busy' } },
      { status: 503, headers: { 'retry-after': '1' }, body: { error: 'server busy' } },
    );
    const error = await expectArsenalError(
      embedderAt({ maxRetries: 1, retryMaxDelayMs: 5 }).embed(['x']),
      'embedder_error',
    );
    expect(error).toMatchObject({ statusCode: 503, retryable: true, retryAfterMs: 1000 });
    expect(server.requests).toHaveLength(2);
  });

  it('reports a vector of the wrong length as a setup problem', async () => {
    server.fail({ status: 200, body: { model: 'all-minilm', embeddings: [[0.1, 0.2, 0.3]] } });
    const error = await expectArsenalError(
      embedderAt({ model: 'all-minilm' }).embed(['x']),
      'embedder_error',
    );
    expect(error.message).toMatch(/3-number vector.*set up for 384/);
  });

  it('gives a retryable error when Ollama is not running', async () => {
    const port = await freePort();
    const error = await expectArsenalError(
      embedderAt({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 }).embed(['x']),
      'embedder_error',
    );
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/Cannot reach Ollama/);
  });

  it('stops a request in flight when the signal aborts', async () => {
    server.hang = true;
    const controller = new AbortController();
    const pending = embedderAt().embed(['x'], { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expectArsenalError(pending, 'cancelled');
  });

  it('refuses an unknown model without dimensions, and a bad URL', () => {
    expect(() => embedderAt({ model: 'my-embedder' })).toThrow(/set dimensions/);
    expect(() => embedderAt({ baseUrl: 'nope' })).toThrow(/not a URL/);
    expect(() => embedderAt({ maxBatchSize: 0 })).toThrow(/maxBatchSize/);
  });
});
