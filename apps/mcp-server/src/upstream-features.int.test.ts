import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from './test-support/spawn-server.js';

// The demo setup serves the everything reference server, whose prompts, resources and
// completions Arsenal aggregates beside its tools.
describe('arsenal-mcp aggregates upstream prompts, resources and completions', {
  timeout: 120_000,
}, () => {
  let client: Client;

  beforeAll(async () => {
    client = new Client({ name: 'features-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, '--mode', 'static'],
        stderr: 'pipe',
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await client?.close();
  });

  it('declares prompts, resources and completions', () => {
    expect(client.getServerCapabilities()).toMatchObject({
      prompts: {},
      resources: { subscribe: true },
      completions: {},
    });
  });

  it('lists upstream prompts namespaced by server and gets them by that name', async () => {
    const { prompts } = await client.listPrompts();
    const names = prompts.map((prompt) => prompt.name);
    expect(names).toEqual(
      expect.arrayContaining(['everything.simple-prompt', 'everything.args-prompt']),
    );
    const simple = await client.getPrompt({ name: 'everything.simple-prompt' });
    expect(JSON.stringify(simple.messages)).toContain('simple prompt');
    const withArgs = await client.getPrompt({
      name: 'everything.args-prompt',
      arguments: { city: 'Lisbon', state: 'Lisboa' },
    });
    expect(JSON.stringify(withArgs.messages)).toContain('Lisbon');
  });

  it('refuses a prompt without its namespace or of an unknown server with -32602', async () => {
    for (const name of ['simple-prompt', 'nowhere.simple-prompt']) {
      await expect(client.getPrompt({ name })).rejects.toMatchObject({ code: -32602 });
    }
  });

  it('lists resources under arsenal://<server>/ URIs and reads them back', async () => {
    const { resources } = await client.listResources();
    const architecture = resources.find((resource) =>
      resource.uri.endsWith('/static/document/architecture.md'),
    );
    expect(architecture?.uri).toBe(
      'arsenal://everything/demo://resource/static/document/architecture.md',
    );
    const read = await client.readResource({ uri: architecture?.uri ?? '' });
    expect(read.contents[0]?.uri).toBe(architecture?.uri);
    expect(JSON.stringify(read.contents[0])).toContain('Architecture');
  });

  it('lists resource templates and reads a URI made from one', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    const text = resourceTemplates.find((template) =>
      template.uriTemplate.includes('/dynamic/text/'),
    );
    expect(text?.uriTemplate).toBe(
      'arsenal://everything/demo://resource/dynamic/text/{resourceId}',
    );
    const uri = (text?.uriTemplate ?? '').replace('{resourceId}', '3');
    const read = await client.readResource({ uri });
    expect(read.contents[0]?.uri).toBe(uri);
    expect(JSON.stringify(read.contents[0])).toContain('3');
  });

  it('refuses a resource URI that names no upstream server', async () => {
    for (const uri of ['demo://resource/static/document/architecture.md', 'arsenal://nowhere/x']) {
      await expect(client.readResource({ uri })).rejects.toMatchObject({ code: -32002 });
    }
  });

  it('subscribes to and unsubscribes from an upstream resource', async () => {
    const uri = 'arsenal://everything/demo://resource/static/document/architecture.md';
    await expect(client.subscribeResource({ uri })).resolves.toEqual({});
    await expect(client.unsubscribeResource({ uri })).resolves.toEqual({});
    await expect(client.subscribeResource({ uri: 'arsenal://nowhere/x' })).rejects.toMatchObject({
      code: -32002,
    });
  });

  it('completes prompt arguments through the upstream server', async () => {
    const result = await client.complete({
      ref: { type: 'ref/prompt', name: 'everything.completable-prompt' },
      argument: { name: 'department', value: 'E' },
    });
    expect(result.completion.values.length).toBeGreaterThan(0);
    for (const value of result.completion.values) expect(value.startsWith('E')).toBe(true);
  });
});
