import { ConfigurationError } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { applyAuth, type HttpAuth, validateAuth } from './auth.js';
import type { OutgoingRequest } from './http-transport.js';
import { OAuth2TokenCache } from './oauth2-token-cache.js';
import { Redactor } from './redactor.js';

const tokens = new OAuth2TokenCache({
  send: async () => {
    throw new Error('no token endpoint in this test');
  },
  redactor: new Redactor(),
});

async function applied(
  auth: HttpAuth,
  url = 'https://api.example/x?words=a|b',
): Promise<OutgoingRequest> {
  const request: OutgoingRequest = { method: 'GET', url: new URL(url), headers: {} };
  await applyAuth(request, [auth], tokens, new AbortController().signal);
  return request;
}

describe('applyAuth', () => {
  it('adds an API key to the query without re-encoding the serialised query', async () => {
    const request = await applied({ type: 'apiKey', in: 'query', name: 'api key', apiKey: 'k&1' });
    expect(request.url.search).toBe('?words=a|b&api%20key=k%261');
  });

  it('adds API keys as header or cookie, and basic and bearer authorisation', async () => {
    expect(
      (await applied({ type: 'apiKey', in: 'header', name: 'X-Key', apiKey: 'k1' })).headers,
    ).toEqual({ 'x-key': 'k1' });
    expect(
      (await applied({ type: 'apiKey', in: 'cookie', name: 'sid', apiKey: 'a;b' })).headers,
    ).toEqual({ cookie: 'sid=a%3Bb' });
    expect(
      (await applied({ type: 'basic', username: 'u', password: 'p' })).headers.authorization,
    ).toBe('Basic dTpw');
    expect((await applied({ type: 'bearer', token: 't0k' })).headers.authorization).toBe(
      'Bearer t0k',
    );
  });

  it('refuses a credential with a line break', async () => {
    await expect(applied({ type: 'bearer', token: 'a\r\nX: y' })).rejects.toThrow(/line break/);
  });
});

describe('validateAuth', () => {
  it('names the missing field', () => {
    expect(() =>
      validateAuth(
        { type: 'oauth2', tokenUrl: 'https://t', clientId: 'c' } as HttpAuth,
        'http.api.auth',
      ),
    ).toThrow(ConfigurationError);
    expect(() =>
      validateAuth({ type: 'basic', username: 'u' } as HttpAuth, 'http.api.auth'),
    ).toThrow('http.api.auth: basic auth needs "password".');
  });
});

describe('Redactor', () => {
  it('replaces secrets, plain and URL-encoded, in text and JSON values', () => {
    const redactor = new Redactor();
    redactor.add('s3cr3t/+');
    redactor.add('ab'); // too short to be a credential: ignored
    expect(redactor.redact('x s3cr3t/+ y s3cr3t%2F%2B ab')).toBe('x [redacted] y [redacted] ab');
    expect(redactor.redactValue({ list: ['s3cr3t/+'], n: 1 })).toEqual({
      list: ['[redacted]'],
      n: 1,
    });
  });
});
