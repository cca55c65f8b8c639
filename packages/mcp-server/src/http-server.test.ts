import { request as httpRequest } from 'node:http';
import type { Arsenal } from '@arsenal/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArsenalMcpServer } from './arsenal-mcp-server.js';
import { type HttpServerOptions, type RunningHttpServer, startHttpServer } from './http-server.js';
import {
  confirmationOf,
  connectHttpClient,
  createFixtureArsenal,
  firstText,
} from './test-support/fixture.js';

const ALICE = 'alice-token-0123456789';
const FINANCE = 'finance-token-0123456789';

let arsenal: Arsenal;
let http: RunningHttpServer;
const clients: Client[] = [];

async function start(options: HttpServerOptions = {}, mode: 'static' | 'dynamic' = 'static') {
  const mcp = createArsenalMcpServer({ arsenal, mode });
  http = await startHttpServer(mcp, { port: 0, ...options });
}

async function connect(token?: string): Promise<Client> {
  const client = await connectHttpClient(http.url, token ? { token } : {});
  clients.push(client);
  return client;
}

/** A raw HTTP exchange, for what SDK clients never send. */
function send(
  body: string | Buffer | undefined,
  headers: Record<string, string> = {},
  method = 'POST',
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      http.url,
      {
        method,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: response.headers,
          }),
        );
      },
    );
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1.0.0' },
  },
});

beforeEach(async () => {
  arsenal = await createFixtureArsenal();
});

afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  await http.close();
  await arsenal.close();
});

