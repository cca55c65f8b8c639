// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are config text with ${VAR} references.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeTemporaryDirectory } from '@arsenal/testkit';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedHttpServer, spawnHttpServer } from './test-support/spawn-server.js';

const OPS_TOKEN = 'ops-token-0123456789abcdef';
const NOTES_TOKEN = 'notes-token-0123456789abcdef';

async function connect(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

describe('arsenal-mcp over Streamable HTTP with a config', () => {
  let server: SpawnedHttpServer;
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'arsenal-http-'));
    const config = [
      'serve:',
      '  mode: static',
      '  auth:',
      '    tokens:',
      '      - token: ${OPS_TOKEN}',
      '        principal: { id: ops, namespaces: [ops, notes] }',
      '      - token: ${NOTES_TOKEN}',
      '        principal: { id: notes-only, namespaces: [notes] }',
      'tools:',
      '  catalogs:',
      '    - { path: ops.yaml, namespace: ops }',
      '    - { path: notes.yaml, namespace: notes }',
    ].join('\n');
    // Catalog tools: found and listed, never run here (the test is about who sees what).
    await writeFile(
      join(dir, 'ops.yaml'),
      [
        '- name: restart_service',
        '  description: Restart a service in the cluster by name.',
        '  parameters: { type: object, properties: { service: { type: string } } }',
      ].join('\n'),
    );
    await writeFile(
      join(dir, 'notes.yaml'),
      [
        '- name: save_note',
        '  description: Save a short text note to the notebook.',
        '  parameters: { type: object, properties: { text: { type: string } } }',
      ].join('\n'),
    );
    await writeFile(join(dir, 'arsenal.yaml'), config);
    await writeFile(join(dir, '.env'), `OPS_TOKEN=${OPS_TOKEN}\nNOTES_TOKEN=${NOTES_TOKEN}\n`);
    server = await spawnHttpServer(['--config', join(dir, 'arsenal.yaml')]);
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) removeTemporaryDirectory(dir);
  });

  it('refuses unauthenticated requests with 401', async () => {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(response.status).toBe(401);
  });

  it('shows each principal only its namespaces', async () => {
    const ops = await connect(server.url, OPS_TOKEN);
    const notes = await connect(server.url, NOTES_TOKEN);
    try {
      expect((await ops.listTools()).tools.map((tool) => tool.name).sort()).toEqual([
        'confirm_tool_call',
        'restart_service',
        'save_note',
      ]);
      expect((await notes.listTools()).tools.map((tool) => tool.name).sort()).toEqual([
        'confirm_tool_call',
        'save_note',
      ]);
    } finally {
      await ops.close();
      await notes.close();
    }
    expect(server.stderr()).not.toContain(OPS_TOKEN);
  });

  it('survives garbage', async () => {
    for (const body of ['', '{', 'null', '[]', '{"jsonrpc":"2.0"}', '\u0000\u0001']) {
      const response = await fetch(server.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${OPS_TOKEN}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body,
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const ops = await connect(server.url, OPS_TOKEN);
    expect((await ops.listTools()).tools.length).toBe(3);
    await ops.close();
  });
});

describe('arsenal-mcp over HTTP with the reference servers', () => {
  let server: SpawnedHttpServer;
  beforeAll(async () => {
    server = await spawnHttpServer(['--mode', 'dynamic']);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('executes reference-server tools through execute_tool', async () => {
    const client = new Client({ name: 'http-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    try {
      const echo = await client.callTool({
        name: 'execute_tool',
        arguments: { tool_name: 'everything.echo', arguments: { message: 'hello arsenal' } },
      });
      expect(JSON.stringify(echo.content)).toContain('hello arsenal');
    } finally {
      await client.close();
    }
  });
});
