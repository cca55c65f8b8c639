import type { Arsenal } from '@arsenal/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArsenalMcpServer } from './arsenal-mcp-server.js';
import { type RunningHttpServer, startHttpServer } from './http-server.js';
import type { HttpRoute } from './http-server-options.js';
import { createFixtureArsenal } from './test-support/fixture.js';

const TOKEN = 'public-route-token-0123';

function echoRoute(path: string, isPublic: boolean): HttpRoute {
  return {
    path,
    ...(isPublic ? { public: true } : {}),
    async handle(_request, response, principal) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ principal: principal?.id ?? null }));
    },
  };
}

let arsenal: Arsenal;
let http: RunningHttpServer;

beforeEach(async () => {
  arsenal = await createFixtureArsenal();
  http = await startHttpServer(createArsenalMcpServer({ arsenal, mode: 'static' }), {
    port: 0,
    credentials: [{ token: TOKEN, principal: { id: 'reader' } }],
    routes: [echoRoute('/app', true), echoRoute('/data', false)],
  });
});

afterEach(async () => {
  await http.close();
  await arsenal.close();
});

describe('public routes', () => {
  it('serve without a credential, while other routes still demand one', async () => {
    const origin = new URL(http.url).origin;
    const open = await fetch(`${origin}/app/index.html`);
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual({ principal: null });
    expect((await fetch(`${origin}/data`)).status).toBe(401);
    const authed = await fetch(`${origin}/data`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(await authed.json()).toEqual({ principal: 'reader' });
  });

  it('still refuse foreign hosts', async () => {
    const origin = new URL(http.url).origin;
    const response = await fetch(`${origin}/app/`, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
  });
});
