import { createArsenal, createSecurityPolicy } from '@arsenal/core';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { exposedUri, UpstreamCatalog, type UpstreamFeatureAccess } from './upstream-catalog.js';

/** An upstream server's answers held in memory: the catalog's own mapping is under test. */
function upstream(
  namespace: string,
  fail = false,
): { namespace: string; features: UpstreamFeatureAccess; got: string[] } {
  const got: string[] = [];
  const features: UpstreamFeatureAccess = {
    listPrompts: async () => {
      if (fail) throw new Error('down');
      return [{ name: 'greet' }, { name: 'get-env' }];
    },
    getPrompt: async (name): Promise<GetPromptResult> => {
      got.push(name);
      return { messages: [{ role: 'user', content: { type: 'text', text: `prompt ${name}` } }] };
    },
    listResources: async () => [
      { uri: 'file:///public/a.txt', name: 'a' },
      { uri: 'file:///secret/b.txt', name: 'b' },
    ],
    listResourceTemplates: async () => [{ uriTemplate: 'file:///public/{name}', name: 't' }],
    readResource: async (uri) => {
      got.push(uri);
      return { contents: [{ uri, text: 'content' }] };
    },
    complete: async (params) => {
      got.push(JSON.stringify(params.ref));
      return { completion: { values: ['x'] } };
    },
  };
  return { namespace, features, got };
}

function catalogWith(deny: string[], ...servers: ReturnType<typeof upstream>[]) {
  const arsenal = createArsenal({ policy: createSecurityPolicy({ deny: { tools: deny } }) });
  return new UpstreamCatalog(arsenal, servers);
}

describe('UpstreamCatalog', () => {
  it('namespaces prompt names and resource URIs and maps them back', async () => {
    const server = upstream('docs');
    const catalog = catalogWith([], server);
    expect((await catalog.listPrompts(undefined)).map((prompt) => prompt.name)).toEqual([
      'docs.greet',
      'docs.get-env',
    ]);
    await catalog.getPrompt('docs.greet', undefined, undefined);
    const read = await catalog.readResource(exposedUri('docs', 'file:///public/a.txt'), undefined);
    expect(server.got).toEqual(['greet', 'file:///public/a.txt']);
    expect(read.contents[0]?.uri).toBe('arsenal://docs/file:///public/a.txt');
    const templates = await catalog.listResourceTemplates(undefined);
    expect(templates[0]?.uriTemplate).toBe('arsenal://docs/file:///public/{name}');
    await catalog.complete(
      {
        ref: { type: 'ref/resource', uri: templates[0]?.uriTemplate ?? '' },
        argument: { name: 'name', value: 'a' },
      },
      undefined,
    );
    expect(server.got.at(-1)).toBe('{"type":"ref/resource","uri":"file:///public/{name}"}');
  });

  it('hides and refuses what a deny rule matches, by upstream name or URI', async () => {
    const catalog = catalogWith(['docs.get-env', 'docs.file:///secret/*'], upstream('docs'));
    expect((await catalog.listPrompts(undefined)).map((prompt) => prompt.name)).toEqual([
      'docs.greet',
    ]);
    await expect(catalog.getPrompt('docs.get-env', undefined, undefined)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown prompt "docs.get-env"'),
    });
    expect((await catalog.listResources(undefined)).map((resource) => resource.name)).toEqual([
      'docs.a',
    ]);
    await expect(
      catalog.readResource('arsenal://docs/file:///secret/b.txt', undefined),
    ).rejects.toMatchObject({ code: -32002 });
  });

  it('shows a principal only the servers in its namespaces', async () => {
    const catalog = catalogWith([], upstream('docs'), upstream('ops'));
    const principal = { id: 'reader', namespaces: ['docs'] };
    const names = (await catalog.listPrompts(principal)).map((prompt) => prompt.name);
    expect(names).toEqual(['docs.greet', 'docs.get-env']);
    await expect(catalog.getPrompt('ops.greet', undefined, principal)).rejects.toMatchObject({
      code: -32602,
    });
  });

  it('leaves a failing server out of a list instead of failing it', async () => {
    const catalog = catalogWith([], upstream('docs'), upstream('down', true));
    expect((await catalog.listPrompts(undefined)).map((prompt) => prompt.name)).toEqual([
      'docs.greet',
      'docs.get-env',
    ]);
  });
});

describe('UpstreamCatalog with the empty namespace', () => {
  it('serves names and URIs unchanged beside namespaced servers', async () => {
    const plain = upstream('');
    const catalog = catalogWith([], plain, upstream('docs'));
    const names = (await catalog.listPrompts(undefined)).map((prompt) => prompt.name);
    expect(names).toEqual(['greet', 'get-env', 'docs.greet', 'docs.get-env']);
    const resources = await catalog.listResources(undefined);
    expect(resources[0]?.uri).toBe('file:///public/a.txt');
    await catalog.getPrompt('greet', undefined, undefined);
    const read = await catalog.readResource('file:///public/a.txt', undefined);
    expect(read.contents[0]?.uri).toBe('file:///public/a.txt');
    expect(plain.got).toEqual(['greet', 'file:///public/a.txt']);
  });
});
