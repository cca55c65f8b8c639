import { createArsenal, defineTool } from '@arsenal/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createArsenalMcpServer } from './arsenal-mcp-server.js';
import { type HttpServerOptions, type RunningHttpServer, startHttpServer } from './http-server.js';
import { connectHttpClient, firstText } from './test-support/fixture.js';

let http: RunningHttpServer | undefined;
const clients: Client[] = [];
let release: () => void = () => {};

afterEach(async () => {
  release();
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  await http?.close();
  http = undefined;
});

/** A server with one tool that waits until the test releases it. */
async function start(options: HttpServerOptions = {}): Promise<RunningHttpServer> {
  const arsenal = createArsenal();
  await arsenal.register([
    defineTool({
      name: 'slow_report',
      description: 'Build a report; takes as long as the test wants.',
      input: { type: 'object', properties: {} },
      handler: () =>
        new Promise<string>((resolve) => {
          release = () => resolve('report done');
        }),
    }),
  ]);
  const mcp = createArsenalMcpServer({ arsenal, mode: 'static' });
  http = await startHttpServer(mcp, { port: 0, ...options });
  return http;
}

async function get(path: string, server: RunningHttpServer, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, server.url), { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('HTTP lifecycle: /healthz, /readyz and drain', () => {
  it('answers probes without authentication, and readiness from the option', async () => {
    let ready = false;
    const server = await start({
      credentials: [{ token: 'secret-token-0123456789', principal: { id: 'a' } }],
      readiness: () => ({
        ready,
        status: ready ? 'ready' : 'starting',
        details: { upstreams: {} },
      }),
    });
    expect(await get('/healthz', server)).toEqual({ status: 200, body: { status: 'alive' } });
    // A stranger reads the status word; the details (upstream names) need a credential.
    expect(await get('/readyz', server)).toEqual({ status: 503, body: { status: 'starting' } });
    expect(
      await get('/readyz', server, { authorization: 'Bearer secret-token-0123456789' }),
    ).toEqual({ status: 503, body: { status: 'starting', upstreams: {} } });
    ready = true;
    expect((await get('/readyz', server)).status).toBe(200);
    const post = await fetch(new URL('/readyz', server.url), { method: 'POST' });
    expect(post.status).toBe(405);
    // The MCP endpoint itself still wants a token.
    expect((await fetch(server.url, { method: 'POST', body: '{}' })).status).toBe(401);
  });

  it('drains: readyz 503, new requests refused, the running call completes', async () => {
    const server = await start();
    const client = await connectHttpClient(server.url);
    clients.push(client);
    const call = client.callTool({ name: 'slow_report', arguments: {} });
    await until(() => server.inFlight === 1);

    const drained = server.drain(120_000);
    const readyz = await get('/readyz', server);
    expect(readyz.status).toBe(503);
    expect(readyz.body).toMatchObject({ status: 'draining', inFlight: 1 });
    expect((await get('/healthz', server)).status).toBe(200);
    const refused = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');

    release();
    expect(firstText(await call)).toContain('report done');
    expect(await drained).toEqual({ drained: true, inFlight: 0 });
  });

  it('gives up draining after the timeout and says how many calls are still running', async () => {
    const server = await start();
    const client = await connectHttpClient(server.url);
    clients.push(client);
    const call = client.callTool({ name: 'slow_report', arguments: {} }).catch(() => undefined);
    await until(() => server.inFlight === 1);
    expect(await server.drain(50)).toEqual({ drained: false, inFlight: 1 });
    release();
    await call;
  });
});
