// biome-ignore-all lint/suspicious/noTemplateCurlyInString: UTCP manuals write their variables as ${NAME}.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Arsenal, createArsenal, defineTool, type Principal } from '@arsenal/core';
import { UtcpClient } from '@utcp/sdk';
import '@utcp/http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUtcpRoute } from './serve-manual.js';
import { createUtcpManualSource } from './utcp-manual-source.js';

const principals: Record<string, Principal> = {
  'guest-token': { id: 'guest', capabilities: ['read_data'] },
  'admin-token': { id: 'admin', capabilities: ['read_data', 'financial'] },
};

let arsenal: Arsenal;
let server: Server;
let base: string;
const calls = { echo: 0, wire: 0 };

beforeEach(async () => {
  calls.echo = 0;
  calls.wire = 0;
  arsenal = createArsenal();
  await arsenal.register([
    defineTool({
      name: 'echo_text',
      namespace: 'util',
      description: 'Echo a text back, upper-cased.',
      input: {
        type: 'object',
        properties: { text: { type: 'string' } },
        required: ['text'],
      } as const,
      capabilities: ['read_data'],
      handler: ({ text }) => {
        calls.echo += 1;
        return { echoed: text.toUpperCase() };
      },
    }),
    defineTool({
      name: 'wire_money',
      namespace: 'bank',
      description: 'Send money to an account.',
      input: {
        type: 'object',
        properties: { amount: { type: 'number' } },
        required: ['amount'],
      } as const,
      capabilities: ['financial'],
      handler: () => {
        calls.wire += 1;
        return 'sent';
      },
    }),
  ]);
  const route = createUtcpRoute(arsenal, { baseUrl: () => base });
  server = createServer((request, response) => {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const principal = principals[token];
    if (!principal) {
      response.writeHead(401).end();
      return;
    }
    if (!(request.url ?? '').startsWith(route.path)) {
      response.writeHead(404).end();
      return;
    }
    void route.handle(request, response, principal);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await arsenal.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const get = (path: string, token: string) =>
  fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
const post = (path: string, token: string, body: string, type = 'application/json') =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body,
  });

describe('Arsenal served as a UTCP manual', () => {
  it('lists only what the caller may see, each tool calling back into Arsenal', async () => {
    const guest = (await (await get('/utcp', 'guest-token')).json()) as {
      utcp_version: string;
      tools: { name: string; tool_call_template: { url: string } }[];
    };
    expect(guest.utcp_version).toMatch(/^1\./);
    expect(guest.tools.map((t) => t.name)).toEqual(['util.echo_text']);
    expect(guest.tools[0]?.tool_call_template.url).toBe(`${base}/utcp/call/util.echo_text`);
    const admin = (await (await get('/utcp', 'admin-token')).json()) as {
      tools: { name: string }[];
    };
    expect(admin.tools.map((t) => t.name).sort()).toEqual(['bank.wire_money', 'util.echo_text']);
  });

  it('answers hostile calls with a status and a reason, and runs nothing', async () => {
    expect((await post('/utcp/call/bank.wire_money', 'guest-token', '{"amount":5}')).status).toBe(
      404,
    );
    expect((await post('/utcp/call/util.echo_text', 'guest-token', '{not json')).status).toBe(400);
    expect((await post('/utcp/call/util.echo_text', 'guest-token', '[1]')).status).toBe(400);
    expect(
      (await post('/utcp/call/util.echo_text', 'guest-token', 'text=1', 'text/plain')).status,
    ).toBe(415);
    expect(
      (
        await post(
          '/utcp/call/util.echo_text',
          'guest-token',
          JSON.stringify({ text: 'x'.repeat(1_100_000) }),
        )
      ).status,
    ).toBe(413);
    expect((await post('/utcp/call/%E0%A4%A', 'guest-token', '{}')).status).toBe(400);
    expect((await post('/utcp/call/..%2F..%2Fetc%2Fpasswd', 'guest-token', '{}')).status).toBe(404);
    expect((await get('/utcp/call/util.echo_text', 'guest-token')).status).toBe(405);
    const invalid = await post('/utcp/call/util.echo_text', 'guest-token', '{"text": 5}');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      error: { code: expect.any(String), message: expect.stringContaining('text') },
    });
    expect(calls).toEqual({ echo: 0, wire: 0 });
  });

  it('is discovered and called by the official UTCP client (@utcp/sdk with @utcp/http)', async () => {
    const client = await UtcpClient.create(process.cwd(), {
      variables: { arsenal_TOKEN: 'Bearer admin-token' },
    } as never);
    try {
      const registered = await client.registerManual({
        name: 'arsenal',
        call_template_type: 'http',
        http_method: 'GET',
        url: `${base}/utcp`,
        content_type: 'application/json',
        auth: {
          auth_type: 'api_key',
          api_key: '${TOKEN}',
          var_name: 'Authorization',
          location: 'header',
        },
      } as never);
      expect(registered.success).toBe(true);
      const names = (await client.getTools()).map((t) => t.name).sort();
      expect(names).toEqual(['arsenal.bank.wire_money', 'arsenal.util.echo_text']);
      // The served templates take Authorization from the same variable (`arsenal_TOKEN`).
      const result = await client.callTool('arsenal.util.echo_text', { arguments: { text: 'hi' } });
      expect(result).toEqual({ echoed: 'HI' });
      expect(calls.echo).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('loads a manual Arsenal serves, so two Arsenals chain over UTCP', async () => {
    const downstream = createArsenal();
    try {
      await downstream.addSource(
        createUtcpManualSource({
          name: 'upstream',
          manual: await (await get('/utcp', 'guest-token')).json(),
          variables: { TOKEN: 'Bearer guest-token' },
          http: { allowAddresses: ['loopback'] },
        }),
      );
      expect(downstream.registry.list().map((t) => t.name)).toEqual(['util_echo_text']);
      const result = await downstream.execute({
        tool: 'upstream.util_echo_text',
        arguments: { arguments: { text: 'chain' } },
      });
      expect(result).toMatchObject({ status: 'success', result: { echoed: 'CHAIN' } });
    } finally {
      await downstream.close();
    }
  });
});
