import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Arsenal, createArsenal } from '@arsenal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpAuth } from './auth.js';
import { createHttpToolSource, type HttpToolDeclaration } from './http-tool-source.js';

/** What the server at the end of a redirect saw. */
interface Landing {
  origin: 'source' | 'other';
  headers: IncomingMessage['headers'];
  search: string;
  body: string;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function readAll(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

let sourceUrl = '';
let otherUrl = '';
const servers: Server[] = [];
/** Every landing as the servers saw it (results are redacted; this is not). */
const landings: Landing[] = [];
const arsenals: Arsenal[] = [];

/**
 * Answers /landing with what it received. Anything else redirects, keeping the query: to this
 * origin for /same/... (and /chain, to /go here first), to `elsewhere()` otherwise; with 307
 * (method and body kept) for .../keep-method.
 */
function landingServer(origin: Landing['origin'], elsewhere: () => string): Server {
  let self = '';
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const body = await readAll(request);
    if (url.pathname === '/landing') {
      const landing: Landing = { origin, headers: request.headers, search: url.search, body };
      landings.push(landing);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(landing));
      return;
    }
    if (url.pathname.startsWith('/chain')) {
      // First hop stays on this origin; the next one leaves it.
      response.writeHead(302, { location: `${self}/go${url.search}` });
      response.end();
      return;
    }
    // Many servers keep the whole query on a redirect (http -> https, a CDN hand-off).
    const target = url.pathname.startsWith('/same') ? self : elsewhere();
    const status = url.pathname.endsWith('/keep-method') ? 307 : 302;
    response.writeHead(status, { location: `${target}/landing${url.search}` });
    response.end();
  });
  server.once('listening', () => {
    self = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  return server;
}

beforeAll(async () => {
  const source = landingServer('source', () => otherUrl);
  const other = landingServer('other', () => otherUrl);
  servers.push(source, other);
  sourceUrl = await listen(source);
  otherUrl = await listen(other);
});

afterAll(async () => {
  await Promise.all(arsenals.map((arsenal) => arsenal.close()));
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

const SECRETS = {
  apiKey: 'apikey-5e1b7c9d03',
  tenant: 'tenant-secret-77aa41',
  staticToken: 'static-token-99c2e8',
  bearer: 'bearer-0f3a6d1e28',
  password: 'basic-pw-4c8e2a',
};

async function call(
  path: string,
  auth: HttpAuth,
  declaration: Partial<HttpToolDeclaration> = {},
): Promise<Landing> {
  const arsenal = createArsenal();
  arsenals.push(arsenal);
  await arsenal.addSource(
    createHttpToolSource({
      name: 'api',
      allowAddresses: ['loopback'],
      headers: { 'X-Tenant-Secret': SECRETS.tenant },
      auth,
      tools: [
        {
          name: 'hop',
          description: 'Call an endpoint that redirects.',
          url: `${sourceUrl}${path}?page=2&trace={trace}`,
          headers: { 'X-Static-Token': SECRETS.staticToken, 'X-Trace': 'trace-{trace}' },
          ...declaration,
        },
      ],
    }),
  );
  const result = await arsenal.execute({ tool: 'api.hop', arguments: { trace: 'abc' } });
  expect(result.status, JSON.stringify(result.error)).toBe('success');
  return result.result as Landing;
}

/** Neither the result nor what the other origin actually received holds a secret. */
function expectNoSecret(landing: Landing): void {
  const seen = JSON.stringify([landing, landings.at(-1)]);
  for (const [kind, secret] of Object.entries(SECRETS)) expect(seen, kind).not.toContain(secret);
  const basic = Buffer.from(`alice:${SECRETS.password}`).toString('base64');
  expect(seen).not.toContain(basic);
}

describe('credentials on a redirect to another origin', () => {
  it('strips an apiKey header and the configured secret headers, keeps the rest', async () => {
    const landing = await call('/go', {
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
      apiKey: SECRETS.apiKey,
    });
    expect(landing.origin).toBe('other');
    expect(landing.headers['x-api-key']).toBeUndefined();
    expect(landing.headers['x-tenant-secret']).toBeUndefined();
    expect(landing.headers['x-static-token']).toBeUndefined();
    expect(landing.headers['x-trace']).toBe('trace-abc');
    expectNoSecret(landing);
  });

  it('strips an apiKey query parameter the redirect carried along, keeps the other pairs', async () => {
    const landing = await call('/go', {
      type: 'apiKey',
      in: 'query',
      name: 'api_key',
      apiKey: SECRETS.apiKey,
    });
    expect(landing.origin).toBe('other');
    expect(landing.search).toBe('?page=2&trace=abc');
    expectNoSecret(landing);
  });

  it('strips an apiKey cookie, basic and bearer credentials', async () => {
    const auths: HttpAuth[] = [
      { type: 'apiKey', in: 'cookie', name: 'session', apiKey: SECRETS.apiKey },
      { type: 'basic', username: 'alice', password: SECRETS.password },
      { type: 'bearer', token: SECRETS.bearer },
    ];
    for (const auth of auths) {
      const landing = await call('/go', auth);
      expect(landing.origin, auth.type).toBe('other');
      expect(landing.headers.cookie, auth.type).toBeUndefined();
      expect(landing.headers.authorization, auth.type).toBeUndefined();
      expectNoSecret(landing);
    }
  });

  it('strips them where the chain leaves the origin, after a same-origin hop', async () => {
    const landing = await call('/chain', {
      type: 'apiKey',
      in: 'query',
      name: 'api_key',
      apiKey: SECRETS.apiKey,
    });
    expect(landing.origin).toBe('other');
    expect(landing.search).toBe('?page=2&trace=abc');
    expect(landing.headers['x-tenant-secret']).toBeUndefined();
    expectNoSecret(landing);
  });

  it('keeps every credential on a redirect within the same origin', async () => {
    const landing = await call('/same/go', {
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
      apiKey: SECRETS.apiKey,
    });
    expect(landing.origin).toBe('source');
    // The API received them (the echo of a secret is redacted from the result).
    expect(landing.headers['x-api-key']).toBe('[redacted]');
    expect(landing.headers['x-tenant-secret']).toBe('[redacted]');
    expect(landing.headers['x-static-token']).toBe('[redacted]');
  });

  it('refuses to resend a body holding a credential to another origin (307)', async () => {
    const arsenal = createArsenal();
    arsenals.push(arsenal);
    await arsenal.addSource(
      createHttpToolSource({
        name: 'api',
        allowAddresses: ['loopback'],
        auth: {
          type: 'oauth2',
          // The token endpoint answers 307 to another origin: the form holds the client secret.
          tokenUrl: `${sourceUrl}/token/keep-method`,
          clientId: 'arsenal',
          clientSecret: SECRETS.password,
          clientAuth: 'body',
        },
        tools: [{ name: 'hop', description: 'Call with a token.', url: `${sourceUrl}/same/x` }],
      }),
    );
    const result = await arsenal.execute({ tool: 'api.hop', arguments: {} });
    expect(result.error).toMatchObject({ code: 'request_refused' });
    expect(result.error?.message).toContain('with a body that holds a credential');
    expect(JSON.stringify(result)).not.toContain(SECRETS.password);
  });
});
