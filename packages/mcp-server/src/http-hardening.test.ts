import type { Arsenal } from '@arsenal/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArsenalMcpServer } from './arsenal-mcp-server.js';
import { type HttpServerOptions, type RunningHttpServer, startHttpServer } from './http-server.js';
import { connectHttpClient, createFixtureArsenal } from './test-support/fixture.js';
import { initializeBody, sendAndStall, sendRaw } from './test-support/raw-http.js';

const LOW = 'low-privilege-token-0123';
const OTHER = 'other-principal-token-0123';
const credentials = [
  { token: LOW, principal: { id: 'low', namespaces: ['math'] } },
  { token: OTHER, principal: { id: 'other', namespaces: ['math', 'notes'] } },
];

let arsenal: Arsenal;
let http: RunningHttpServer;
const clients: Client[] = [];

async function start(options: HttpServerOptions = {}) {
  const mcp = createArsenalMcpServer({ arsenal, mode: 'static' });
  http = await startHttpServer(mcp, { port: 0, ...options });
}

function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

beforeEach(async () => {
  arsenal = await createFixtureArsenal();
});

afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  await http.close();
  await arsenal.close();
});

describe('DNS rebinding', () => {
  it('refuses hosts that only start with 127. (Host and Origin 127.0.0.1.evil.example)', async () => {
    await start();
    const evil = '127.0.0.1.evil.example';
    const byHost = await sendRaw(http.url, initializeBody(), { host: `${evil}:${http.port}` });
    expect(byHost.status).toBe(403);
    expect(JSON.parse(byHost.body).error.message).toContain('not a loopback host');
    const byBoth = await sendRaw(http.url, initializeBody(), {
      host: `${evil}:${http.port}`,
      origin: `http://${evil}:${http.port}`,
    });
    expect(byBoth.status).toBe(403);
    const byOrigin = await sendRaw(http.url, initializeBody(), {
      origin: `http://${evil}:${http.port}`,
    });
    expect(byOrigin.status).toBe(403);
    for (const host of ['127.evil.example', '127.0.0.1.nip.io', '127.0.0.256', 'localhost.evil']) {
      const response = await sendRaw(http.url, initializeBody(), { host });
      expect(response.status, host).toBe(403);
    }
  });

  it('accepts real loopback hosts: 127.0.0.0/8 literals, [::1] and localhost', async () => {
    await start();
    for (const host of ['127.0.0.1', '127.1.2.3', '[::1]', 'localhost', 'LOCALHOST']) {
      const response = await sendRaw(http.url, initializeBody(), {
        host: `${host}:${http.port}`,
        origin: `http://${host}:${http.port}`,
      });
      expect(response.status, host).toBe(200);
    }
  });

  it('accepts hosts and origins the config allows explicitly', async () => {
    await start({ allowedHosts: ['mcp.internal'], allowedOrigins: ['https://app.example.com'] });
    const host = await sendRaw(http.url, initializeBody(), { host: `mcp.internal:${http.port}` });
    expect(host.status).toBe(200);
    const origin = await sendRaw(http.url, initializeBody(), { origin: 'https://app.example.com' });
    expect(origin.status).toBe(200);
    const other = await sendRaw(http.url, initializeBody(), { origin: 'https://evil.example.com' });
    expect(other.status).toBe(403);
  });
});

