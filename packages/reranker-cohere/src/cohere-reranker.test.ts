import { createArsenal } from '@arsenal/core';
import { describeRerankerConformance, expectArsenalError, freePort } from '@arsenal/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CohereRerankerOptions, createCohereReranker } from './cohere-reranker.js';
import { type FakeCohereRerankServer, startFakeCohereRerankServer } from './cohere-test-support.js';

let server: FakeCohereRerankServer;
beforeAll(async () => {
  server = await startFakeCohereRerankServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.hang = false;
  server.requests.length = 0;
  server.hits = 0;
});

const rerankerAt = (options: CohereRerankerOptions = {}) =>
  createCohereReranker({
    apiKey: server.apiKey,
    baseUrl: server.baseUrl,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 20,
    ...options,
  });

describeRerankerConformance({
  name: 'CohereReranker (cohere-ai SDK) against the documented wire format',
  create: () => rerankerAt(),
  createFailing: () => rerankerAt({ apiKey: 'co-wrong-key-000' }),
  secrets: ['co-wrong-key-000', 'co-test-secret-key-789'],
});

describe('CohereReranker', () => {
  it('sends the query and texts, and maps sorted results back to candidate order', async () => {
    const results = await rerankerAt({ maxTokensPerDocument: 512 }).rerank('send an email', [
      { id: 'a', text: 'get_weather: forecast' },
      { id: 'b', text: 'send_email: send an email' },
    ]);
    expect(results.map((result) => result.id)).toEqual(['a', 'b']);
    expect(results[1]!.score).toBeGreaterThan(results[0]!.score);
    expect(server.requests[0]).toEqual({
      model: 'rerank-v3.5',
      query: 'send an email',
      documents: ['get_weather: forecast', 'send_email: send an email'],
      top_n: 2,
      max_tokens_per_doc: 512,
    });
  });

  it('reorders retrieval results inside an Arsenal', async () => {
    const arsenal = createArsenal({ reranker: rerankerAt() });
    await arsenal.register([
      { name: 'get_weather', description: 'Weather forecast for a city.' },
      { name: 'send_email', description: 'Send an email message to a recipient.' },
      { name: 'send_sms', description: 'Send a text message to a phone.' },
    ]);
    const result = await arsenal.retrieve('send a message to a recipient');
    expect(result.tools[0]?.tool.name).toBe('send_email');
    expect(server.requests).toHaveLength(1);
    expect(result.warnings ?? []).toEqual([]);
  });

  it('retries 429 and 5xx, then succeeds', async () => {
    server.fail(
      { status: 429, headers: { 'retry-after': '0' }, body: { message: 'too many requests' } },
      { status: 503, body: { message: 'service unavailable' } },
    );
    expect(await rerankerAt().rerank('weather', [{ id: 'x', text: 'weather' }])).toEqual([
      { id: 'x', score: 1 },
    ]);
    expect(server.requests).toHaveLength(3);
  });

  it('keeps the wait a 429 asked for when retries run out', async () => {
    server.fail({ status: 429, headers: { 'retry-after': '4' }, body: { message: 'slow down' } });
    const error = await expectArsenalError(
      rerankerAt({ maxRetries: 0 }).rerank('q', [{ id: 'x', text: 'y' }]),
      'reranker_error',
    );
    expect(error).toMatchObject({ statusCode: 429, retryable: true, retryAfterMs: 4000 });
  });

  it('does not retry a rejected key and keeps it out of the message', async () => {
    const error = await expectArsenalError(
      rerankerAt({ apiKey: 'co-live-key-abcdef' }).rerank('q', [{ id: 'x', text: 'y' }]),
      'reranker_error',
    );
    expect(error).toMatchObject({ statusCode: 401, retryable: false });
    expect(error.message).not.toContain('abcdef');
    expect(server.hits).toBe(1);
  });

  it('rejects an answer that leaves a document unscored', async () => {
    server.fail({ status: 200, body: { id: 'r', results: [{ index: 0, relevance_score: 0.5 }] } });
    const error = await expectArsenalError(
      rerankerAt().rerank('q', [
        { id: 'x', text: 'a' },
        { id: 'y', text: 'b' },
      ]),
      'reranker_error',
    );
    expect(error.message).toMatch(/without a score for document 1 of 2/);
  });

  it('gives a retryable error when the server is down', async () => {
    const port = await freePort();
    const error = await expectArsenalError(
      rerankerAt({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 }).rerank('q', [
        { id: 'x', text: 'y' },
      ]),
      'reranker_error',
    );
    expect(error.retryable).toBe(true);
  });

  it('stops a call in flight when the signal aborts', async () => {
    server.hang = true;
    const controller = new AbortController();
    const pending = rerankerAt().rerank('q', [{ id: 'x', text: 'y' }], {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    await expectArsenalError(pending, 'cancelled');
  });

  it('refuses options that cannot work', () => {
    expect(() => rerankerAt({ baseUrl: 'nope' })).toThrow(/not a URL/);
    expect(() => rerankerAt({ maxTokensPerDocument: 0 })).toThrow(/maxTokensPerDocument/);
  });
});
