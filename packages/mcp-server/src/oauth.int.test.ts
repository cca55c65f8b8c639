import type { Arsenal } from '@arsenal/core';
import type { OAuthResourceOptions } from '@arsenal/http';
import {
  encodeJwtSegment as encodeSegment,
  TEST_OAUTH_ISSUER as ISSUER,
  startTestIssuer,
  type TestIssuer,
} from '@arsenal/testkit';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArsenalMcpServer } from './arsenal-mcp-server.js';
import { type RunningHttpServer, startHttpServer } from './http-server.js';
import { connectHttpClient, createFixtureArsenal, firstText } from './test-support/fixture.js';
import { initializeBody, sendRaw } from './test-support/raw-http.js';

const RESOURCE = 'https://mcp.example.test/mcp';
const STATIC_TOKEN = 'local-static-token-0123';

let arsenal: Arsenal;
let issuer: TestIssuer;
let http: RunningHttpServer;
let oauth: OAuthResourceOptions;
const clients: Client[] = [];

beforeAll(async () => {
  arsenal = await createFixtureArsenal();
  issuer = await startTestIssuer(RESOURCE);
  oauth = {
    resource: RESOURCE,
    authorizationServers: [ISSUER],
    jwksUrl: issuer.jwksUrl,
    requiredScopes: ['mcp'],
    scopeCapabilities: { 'billing:charge': ['financial'] },
    resourceName: 'Arsenal test',
  };
  const mcp = createArsenalMcpServer({ arsenal, mode: 'static' });
  http = await startHttpServer(mcp, {
    port: 0,
    oauth,
    credentials: [{ token: STATIC_TOKEN, principal: { id: 'local', namespaces: ['math'] } }],
  });
});

afterAll(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  await http?.close();
  await issuer?.close();
  await arsenal?.close();
});

async function connect(token: string): Promise<Client> {
  const client = await connectHttpClient(http.url, { token });
  clients.push(client);
  return client;
}

async function toolNames(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name).sort();
}

function post(token: string) {
  return sendRaw(http.url, initializeBody(), { authorization: `Bearer ${token}` });
}

/** What a refusal must look like: 401, a challenge naming the metadata, and no reason or echo. */
function expectRefused(
  response: Awaited<ReturnType<typeof sendRaw>>,
  token: string,
  label: string,
): void {
  expect(response.status, label).toBe(401);
  const challenge = String(response.headers['www-authenticate']);
  expect(challenge, label).toContain(
    'resource_metadata="https://mcp.example.test/.well-known/oauth-protected-resource/mcp"',
  );
  expect(challenge, label).toContain('error="invalid_token"');
  const body = response.body.toLowerCase();
  for (const leak of ['expired', 'audience', 'aud', 'issuer', 'signature', 'alg', 'hs256']) {
    expect(body, `${label} leaks "${leak}"`).not.toMatch(new RegExp(`\\b${leak}\\b`));
  }
  expect(response.body, label).not.toContain(token.slice(0, 20));
  expect(response.body, label).not.toContain('add_numbers');
}