describe('session exhaustion', () => {
  it('keeps one principal opening many sessions from starving another', async () => {
    await start({ credentials, maxSessions: 6, maxSessionsPerPrincipal: 4 });
    const statuses: number[] = [];
    for (let index = 0; index < 10; index += 1) {
      statuses.push((await sendRaw(http.url, initializeBody(index), bearer(LOW))).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.slice(4).every((status) => status === 429)).toBe(true);
    // The other principal still gets sessions, up to its own quota, and can work in them.
    const other = await connectHttpClient(http.url, { token: OTHER });
    clients.push(other);
    expect((await other.listTools()).tools.map((tool) => tool.name)).toContain('add_numbers');
    const more = await sendRaw(http.url, initializeBody(), bearer(OTHER));
    expect(more.status).toBe(200);
    expect(http.sessionCount).toBe(6);
    // The table is full: a newcomer takes a session from whoever holds the most.
    const third = await sendRaw(http.url, initializeBody(), bearer(OTHER));
    expect(third.status).toBe(200);
    expect(http.sessionCount).toBe(6);
  });

  it('gives every anonymous client its own session quota, not one shared pool', async () => {
    await start({ maxSessionsPerPrincipal: 2 });
    const open = (from: string) =>
      sendRaw(http.url, initializeBody(), { host: `127.0.0.1:${http.port}` }, 'POST', from);
    expect((await open('127.0.0.1')).status).toBe(200);
    expect((await open('127.0.0.1')).status).toBe(200);
    expect((await open('127.0.0.1')).status).toBe(429);
    // Another client on this machine is not held back by the first one's sessions.
    expect((await open('127.0.0.2')).status).toBe(200);
    expect(http.sessionCount).toBe(3);
  });

  it('frees a session and its quota on DELETE', async () => {
    await start({ credentials, maxSessionsPerPrincipal: 2 });
    const ids: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      const opened = await sendRaw(http.url, initializeBody(index), bearer(LOW));
      ids.push(String(opened.headers['mcp-session-id']));
    }
    expect((await sendRaw(http.url, initializeBody(), bearer(LOW))).status).toBe(429);
    // Another principal cannot end LOW's session.
    const stranger = await sendRaw(
      http.url,
      undefined,
      {
        ...bearer(OTHER),
        'mcp-session-id': ids[0] ?? '',
      },
      'DELETE',
    );
    expect(stranger.status).toBe(404);
    expect(http.sessionCount).toBe(2);
    const deleted = await sendRaw(
      http.url,
      undefined,
      {
        ...bearer(LOW),
        'mcp-session-id': ids[0] ?? '',
        'mcp-protocol-version': '2025-06-18',
      },
      'DELETE',
    );
    expect(deleted.status).toBe(200);
    expect(http.sessionCount).toBe(1);
    const gone = await sendRaw(
      http.url,
      JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' }),
      { ...bearer(LOW), 'mcp-session-id': ids[0] ?? '' },
    );
    expect(gone.status).toBe(404);
    expect((await sendRaw(http.url, initializeBody(), bearer(LOW))).status).toBe(200);
  });
});

describe('slow and half-sent requests', () => {
  it('answers a half-sent body with 408, closes it, and keeps serving', async () => {
    await start({ bodyTimeoutMs: 200 });
    const body = initializeBody();
    const half = body.slice(0, 20);
    const received = await sendAndStall(
      http.url,
      `POST /mcp HTTP/1.1\r\nhost: 127.0.0.1:${http.port}\r\ncontent-type: application/json\r\n` +
        `accept: application/json, text/event-stream\r\ncontent-length: ${body.length}\r\n\r\n${half}`,
    );
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(received).toContain('did not arrive within 200 ms');
    const client = await connectHttpClient(http.url);
    clients.push(client);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('closes a connection whose headers never finish, and keeps serving', async () => {
    await start({ headersTimeoutMs: 200 });
    const received = await sendAndStall(
      http.url,
      `POST /mcp HTTP/1.1\r\nhost: 127.0.0.1:${http.port}\r\nx-slow: `,
    );
    expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    const client = await connectHttpClient(http.url);
    clients.push(client);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });
});

describe('oversized request lines', () => {
  it('answers a URL past the header limit with 431 and why, and keeps serving', async () => {
    await start();
    const path = `/api/tools/search?q=${'word%20'.repeat(4000)}`;
    const received = await sendAndStall(
      http.url,
      `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1:${http.port}\r\n\r\n`,
    );
    expect(received).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large/);
    expect(received).toContain('send long input in a POST body');
    const client = await connectHttpClient(http.url);
    clients.push(client);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });
});

describe('invalid JSON-RPC', () => {
  it('answers JSON that is not JSON-RPC with -32600, not -32700', async () => {
    await start();
    for (const body of [
      { hello: 'world' },
      [1, 2, 3],
      [],
      { jsonrpc: '1.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 1, method: 42 },
      { jsonrpc: '2.0', id: { nested: true }, method: 'ping' },
    ]) {
      const response = await sendRaw(http.url, JSON.stringify(body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.parse(response.body).error.code, JSON.stringify(body)).toBe(-32600);
    }
    const notJson = await sendRaw(http.url, '{"jsonrpc": "2.0", "id": 1, "method":');
    expect(JSON.parse(notJson.body).error.code).toBe(-32700);
  });
});