describe('authentication', () => {
  const credentials = [
    { token: ALICE, principal: { id: 'alice', namespaces: ['math', 'notes'] } },
    {
      token: FINANCE,
      principal: { id: 'finance', namespaces: ['billing'], capabilities: ['financial'] },
    },
  ];

  it('refuses requests without a valid token with 401', async () => {
    await start({ credentials });
    const missing = await send(initialize);
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toContain('Bearer');
    expect(JSON.parse(missing.body).error.message).toContain('Unauthorized');
    const wrong = await send(initialize, { authorization: 'Bearer not-a-token' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toContain(ALICE);
    await expect(connect('not-a-token')).rejects.toThrow();
  });

  it('accepts X-API-Key as well as a bearer token', async () => {
    await start({ credentials });
    const response = await send(initialize, { 'x-api-key': ALICE });
    expect(response.status).toBe(200);
  });

  it('lists and finds only the tools each principal may use', async () => {
    await start({ credentials });
    const alice = await connect(ALICE);
    const finance = await connect(FINANCE);
    const aliceTools = (await alice.listTools()).tools.map((tool) => tool.name);
    expect(aliceTools).toContain('add_numbers');
    expect(aliceTools).not.toContain('charge_card');
    const financeTools = (await finance.listTools()).tools.map((tool) => tool.name);
    expect(financeTools).toEqual(['charge_card', 'confirm_tool_call']);
    const refused = await alice
      .callTool({ name: 'charge_card', arguments: { amount: 5 } })
      .catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    const charged = await finance.callTool({ name: 'charge_card', arguments: { amount: 5 } });
    expect(charged.structuredContent).toEqual({ charged: 5 });
  });

  it('filters find_relevant_tools and execute_tool per principal in dynamic mode', async () => {
    await start({ credentials }, 'dynamic');
    const alice = await connect(ALICE);
    const found = await alice.callTool({
      name: 'find_relevant_tools',
      arguments: { query: 'charge a credit card money', limit: 10 },
    });
    const names = (found.structuredContent as { tools: { name: string }[] }).tools.map(
      (tool) => tool.name,
    );
    expect(names).not.toContain('charge_card');
    const executed = await alice.callTool({
      name: 'execute_tool',
      arguments: { tool_name: 'charge_card', arguments: { amount: 1 } },
    });
    expect(executed.isError).toBe(true);
    expect(firstText(executed)).toMatch(/^tool_not_found/);
  });

  it("does not let one principal use another's session or confirmation", async () => {
    await start({ credentials });
    const alice = await connect(ALICE);
    const pending = await alice.callTool({ name: 'delete_note', arguments: { id: 'x' } });
    const { confirmationId } = confirmationOf(pending);
    const sessionId = (alice.transport as { sessionId?: string }).sessionId ?? '';
    const hijack = await send(
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
      { authorization: `Bearer ${FINANCE}`, 'mcp-session-id': sessionId },
    );
    expect(hijack.status).toBe(404);
    const finance = await connect(FINANCE);
    const stolen = await finance.callTool({
      name: 'confirm_tool_call',
      arguments: { confirmation_id: confirmationId },
    });
    expect(stolen.isError).toBe(true);
    const own = await alice.callTool({
      name: 'confirm_tool_call',
      arguments: { confirmation_id: confirmationId },
    });
    expect(firstText(own)).toBe('deleted x');
  });
});

describe('hostile and malformed input', () => {
  it('answers garbage with JSON-RPC errors and keeps serving', async () => {
    await start();
    const notJson = await send('{"jsonrpc": "2.0", "id": 1, "method":');
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body).error.code).toBe(-32700);
    const binary = await send(Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80]));
    expect(binary.status).toBe(400);
    const notRpc = await send(JSON.stringify({ hello: 'world' }));
    expect(notRpc.status).toBe(400);
    const noSession = await send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }));
    expect(noSession.status).toBe(400);
    const unknownSession = await send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }), {
      'mcp-session-id': 'no-such-session',
    });
    expect(unknownSession.status).toBe(404);
    const emptyBody = await send('');
    expect(emptyBody.status).toBe(400);
    const wrongPath = await send(initialize, {}, 'POST').then(() =>
      fetch(new URL('/elsewhere', http.url), { method: 'POST', body: initialize }),
    );
    expect(wrongPath.status).toBe(404);

    // A real session inside which garbage arrives.
    const client = await connect();
    const sessionId = (client.transport as { sessionId?: string }).sessionId ?? '';
    const inSession = await send(JSON.stringify([1, 2, 3]), {
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-06-18',
    });
    expect(inSession.status).toBeGreaterThanOrEqual(400);
    const badParams = await client
      .request(
        { method: 'tools/call', params: { name: 42 } } as never,
        (await import('@modelcontextprotocol/sdk/types.js')).CallToolResultSchema,
      )
      .catch((error: Error) => error);
    expect(badParams).toBeInstanceOf(Error);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('refuses bodies over the size limit with 413', async () => {
    await start({ maxBodyBytes: 2048 });
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'save_note', arguments: { text: 'x'.repeat(10_000) } },
    });
    const response = await send(big);
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body).error.message).toContain('2048 bytes');
    const client = await connect();
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('refuses a non-localhost Host header (DNS rebinding)', async () => {
    await start();
    const response = await send(initialize, { host: 'evil.example.com' });
    expect(response.status).toBe(403);
    const origin = await send(initialize, { origin: 'https://evil.example.com' });
    expect(origin.status).toBe(403);
    const local = await send(initialize, { origin: 'http://localhost:6274' });
    expect(local.status).toBe(200);
  });
});

describe('stateless sessions', () => {
  it('serves every POST on its own and refuses GET with 405', async () => {
    await start({ sessions: 'stateless' });
    const client = await connect();
    const result = await client.callTool({ name: 'add_numbers', arguments: { a: 1, b: 2 } });
    expect(result.structuredContent).toEqual({ sum: 3 });
    expect(http.sessionCount).toBe(0);
    const get = await send(undefined, {}, 'GET');
    expect(get.status).toBe(405);
  });

  it('falls back to a pending confirmation, which a later request can confirm', async () => {
    await start({ sessions: 'stateless' });
    const client = await connect();
    const pending = await client.callTool({ name: 'delete_note', arguments: { id: 's1' } });
    const { confirmationId } = confirmationOf(pending);
    const done = await client.callTool({
      name: 'confirm_tool_call',
      arguments: { confirmation_id: confirmationId },
    });
    expect(firstText(done)).toBe('deleted s1');
  });
});

describe('stateful sessions', () => {
  it('opens a session per client and closes it on DELETE', async () => {
    await start();
    const client = await connect();
    expect(http.sessionCount).toBe(1);
    await (client.transport as unknown as { terminateSession(): Promise<void> }).terminateSession();
    expect(http.sessionCount).toBe(0);
  });
});
