import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  type Fixture,
  sendRaw,
  startFixture,
  USER_TOKEN,
} from './rest-api-test-support.js';

describe('REST server under bad input', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await startFixture({ maxBodyBytes: 2048, bodyTimeoutMs: 500 });
  });
  afterAll(() => fixture.close());

  it('refuses requests without a valid credential with a challenge', async () => {
    const none = await fixture.request('GET', '/tools', { token: '' });
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toBe('application/problem+json');
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(none.body.code).toBe('unauthenticated');
    const wrong = await fixture.request('GET', '/tools', { token: 'not-a-token' });
    expect(wrong.status).toBe(401);
    const apiKey = await fixture.request('GET', '/tools', {
      token: '',
      headers: { 'x-api-key': USER_TOKEN },
    });
    expect(apiKey.status).toBe(200);
  });

  it('refuses a Host or Origin that is not loopback (DNS rebinding)', async () => {
    const rebound = await sendRaw(
      fixture.server.url,
      `GET /api/tools HTTP/1.1\r\nHost: attacker.example\r\nAuthorization: Bearer ${USER_TOKEN}\r\nConnection: close\r\n\r\n`,
    );
    expect(rebound).toMatch(/^HTTP\/1\.1 403/);
    expect(rebound).toContain('application/problem+json');
    const lookalike = await fixture.request('GET', '/tools', {
      headers: { origin: 'http://127.0.0.1.evil.example' },
    });
    expect(lookalike.status).toBe(403);
    expect(lookalike.body.code).toBe('forbidden_host');
  });

  it('answers malformed JSON, wrong media types and empty bodies with 4xx problems', async () => {
    const malformed = await fixture.request('POST', '/execute', { body: '{"tool": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('invalid_json');
    expect(String(malformed.body.detail)).toContain('not valid JSON');

    const text = await fixture.request('POST', '/execute', {
      body: 'tool=add_numbers',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);

    const array = await fixture.request('POST', '/execute', { body: [1, 2] });
    expect(array.status).toBe(422);

    const deep = await fixture.request('POST', '/tools/search', {
      body: `${'['.repeat(600)}${']'.repeat(600)}`,
    });
    expect(deep.status).toBe(422);
  });

  it('refuses bodies over the limit with 413 and closes the connection', async () => {
    const huge = await fixture.request('POST', '/tools', {
      token: ADMIN_TOKEN,
      body: { name: 'big_tool', description: 'x'.repeat(10_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('payload_too_large');
    const server = await fixture.request('GET', '/tools');
    expect(server.status).toBe(200);
  });

  it('answers a half-sent body with 408 and keeps serving', async () => {
    const reply = await sendRaw(
      fixture.server.url,
      `POST /api/execute HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${USER_TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"tool":`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(reply).toContain('request_timeout');
    expect((await fixture.request('GET', '/tools')).status).toBe(200);
  });

  it('answers garbage that is not HTTP with 400', async () => {
    const reply = await sendRaw(fixture.server.url, 'HELLO THERE\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
  });

  it('answers unknown routes with 404 and wrong methods with 405 and Allow', async () => {
    const unknown = await fixture.request('GET', '/nowhere');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    expect(String(unknown.body.detail)).toContain('/openapi.json');

    const wrongMethod = await fixture.request('PUT', '/tools');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD, POST');
    const wrongOnItem = await fixture.request('POST', '/invocations/abc');
    expect(wrongOnItem.status).toBe(405);
    expect(wrongOnItem.headers.get('allow')).toBe('GET, HEAD');

    const badEscape = await fixture.request('GET', '/tools/%E0%A4%A');
    expect(badEscape.status).toBe(404);
  });
});
