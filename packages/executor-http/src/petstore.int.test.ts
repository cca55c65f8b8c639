import {
  type Arsenal,
  createArsenal,
  createInMemoryHistoryStore,
  createInMemoryTelemetry,
  type InMemoryTelemetry,
} from '@arsenal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenApiToolSource, type OpenApiToolSource } from './openapi-tool-source.js';
import {
  API_KEY,
  BASIC,
  BEARER,
  CLIENT,
  COOKIE_KEY,
  type Petstore,
  QUERY_KEY,
  startPetstore,
} from './petstore-test-support.js';

let petstore: Petstore;
let arsenal: Arsenal;
let source: OpenApiToolSource;
let telemetry: InMemoryTelemetry;
const history = createInMemoryHistoryStore();
let clock = Date.now();

beforeAll(async () => {
  petstore = await startPetstore();
  telemetry = createInMemoryTelemetry();
  arsenal = createArsenal({ telemetry, execution: { historyStore: history } });
  source = createOpenApiToolSource({
    name: 'petstore',
    spec: `${petstore.url}/openapi.yaml`,
    allowAddresses: ['loopback'],
    retryBaseDelayMs: 1,
    now: () => clock,
    credentials: {
      headerKey: { apiKey: API_KEY },
      queryKey: { apiKey: QUERY_KEY },
      cookieKey: { apiKey: COOKIE_KEY },
      basicAuth: BASIC,
      bearerAuth: { token: BEARER },
      oauth: { ...CLIENT, scopes: ['pets:read'] },
    },
  });
  const handle = await arsenal.addSource(source);
  expect(handle.summary.failed).toEqual([]);
});

afterAll(async () => {
  await arsenal?.close();
  await petstore?.close();
});

const call = (tool: string, args: Record<string, unknown> = {}) =>
  arsenal.execute({ tool: `petstore.${tool}`, arguments: args });

describe('OpenAPI source against a live Petstore (YAML spec over HTTP)', () => {
  it('imports every operation with names, tags and merged input schemas', async () => {
    const tools = await source.load();
    expect(tools.map((tool) => tool.name)).toContain('list_pets');
    const replace = tools.find((tool) => tool.name === 'replace_pet');
    expect(Object.keys(replace?.parametersSchema.properties ?? {})).toEqual(['petId', 'body']);
    const list = tools.find((tool) => tool.name === 'list_pets');
    expect(list?.tags).toEqual(['pets']);
    expect(source.skipped).toEqual([]);
  });

  it('calls with an API key header and serialises arrays (form, explode) and deepObject', async () => {
    const result = await call('list_pets', {
      tags: ['a b', 'c'],
      limit: 5,
      filter: { kind: 'dog' },
    });
    expect(result.status).toBe('success');
    expect(result.result).toMatchObject({
      pets: [{ id: 1, name: 'Rex' }],
      query: '?tags=a%20b&tags=c&limit=5&filter%5Bkind%5D=dog',
    });
  });

  it('sends JSON bodies with a bearer token', async () => {
    const result = await call('create_pet', { name: 'Tom', tag: 'cat' });
    expect(result.result).toEqual({ id: 2, name: 'Tom', tag: 'cat' });
  });

  it('sends form-urlencoded bodies with an API key in the query', async () => {
    const result = await call('add_note', { petId: '1', note: 'good & calm', tags: ['x', 'y'] });
    expect(result.result).toEqual({
      id: '1',
      form: { note: ['good & calm'], tags: ['x', 'y'] },
      type: 'application/x-www-form-urlencoded',
    });
  });

  it('sends multipart bodies with a file, with HTTP basic auth', async () => {
    const result = await call('upload_photo', {
      petId: '1',
      caption: 'Rex at the beach',
      file: {
        content: Buffer.from('PNGDATA').toString('base64'),
        encoding: 'base64',
        filename: 'rex.png',
      },
    });
    expect(result.result).toEqual({
      caption: 'Rex at the beach',
      file: { size: 7, name: 'rex.png', text: 'PNGDATA' },
    });
  });

  it('returns binary answers as a resource (cookie API key) and text as a string', async () => {
    const photo = await call('get_photo', { petId: '1' });
    expect(photo.result).toEqual({
      type: 'resource',
      resource: {
        uri: `${petstore.url}/v1/pets/1/photo`,
        mimeType: 'image/png',
        blob: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]).toString('base64'),
      },
    });
    expect((await call('get_text')).result).toBe('just text');
  });

  it('serialises header, cookie, non-exploded and pipe-delimited query parameters', async () => {
    const result = await call('echo', {
      'X-Trace': 't-1',
      pref: 'dark mode',
      ids: [1, 2],
      words: ['a', 'b'],
    });
    const echoed = result.result as { search: string; headers: Record<string, string> };
    expect(echoed.search).toBe('?ids=1,2&words=a|b');
    expect(echoed.headers['x-trace']).toBe('t-1');
    expect(echoed.headers.cookie).toBe('pref=dark%20mode');
  });

  it('gets OAuth2 client-credentials tokens, caches them and refreshes before expiry', async () => {
    const before = petstore.issued.length;
    expect((await call('get_pet', { petId: '1' })).result).toEqual({ id: 1, name: 'Rex' });
    await call('get_pet', { petId: '1' });
    expect(petstore.issued.length).toBe(before + 1);
    clock += 3_600_000 - 30_000; // inside the refresh window before expiry
    expect((await call('get_pet', { petId: '1' })).status).toBe('success');
    expect(petstore.issued.length).toBe(before + 2);
  });

  it('fetches a new token when the API rejects the cached one', async () => {
    await call('get_pet', { petId: '1' });
    const before = petstore.issued.length;
    petstore.revokeTokens();
    expect((await call('get_pet', { petId: '1' })).status).toBe('success');
    expect(petstore.issued.length).toBe(before + 1);
  });

  it('turns a 404 into a typed error with status and body', async () => {
    const result = await call('get_pet', { petId: '42' });
    expect(result.status).toBe('failure');
    expect(result.error).toMatchObject({
      code: 'http_error',
      errorType: 'HttpStatusError',
      retryable: false,
    });
    expect(result.error?.message).toContain('HTTP 404');
    expect(result.error?.message).toContain('no pet 42');
  });

  it('retries idempotent calls on 503, honouring Retry-After', async () => {
    const result = await call('flaky');
    expect(result.result).toEqual({ ok: true, attempts: 3 });
    expect(petstore.hits.get('/v1/flaky')).toBe(3);
  });

  it('does not retry a POST unless the operation is marked retryable', async () => {
    const result = await call('flaky_post');
    expect(result.error).toMatchObject({ code: 'http_error' });
    expect(petstore.hits.get('/v1/flaky-post')).toBe(1);
    expect((await call('flaky_post_retryable')).result).toEqual({ ok: true });
    expect(petstore.hits.get('/v1/flaky-post-retryable')).toBe(2);
  });

  it('never lets a secret reach results, errors, events or audit records', async () => {
    const leak = await call('leak');
    expect(leak.status).toBe('failure');
    expect(leak.error?.message).toContain('[redacted]');
    await call('list_pets', {});
    await call('get_photo', { petId: '1' });
    const everything = JSON.stringify([
      leak,
      telemetry.events(),
      await history.query({ limit: 1000 }),
    ]);
    for (const secret of [
      API_KEY,
      QUERY_KEY,
      COOKIE_KEY,
      BASIC.password,
      BEARER,
      CLIENT.clientSecret,
      ...petstore.issued,
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toContain(
      Buffer.from(`${BASIC.username}:${BASIC.password}`).toString('base64'),
    );
  });
});
