import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, runArsenal } from '../test-support.js';

/** Calls the counting embedder below received, by kind (it records on globalThis). */
const calls = (): Record<string, number> =>
  ((globalThis as Record<string, unknown>).__arsenalEvalEmbedCalls as Record<string, number>) ?? {};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'arsenal-eval-config-'));
  const packageDir = join(dir, 'node_modules', '@acme', 'arsenal-embedder-count');
  await mkdir(packageDir, { recursive: true });
  await writeFile(
    join(packageDir, 'package.json'),
    JSON.stringify({ name: '@acme/arsenal-embedder-count', type: 'module', exports: './index.js' }),
  );
  await writeFile(
    join(packageDir, 'index.js'),
    [
      'export function createCountingEmbedder(options) {',
      '  const counts = (globalThis.__arsenalEvalEmbedCalls = {});',
      '  const size = options.dimensions;',
      '  return {',
      "    id: 'acme:count', dimensions: size,",
      '    async embed(texts, { kind = "document" } = {}) {',
      '      counts[kind] = (counts[kind] ?? 0) + 1;',
      '      return texts.map((text) => {',
      '        const vector = new Float32Array(size); vector[0] = 0.01;',
      '        for (const word of text.toLowerCase().split(/\\W+/)) if (word) vector[word.length % size] += 1;',
      '        return vector;',
      '      });',
      '    },',
      '  };',
      '}',
    ].join('\n'),
  );
  await writeFile(
    join(dir, 'arsenal.yaml'),
    [
      'embedder: { use: "@acme/arsenal-embedder-count", options: { dimensions: 8 } }',
      'vectorStore: { use: "@arsenal/core", export: createInMemoryVectorStore }',
      'reranker: lexical',
      'tools: { inline: [{ name: not_measured, description: A tool only the config file has. }] }',
      'http:',
      '  status:',
      '    allowAddresses: [loopback]',
      '    tools:',
      '      - name: service_status',
      '        description: Report whether the notes service is up and answering requests.',
      '        url: http://127.0.0.1:9/status',
    ].join('\n'),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('arsenal eval --config', () => {
  const files = ['--tools', fixture('tools.jsonl'), '--queries', fixture('queries.jsonl')];

  it('measures retrieval with the embedder the config selects', async () => {
    const { code, stdout, stderr } = await runArsenal([
      'eval',
      ...files,
      '--config',
      join(dir, 'arsenal.yaml'),
      '--json',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.config).toBe(join(dir, 'arsenal.yaml'));
    // Only the --tools catalog is measured: the config's own tools (inline, HTTP) are left out.
    expect(report.tools.registered).toBe(5);
    expect(report.overall.queries).toBe(4);
    expect(calls().document).toBeGreaterThan(0);
    // Warm-up and measured runs repeat the same 4 queries: the cache embeds each once.
    expect(calls().query).toBe(4);
  });

  it('refuses retrieval flags that the config decides', async () => {
    const { code, stderr } = await runArsenal([
      'eval',
      ...files,
      '--config',
      join(dir, 'arsenal.yaml'),
      '--rerank',
    ]);
    expect(code).not.toBe(0);
    expect(stderr).toContain('--rerank cannot be combined with it');
  });

  it('names a missing config file', async () => {
    const { code, stderr } = await runArsenal([
      'eval',
      ...files,
      '--config',
      join(dir, 'nope.yaml'),
    ]);
    expect(code).not.toBe(0);
    expect(stderr).toContain('nope.yaml');
  });
});
