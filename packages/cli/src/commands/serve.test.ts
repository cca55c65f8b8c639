import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConfiguredArsenal } from '@arsenal/config';
import { createArsenal, createSecurityPolicy, defineTool } from '@arsenal/core';
import { temporaryDirectory } from '@arsenal/testkit';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from '../args.js';
import { runCli } from '../cli.js';
import { createMemoryWriter } from '../io.js';
import { parseListenAddress, readinessOf, serveSpec, startServe, toServeArgs } from './serve.js';

describe('arsenal serve', () => {
  it('parses --http addresses and refuses bad ones', () => {
    expect(parseListenAddress(':3333')).toEqual({ port: 3333 });
    expect(parseListenAddress('0.0.0.0:8080')).toEqual({ host: '0.0.0.0', port: 8080 });
    expect(parseListenAddress('[::1]:9000')).toEqual({ host: '::1', port: 9000 });
    expect(() => parseListenAddress('localhost')).toThrow(/--http must be \[host\]:port/);
    expect(() => parseListenAddress(':70000')).toThrow(/--http/);
  });

  it('refuses an unknown mode with a hint', async () => {
    const stderr = createMemoryWriter();
    const code = await runCli(['serve', '--mode', 'turbo'], {
      stdout: createMemoryWriter(),
      stderr,
    });
    expect(code).toBe(2);
    expect(stderr.text).toContain('--mode must be one of static, dynamic, hybrid');
  });

  it('reports a config error with its line and exits 2', async () => {
    const dir = temporaryDirectory('arsenal-serve-test-');
    await writeFile(join(dir, 'arsenal.yaml'), 'serve:\n  mode: static\n  prot: 1\n');
    const stderr = createMemoryWriter();
    const code = await runCli(['serve', '--config', join(dir, 'arsenal.yaml')], {
      stdout: createMemoryWriter(),
      stderr,
    });
    expect(code).toBe(2);
    expect(stderr.text).toContain(
      'arsenal.yaml:3: serve.prot: unknown key "prot"; did you mean "port"?',
    );
    expect(stderr.text).not.toContain('report');
  });

  it('serves a config over HTTP', async () => {
    const dir = temporaryDirectory('arsenal-serve-test-');
    await writeFile(
      join(dir, 'forecast.yaml'),
      [
        '- name: get_forecast',
        '  description: Weather forecast for a city for the next days.',
        '  parameters: { type: object, properties: { city: { type: string } } }',
      ].join('\n'),
    );
    await writeFile(
      join(dir, 'arsenal.yaml'),
      ['serve: { mode: static }', 'tools:', '  catalogs: [forecast.yaml]'].join('\n'),
    );
    const stderr = createMemoryWriter();
    const args = toServeArgs(
      parseCommandArgs(serveSpec, ['--config', join(dir, 'arsenal.yaml'), '--http', '127.0.0.1:0']),
    );
    const running = await startServe(args, { stdout: createMemoryWriter(), stderr });
    const client = new Client({ name: 'serve-test', version: '1.0.0' });
    try {
      expect(stderr.text).toContain('serving 1 tools in static mode at http://127.0.0.1:');
      await client.connect(new StreamableHTTPClientTransport(new URL(running.url ?? '')));
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(['get_forecast', 'confirm_tool_call']);
      // A catalog tool has no executor behind it: the failure is an isError result.
      const result = await client.callTool({ name: 'get_forecast', arguments: { city: 'Oslo' } });
      expect(result.isError).toBe(true);
    } finally {
      await client.close();
      await running.close();
    }
    await running.closed;
  });

  it('serves the config as an A2A agent with --a2a, with the configured tokens', async () => {
    const dir = temporaryDirectory('arsenal-serve-a2a-');
    await writeFile(
      join(dir, 'arsenal.yaml'),
      [
        'serve:',
        '  auth:',
        '    tokens:',
        '      - token: a2a-token-0123456789abcdef',
        '        principal: { id: tester }',
        'tools:',
        '  catalogs: [forecast.yaml]',
      ].join('\n'),
    );
    await writeFile(
      join(dir, 'forecast.yaml'),
      [
        '- name: get_forecast',
        '  description: Weather forecast for a city for the next days.',
        '  parameters: { type: object, properties: { city: { type: string } } }',
      ].join('\n'),
    );
    expect(() => toServeArgs(parseCommandArgs(serveSpec, ['--a2a', 'nope']))).toThrow(
      /--a2a must be/,
    );
    const stderr = createMemoryWriter();
    const args = toServeArgs(
      parseCommandArgs(serveSpec, ['--config', join(dir, 'arsenal.yaml'), '--a2a', '127.0.0.1:0']),
    );
    const running = await startServe(args, { stdout: createMemoryWriter(), stderr });
    try {
      expect(stderr.text).toContain('serving 1 tools as an A2A agent at http://127.0.0.1:');
      const card = (await (await fetch(`${running.url}/.well-known/agent-card.json`)).json()) as {
        skills: { id: string }[];
        securitySchemes: Record<string, unknown>;
      };
      expect(card.skills.map((skill) => skill.id)).toContain('tool_execution');
      expect(Object.keys(card.securitySchemes)).toEqual(['bearer', 'apiKey']);
      const refused = await fetch(`${running.url}/a2a`, { method: 'POST', body: '{}' });
      expect(refused.status).toBe(401);
    } finally {
      await running.close();
    }
  });

  it('serves --a2a with OAuth as its only authentication: anonymous calls get 401', async () => {
    const dir = temporaryDirectory('arsenal-serve-a2a-oauth-');
    await writeFile(
      join(dir, 'arsenal.yaml'),
      [
        'serve:',
        '  auth:',
        '    oauth:',
        '      resource: https://arsenal.example.test/a2a',
        '      authorizationServers: [https://auth.example.test]',
        '      jwksUrl: https://auth.example.test/jwks.json',
        'tools:',
        '  catalogs: [forecast.yaml]',
      ].join('\n'),
    );
    await writeFile(
      join(dir, 'forecast.yaml'),
      [
        '- name: get_forecast',
        '  description: Weather forecast for a city for the next days.',
        '  parameters: { type: object, properties: { city: { type: string } } }',
      ].join('\n'),
    );
    const args = toServeArgs(
      parseCommandArgs(serveSpec, ['--config', join(dir, 'arsenal.yaml'), '--a2a', '127.0.0.1:0']),
    );
    const running = await startServe(args, {
      stdout: createMemoryWriter(),
      stderr: createMemoryWriter(),
    });
    try {
      const card = (await (await fetch(`${running.url}/.well-known/agent-card.json`)).json()) as {
        securitySchemes: Record<string, { oauth2SecurityScheme?: { oauth2MetadataUrl: string } }>;
      };
      expect(Object.keys(card.securitySchemes)).toEqual(['oauth2']);
      expect(card.securitySchemes.oauth2?.oauth2SecurityScheme?.oauth2MetadataUrl).toBe(
        'https://auth.example.test/.well-known/oauth-authorization-server',
      );
      const send = await fetch(`${running.url}/a2a`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'SendMessage',
          params: {
            message: {
              messageId: 'm1',
              role: 'ROLE_USER',
              parts: [{ data: { tool: 'get_forecast', arguments: { city: 'Oslo' } } }],
            },
          },
        }),
      });
      expect(send.status).toBe(401);
      expect(send.headers.get('www-authenticate')).toContain('resource_metadata=');
    } finally {
      await running.close();
    }
  });

  it('refuses to serve beyond loopback without authentication, on every surface', async () => {
    const dir = temporaryDirectory('arsenal-serve-open-');
    await writeFile(join(dir, 'arsenal.yaml'), 'serve: { mode: static }\n');
    const io = { stdout: createMemoryWriter(), stderr: createMemoryWriter() };
    for (const flags of [
      ['--http', '0.0.0.0:0'],
      ['--http', '0.0.0.0:0', '--rest', '--console'],
      ['--a2a', '0.0.0.0:0'],
    ]) {
      const args = toServeArgs(
        parseCommandArgs(serveSpec, ['--config', join(dir, 'arsenal.yaml'), ...flags]),
      );
      await expect(startServe(args, io)).rejects.toThrow(
        /Refusing to serve on 0\.0\.0\.0 without authentication/,
      );
    }
  });

  it('serves the catalog as a UTCP manual behind the same authentication (serve.utcp)', async () => {
    const dir = temporaryDirectory('arsenal-serve-utcp-');
    await writeFile(
      join(dir, 'arsenal.yaml'),
      [
        'serve:',
        '  utcp: true',
        '  auth:',
        '    tokens:',
        '      - token: utcp-token-0123456789abcdef',
        '        principal: { id: tester }',
        'cli:',
        '  - name: say_words',
        '    description: Print the words given.',
        '    command: echo',
        '    args: ["{{words}}"]',
      ].join('\n'),
    );
    const args = toServeArgs(
      parseCommandArgs(serveSpec, ['--config', join(dir, 'arsenal.yaml'), '--http', '127.0.0.1:0']),
    );
    const running = await startServe(args, {
      stdout: createMemoryWriter(),
      stderr: createMemoryWriter(),
    });
    try {
      const origin = new URL(running.url ?? '').origin;
      const auth = { authorization: 'Bearer utcp-token-0123456789abcdef' };
      expect((await fetch(`${origin}/utcp`)).status).toBe(401);
      const manual = (await (await fetch(`${origin}/utcp`, { headers: auth })).json()) as {
        tools: { name: string; tool_call_template: { url: string } }[];
      };
      expect(manual.tools.map((tool) => tool.name)).toEqual(['cli.say_words']);
      expect(manual.tools[0]?.tool_call_template.url).toBe(`${origin}/utcp/call/cli.say_words`);
      const called = await fetch(`${origin}/utcp/call/cli.say_words`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ words: 'over utcp' }),
      });
      expect(called.status).toBe(200);
      expect(JSON.stringify(await called.json())).toContain('over utcp');
    } finally {
      await running.close();
    }
  });

  it('names in /readyz only the upstreams whose tools the caller may see; anonymous callers read counts', async () => {
    const arsenal = createArsenal({
      policy: createSecurityPolicy({ deny: { namespaces: ['vault'] } }),
    });
    const input = { type: 'object', properties: {} } as const;
    await arsenal.register([
      defineTool({
        name: 'read_note',
        namespace: 'notes',
        description: 'Read a note.',
        input,
        handler: () => 'note',
      }),
      defineTool({
        name: 'read_secret',
        namespace: 'vault',
        description: 'Read a secret.',
        input,
        handler: () => 'secret',
      }),
    ]);
    const sources = [
      { id: 'notes', namespace: 'notes', state: 'connected' },
      { id: 'vault', namespace: 'vault', state: 'failed' },
    ] as unknown as ConfiguredArsenal['sources'];
    const configured = { arsenal, sources };
    const reader = readinessOf(configured, () => true, {
      principal: { id: 'rita', capabilities: [] },
    });
    expect(reader).toEqual({
      ready: false,
      status: 'upstream_failed',
      details: { upstreamCounts: { connected: 1, failed: 1 }, upstreams: { notes: 'connected' } },
    });
    expect(JSON.stringify(reader)).not.toContain('vault');
    const anonymous = readinessOf(configured, () => true, {});
    expect(anonymous.details).toEqual({ upstreamCounts: { connected: 1, failed: 1 } });
    const admin = readinessOf(configured, () => true, { principal: { id: 'ops' } });
    expect(admin.details?.upstreams).toEqual({ notes: 'connected' });
    await arsenal.close();
  });

  it('judges anonymous callers by policy.anonymousCapabilities when it is set, and not by capabilities when it is not', async () => {
    const dir = temporaryDirectory('arsenal-serve-test-');
    await writeFile(
      join(dir, 'tools.yaml'),
      [
        '- name: get_forecast',
        '  description: Weather forecast for a city for the next days.',
        '  parameters: { type: object, properties: { city: { type: string } } }',
        '- name: fetch_page',
        '  description: Fetch a web page by its address.',
        '  capabilities: [network_access]',
        '  parameters: { type: object, properties: { url: { type: string } } }',
      ].join('\n'),
    );
    const listed = async (policy: string[]) => {
      await writeFile(
        join(dir, 'arsenal.yaml'),
        ['serve: { mode: static }', 'tools:', '  catalogs: [tools.yaml]', ...policy].join('\n'),
      );
      const args = toServeArgs(
        parseCommandArgs(serveSpec, [
          '--config',
          join(dir, 'arsenal.yaml'),
          '--http',
          '127.0.0.1:0',
        ]),
      );
      const running = await startServe(args, {
        stdout: createMemoryWriter(),
        stderr: createMemoryWriter(),
      });
      const client = new Client({ name: 'serve-test', version: '1.0.0' });
      try {
        await client.connect(new StreamableHTTPClientTransport(new URL(running.url ?? '')));
        const names = (await client.listTools()).tools.map((tool) => tool.name);
        const refused = await client
          .callTool({ name: 'fetch_page', arguments: { url: 'https://example.com' } })
          .then(JSON.stringify, (error: Error) => error.message);
        return { names, refused };
      } finally {
        await client.close();
        await running.close();
      }
    };
    const local = await listed([]);
    expect(local.names).toEqual(['fetch_page', 'get_forecast', 'confirm_tool_call']);
    const none = await listed(['policy:', '  anonymousCapabilities: []']);
    expect(none.names).toEqual(['get_forecast', 'confirm_tool_call']);
    expect(none.refused).toContain('Unknown tool "fetch_page"');
    const granted = await listed(['policy:', '  anonymousCapabilities: [network_access]']);
    expect(granted.names).toEqual(['fetch_page', 'get_forecast', 'confirm_tool_call']);
  });
});
