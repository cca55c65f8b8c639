import { type Arsenal, ArsenalError, createArsenal } from '@arsenal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressGuard } from './address-guard.js';
import { createOpenApiToolSource, type OpenApiToolSourceOptions } from './openapi-tool-source.js';
import { type Petstore, petstoreSpec, startPetstore } from './petstore-test-support.js';

let petstore: Petstore;
const arsenals: Arsenal[] = [];

beforeAll(async () => {
  petstore = await startPetstore();
});
afterAll(async () => {
  await Promise.all(arsenals.map((arsenal) => arsenal.close()));
  await petstore?.close();
});

async function engine(options: Partial<OpenApiToolSourceOptions> = {}): Promise<Arsenal> {
  const arsenal = createArsenal();
  arsenals.push(arsenal);
  await arsenal.addSource(
    createOpenApiToolSource({
      name: 'petstore',
      spec: petstoreSpec(petstore.url),
      allowAddresses: ['loopback'],
      credentials: { oauth: { clientId: 'arsenal-client', clientSecret: 'client-secret-6b2f8e' } },
      ...options,
    }),
  );
  return arsenal;
}

const totalHits = () => [...petstore.hits.values()].reduce((sum, count) => sum + count, 0);

describe('hostile inputs are refused with typed errors', () => {
  it('refuses dot segments in path parameters, plain or encoded, before sending', async () => {
    const before = totalHits();
    for (const petId of ['../admin', '..', './x', '%2e%2e', '%252e%252e%252fadmin', '..\\admin']) {
      // One engine per input: each refusal counts as a failure for the tool's circuit breaker.
      const arsenal = await engine();
      const result = await arsenal.execute({ tool: 'get_pet', arguments: { petId } });
      expect(result.error, petId).toMatchObject({
        code: 'request_refused',
        errorType: 'HttpRequestRefusedError',
      });
      expect(result.error?.message).toContain('".." segment');
    }
    expect(totalHits()).toBe(before);
  });

  it('encodes a slash in a path parameter so it cannot add a segment', async () => {
    const arsenal = await engine();
    const result = await arsenal.execute({ tool: 'get_pet', arguments: { petId: 'a/b' } });
    // The encoded id reaches the pet route (404: no such pet), not another route.
    expect(result.error?.message).toContain('no pet a/b');
  });

  it('refuses CR/LF in header and cookie parameters', async () => {
    const arsenal = await engine();
    const header = await arsenal.execute({
      tool: 'echo',
      arguments: { 'X-Trace': 'a\r\nX-Admin: 1' },
    });
    expect(header.error).toMatchObject({
      code: 'request_refused',
      errorType: 'HttpRequestRefusedError',
    });
    expect(header.error?.message).toContain('line break');
    const cookie = await arsenal.execute({ tool: 'echo', arguments: { pref: 'x\nSet-Cookie: y' } });
    expect(cookie.error).toMatchObject({ code: 'request_refused' });
  });

  it('stops reading a response past maxResponseBytes', async () => {
    const arsenal = await engine({ maxResponseBytes: 1024 * 1024 });
    const result = await arsenal.execute({ tool: 'huge', arguments: {} });
    expect(result.error).toMatchObject({ code: 'request_refused' });
    expect(result.error?.message).toContain('maxResponseBytes');
  });

  it('stops a redirect loop at the redirect limit', async () => {
    const arsenal = await engine({ maxRedirects: 3 });
    const before = petstore.hits.get('/v1/loop') ?? 0;
    const result = await arsenal.execute({ tool: 'loop', arguments: {} });
    expect(result.error).toMatchObject({ code: 'request_refused' });
    expect(result.error?.message).toContain('redirected more than 3 times');
    expect((petstore.hits.get('/v1/loop') ?? 0) - before).toBe(4);
  });

  it('refuses a redirect to a private address', async () => {
    const arsenal = await engine();
    const result = await arsenal.execute({ tool: 'to_private', arguments: {} });
    expect(result.error).toMatchObject({ code: 'request_refused' });
    expect(result.error?.message).toContain('10.0.0.1, a private address');
  });

  it('refuses loopback when the config does not allow it, before connecting', async () => {
    const arsenal = await engine({ allowAddresses: [] });
    const before = totalHits();
    const result = await arsenal.execute({ tool: 'get_text', arguments: {} });
    expect(result.error).toMatchObject({ code: 'request_refused' });
    expect(result.error?.message).toContain('loopback address');
    expect(totalHits()).toBe(before);
  });

  it('refuses the cloud metadata address and private ranges given as base URL', async () => {
    for (const baseUrl of [
      'http://169.254.169.254/latest',
      'http://10.1.2.3/v1',
      'http://[::ffff:127.0.0.1]/v1',
      'http://[::1]:9/v1',
      'http://[::127.0.0.1]:9/v1',
      'http://[::ffff:0:10.0.0.1]/v1',
      'http://[64:ff9b::a9fe:a9fe]/latest',
      'http://[64:ff9b:1::808:808]/v1',
      'http://[2002:a00:1::1]/v1',
      'http://[fec0::1]/v1',
    ]) {
      const arsenal = await engine({ baseUrl, allowAddresses: [] });
      const result = await arsenal.execute({ tool: 'get_text', arguments: {} });
      expect(result.error, baseUrl).toMatchObject({ code: 'request_refused', retryable: false });
      expect(result.error?.message, baseUrl).toMatch(/link-local|private|loopback/);
    }
  });

  it('refuses a host name that resolves to a private address (injected resolver)', async () => {
    const arsenal = await engine({
      baseUrl: 'http://internal.example.test/v1',
      allowAddresses: [],
      resolver: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    });
    const result = await arsenal.execute({ tool: 'get_text', arguments: {} });
    expect(result.error?.message).toContain('resolves to 10.0.0.7');
  });

  it('refuses "localhost" by name when it resolves to loopback', async () => {
    const arsenal = await engine({
      baseUrl: 'http://localhost:9/v1',
      allowAddresses: [],
      resolver: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const result = await arsenal.execute({ tool: 'get_text', arguments: {} });
    expect(result.error?.message).toContain(
      '"localhost": it resolves to 127.0.0.1, a loopback address',
    );
  });

  it('refuses a spec URL on loopback when loopback is not allowed', async () => {
    const source = createOpenApiToolSource({
      name: 'petstore',
      spec: `${petstore.url}/openapi.json`,
    });
    const error = await source.load().catch((caught: unknown) => caught);
    expect(ArsenalError.isInstance(error) && error.code).toBe('request_refused');
  });

  it('loads a spec over HTTP larger than the cap for call answers', async () => {
    const source = createOpenApiToolSource({
      name: 'petstore',
      spec: `${petstore.url}/openapi.json`,
      allowAddresses: ['loopback'],
      maxResponseBytes: 100,
    });
    expect((await source.load()).length).toBeGreaterThan(10);
  });

  it('reports a rejected OAuth2 client without revealing its secret', async () => {
    const arsenal = await engine({
      credentials: { oauth: { clientId: 'arsenal-client', clientSecret: 'wrong-secret-5d4c3b' } },
    });
    const result = await arsenal.execute({ tool: 'get_pet', arguments: { petId: '1' } });
    expect(result.error).toMatchObject({ code: 'auth_failed', retryable: false });
    expect(result.error?.message).toContain('answered HTTP 401');
    expect(JSON.stringify(result)).not.toContain('wrong-secret-5d4c3b');
  });

  it('times out a call that does not answer', async () => {
    const arsenal = await engine({ timeoutMs: 300, maxRetries: 0 });
    const result = await arsenal.execute({ tool: 'slow', arguments: {} });
    expect(result.error).toMatchObject({ code: 'timeout', retryable: true });
  });

  it('stops a running call when the caller aborts, closing the connection', async () => {
    const arsenal = await engine({ maxRetries: 0 });
    const controller = new AbortController();
    const before = petstore.hits.get('/v1/slow') ?? 0;
    const pending = arsenal.execute({ tool: 'slow', arguments: {}, signal: controller.signal });
    while ((petstore.hits.get('/v1/slow') ?? 0) === before)
      await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    const result = await pending;
    expect(result.status).toBe('cancelled');
  });

  it('lets the guard pass a public address without connecting anywhere', async () => {
    const guard = new AddressGuard({
      resolver: async () => [{ address: '93.184.216.34', family: 4 }],
    });
    await expect(guard.check('api.example.com')).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });
});