describe('OAuth 2.1 protected resource', { timeout: 120_000 }, () => {
  it('serves Protected Resource Metadata (RFC 9728) at the path-suffixed and bare well-known URLs', async () => {
    const origin = new URL(http.url).origin;
    for (const path of [
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
    ]) {
      const response = await sendRaw(`${origin}${path}`, undefined, {}, 'GET');
      expect(response.status, path).toBe(200);
      const metadata = JSON.parse(response.body);
      expect(metadata.resource).toBe(RESOURCE);
      expect(metadata.authorization_servers).toEqual([ISSUER]);
      expect(metadata.bearer_methods_supported).toEqual(['header']);
      expect(metadata.scopes_supported).toEqual(['mcp', 'billing:charge']);
      expect(metadata.resource_signing_alg_values_supported).not.toContain('HS256');
      expect(metadata.resource_name).toBe('Arsenal test');
    }
  });

  it("never lets a token whose sub is a static principal id use that principal's session", async () => {
    const opened = await post(STATIC_TOKEN);
    expect(opened.status).toBe(200);
    const sessionId = String(opened.headers['mcp-session-id']);
    const colliding = await issuer.sign({ sub: 'local', scope: 'mcp' });
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' };
    const stolen = await sendRaw(http.url, list, {
      ...headers,
      authorization: `Bearer ${colliding}`,
    });
    expect(stolen.status).toBe(404);
    expect(stolen.body).not.toContain('add_numbers');
    const own = await sendRaw(http.url, list, {
      ...headers,
      authorization: `Bearer ${STATIC_TOKEN}`,
    });
    expect(own.status).toBe(200);
  });

  it('answers a request without a token 401 with WWW-Authenticate resource_metadata', async () => {
    const response = await sendRaw(http.url, initializeBody());
    expect(response.status).toBe(401);
    const challenge = String(response.headers['www-authenticate']);
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain(
      'resource_metadata="https://mcp.example.test/.well-known/oauth-protected-resource/mcp"',
    );
    expect(challenge).not.toContain('error=');
  });

  it('accepts a valid token: principal from sub, capabilities from scopes', async () => {
    const plain = await connect(await issuer.sign({ sub: 'alice', scope: 'mcp' }));
    expect(await toolNames(plain)).not.toContain('charge_card');
    expect(await toolNames(plain)).toContain('add_numbers');
    const sum = await plain.callTool({ name: 'add_numbers', arguments: { a: 2, b: 3 } });
    expect(firstText(sum)).toContain('5');

    const finance = await connect(
      await issuer.sign({ sub: 'bob', scp: ['mcp', 'billing:charge'] }),
    );
    expect(await toolNames(finance)).toContain('charge_card');
  });

  it('keeps static tokens working beside OAuth', async () => {
    const local = await connect(STATIC_TOKEN);
    expect(await toolNames(local)).toEqual(['add_numbers', 'confirm_tool_call', 'fail_always']);
  });

  it('tolerates a small clock skew on exp and nbf, but no more', async () => {
    expect(
      (await post(await issuer.sign({ sub: 'a', scope: 'mcp' }, { expiresIn: -5 }))).status,
    ).toBe(200);
    expect(
      (await post(await issuer.sign({ sub: 'a', scope: 'mcp' }, { notBefore: 5 }))).status,
    ).toBe(200);
    const early = await issuer.sign({ sub: 'a', scope: 'mcp' }, { notBefore: 600 });
    expectRefused(await post(early), early, 'nbf far in the future');
  });

  it('answers a token without a required scope 403 insufficient_scope', async () => {
    const response = await post(await issuer.sign({ sub: 'carol', scope: 'billing:charge' }));
    expect(response.status).toBe(403);
    expect(String(response.headers['www-authenticate'])).toContain('error="insufficient_scope"');
    expect(String(response.headers['www-authenticate'])).toContain('scope="mcp"');
  });

  it('refuses expired, wrong-audience, wrong-issuer, wrong-key, sub-less and garbage tokens with 401', async () => {
    const other = await generateKeyPair('RS256');
    const cases: Record<string, string> = {
      expired: await issuer.sign({ sub: 'a', scope: 'mcp' }, { expiresIn: -3600 }),
      'wrong audience': await issuer.sign(
        { sub: 'a', scope: 'mcp' },
        { audience: 'https://other.example.test/mcp' },
      ),
      'wrong issuer': await issuer.sign(
        { sub: 'a', scope: 'mcp' },
        { issuer: 'https://evil.example.test' },
      ),
      'wrong key, same kid': await issuer.sign(
        { sub: 'a', scope: 'mcp' },
        { key: other.privateKey },
      ),
      'no sub': await issuer.sign({ scope: 'mcp' }),
      garbage: 'not.a.jwt',
      'static-looking unknown token': 'unknown-static-token-0123',
    };
    for (const [label, token] of Object.entries(cases))
      expectRefused(await post(token), token, label);
  });

  it('refuses alg none, a tampered payload and HS256 signed with the public key (algorithm confusion)', async () => {
    const valid = await issuer.sign({ sub: 'mallory', scope: 'mcp' });
    const [header, payload, signature] = valid.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
    const elevated = { ...claims, sub: 'admin', scope: 'mcp billing:charge' };

    const none = `${encodeSegment({ alg: 'none', typ: 'JWT' })}.${encodeSegment(elevated)}.`;
    const noneWithKid = `${encodeSegment({ alg: 'none', kid: issuer.kid })}.${encodeSegment(elevated)}.`;
    const tampered = `${header}.${encodeSegment(elevated)}.${signature}`;
    const secret = new TextEncoder().encode(issuer.publicPem);
    const confused = await new SignJWT(elevated)
      .setProtectedHeader({ alg: 'HS256', kid: issuer.kid })
      .sign(secret);
    const cases = { none, noneWithKid, tampered, confused };
    for (const [label, token] of Object.entries(cases))
      expectRefused(await post(token), token, label);
  });

  it('does not accept an OAuth token from X-API-Key (header bearer only)', async () => {
    const token = await issuer.sign({ sub: 'a', scope: 'mcp' });
    const response = await sendRaw(http.url, initializeBody(), { 'x-api-key': token });
    expect(response.status).toBe(401);
  });
});
