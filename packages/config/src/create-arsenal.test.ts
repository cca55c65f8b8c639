import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ArsenalError } from '@arsenal/core';
import { temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { createArsenalFromConfig } from './create-arsenal.js';
import { parseConfig } from './load-config.js';

async function projectWithAdapter(): Promise<string> {
  const dir = temporaryDirectory('arsenal-project-');
  const packageDir = join(dir, 'node_modules', '@acme', 'arsenal-reranker-x');
  await mkdir(packageDir, { recursive: true });
  await writeFile(
    join(packageDir, 'package.json'),
    JSON.stringify({ name: '@acme/arsenal-reranker-x', type: 'module', exports: './index.js' }),
  );
  await writeFile(
    join(packageDir, 'index.js'),
    [
      'export const created = [];',
      'export function createReranker(options) {',
      '  created.push(options);',
      '  return { rerank: async (query, documents) => documents.map((d, i) => ({ index: i, score: 1 - i / 100 })) };',
      '}',
    ].join('\n'),
  );
  return dir;
}

describe('createArsenalFromConfig', () => {
  it('registers catalogs and inline tools and applies the policy', async () => {
    const dir = temporaryDirectory('arsenal-catalog-');
    await writeFile(
      join(dir, 'tools.yaml'),
      'tools:\n  - name: get_weather\n    description: Current weather for a city.\n    parameters: { type: object }\n',
    );
    const config = parseConfig(
      [
        'tools:',
        '  catalogs: [{ path: tools.yaml, namespace: weather }]',
        '  inline:',
        '    - name: drop_table',
        '      description: Drop a database table and every row in it.',
        '      parameters: { type: object }',
        'policy:',
        '  deny: { tools: ["drop_*"] }',
      ].join('\n'),
      { baseDir: dir, env: {} },
    );
    const { arsenal, sources, close } = await createArsenalFromConfig(config, {
      handlers: { drop_table: () => 'dropped' },
    });
    try {
      expect(sources).toEqual([]);
      expect(arsenal.registry.get('weather.get_weather')).toBeDefined();
      const denied = await arsenal.execute({ tool: 'drop_table', arguments: {} });
      expect(denied.status).toBe('permission_denied');
      expect(arsenal.dialects.sort()).toEqual(['anthropic', 'gemini', 'mcp', 'openai']);
    } finally {
      await close();
    }
  });

  it('loads an adapter by package name from the project folder', async () => {
    const dir = await projectWithAdapter();
    const config = parseConfig(
      'reranker:\n  use: "@acme/arsenal-reranker-x"\n  options: { depth: 3 }\n',
      { baseDir: dir, env: {} },
    );
    const { arsenal, close } = await createArsenalFromConfig(config);
    await close();
    expect(arsenal).toBeDefined();
  });

  it('says how to install an adapter package that is missing', async () => {
    const config = parseConfig('vectorStore:\n  use: "@acme/arsenal-store-missing"\n', {
      env: {},
    });
    const error = await createArsenalFromConfig(config).catch((e: unknown) => e);
    expect(ArsenalError.isInstance(error)).toBe(true);
    expect((error as ArsenalError).code).toBe('configuration_invalid');
    expect((error as Error).message).toContain(
      'vectorStore: adapter package "@acme/arsenal-store-missing" is not installed. Install it with `pnpm add @acme/arsenal-store-missing`',
    );
  });

  it('asks for an export name when a package has several factories', async () => {
    const dir = await projectWithAdapter();
    await writeFile(
      join(dir, 'node_modules', '@acme', 'arsenal-reranker-x', 'index.js'),
      'export function createA() {}\nexport function createB() {}\n',
    );
    const config = parseConfig('reranker:\n  use: "@acme/arsenal-reranker-x"\n', {
      baseDir: dir,
      env: {},
    });
    await expect(createArsenalFromConfig(config)).rejects.toThrow(/name it with "export:"/);
  });

  it('refuses an embedder without a vector store', async () => {
    const dir = await projectWithAdapter();
    const config = parseConfig('embedder:\n  use: "@acme/arsenal-reranker-x"\n', {
      baseDir: dir,
      env: {},
    });
    await expect(createArsenalFromConfig(config)).rejects.toThrow(/needs a vectorStore/);
  });
});
