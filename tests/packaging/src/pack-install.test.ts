import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// From a clone into a fresh npm project, as the root README describes: every publishable package
// packs, and the tarballs install with npm and load from ESM, CommonJS and TypeScript.

const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  dependencies?: Record<string, string>;
}

interface Workspace {
  dir: string;
  manifest: Manifest;
}

async function publishable(): Promise<Map<string, Workspace>> {
  const found = new Map<string, Workspace>();
  for (const parent of ['packages', 'apps']) {
    for (const entry of await readdir(join(root, parent))) {
      const dir = join(root, parent, entry);
      const text = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
      if (text === undefined) continue; // not a package (a folder left behind by a move)
      const manifest = JSON.parse(text) as Manifest;
      if (!manifest.private) found.set(manifest.name, { dir, manifest });
    }
  }
  return found;
}

/** The package and every workspace package it depends on, directly or not. */
function closure(name: string, workspaces: Map<string, Workspace>): string[] {
  const seen = new Set<string>();
  const visit = (next: string) => {
    const workspace = workspaces.get(next);
    if (!workspace || seen.has(next)) return;
    seen.add(next);
    for (const dependency of Object.keys(workspace.manifest.dependencies ?? {})) visit(dependency);
  };
  visit(name);
  return [...seen].sort();
}

async function directorySize(path: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) total += await directorySize(full);
    else if (entry.isFile()) total += (await stat(full)).size;
  }
  return total;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function npmProject(base: string, name: string, tarballs: string[]) {
  const dir = join(base, name);
  await mkdir(dir);
  await writeFile(
    join(dir, 'package.json'),
    `${JSON.stringify({ name, version: '1.0.0', private: true }, null, 2)}\n`,
  );
  const started = Date.now();
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
  });
  const seconds = (Date.now() - started) / 1000;
  const size = await directorySize(join(dir, 'node_modules'));
  console.log(
    `npm install ${name}: ${tarballs.length} tarballs in ${seconds.toFixed(1)} s, node_modules ${megabytes(size)}`,
  );
  return dir;
}

describe('packed tarballs in a fresh npm project', () => {
  let base: string;
  let workspaces: Map<string, Workspace>;
  const tarballs = new Map<string, string>();

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'arsenal-packs-'));
    workspaces = await publishable();
    const destination = join(base, 'packs');
    await mkdir(destination);
    const names = [...workspaces.keys()];
    // A few at a time: pnpm pack is mostly file I/O.
    for (let start = 0; start < names.length; start += 4) {
      await Promise.all(
        names.slice(start, start + 4).map(async (name) => {
          const { dir } = workspaces.get(name) as Workspace;
          const { stdout } = await run(
            'pnpm',
            ['pack', '--pack-destination', destination, '--json'],
            { cwd: dir },
          );
          const packed = JSON.parse(stdout) as { filename: string };
          tarballs.set(name, resolve(destination, packed.filename));
        }),
      );
    }
  });

  afterAll(async () => {
    if (base) await rm(base, { recursive: true, force: true });
  });

  it('packs every publishable package, all at one version, with the sources its maps name', async () => {
    expect(tarballs.size).toBe(workspaces.size);
    const versions = new Set([...workspaces.values()].map((w) => w.manifest.version));
    expect([...versions]).toHaveLength(1);
    const { stdout } = await run('tar', ['-tzf', tarballs.get('@arsenal/core') as string]);
    const files = stdout.split('\n');
    expect(files).toContain('package/dist/index.d.ts.map');
    expect(files).toContain('package/src/index.ts');
    expect(files.some((file) => file.endsWith('.test.ts'))).toBe(false);
  });

  it('installs @arsenal/core alone, and loads it from ESM, CommonJS and TypeScript', async () => {
    const dir = await npmProject(base, 'core-only', [tarballs.get('@arsenal/core') as string]);
    const installed = await readdir(join(dir, 'node_modules'));
    expect(installed.filter((entry) => !entry.startsWith('.'))).toEqual(['@arsenal']);

    await writeFile(
      join(dir, 'esm.mjs'),
      `import { createArsenal, defineTool } from '@arsenal/core';
const arsenal = createArsenal();
await arsenal.register(defineTool({
  name: 'get_weather',
  description: 'Current weather and forecast for a city.',
  input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  handler: async ({ city }) => ({ city, tempC: 21 }),
}));
const found = await arsenal.retrieve({ query: 'weather in Paris', limit: 1 });
const result = await arsenal.execute({ tool: 'get_weather', arguments: { city: 'Paris' } });
console.log(JSON.stringify({ top: found.tools[0].tool.name, status: result.status }));
`,
    );
    const esm = await run('node', ['esm.mjs'], { cwd: dir });
    expect(JSON.parse(esm.stdout)).toEqual({ top: 'get_weather', status: 'success' });

    await writeFile(
      join(dir, 'cjs.cjs'),
      `const { createArsenal, ArsenalError, CancelledError } = require('@arsenal/core');
const { throwIfAborted } = require('@arsenal/core/adapter');
console.log(JSON.stringify({
  createArsenal: typeof createArsenal,
  marker: ArsenalError.isInstance(new CancelledError()),
  throwIfAborted: typeof throwIfAborted,
}));
`,
    );
    const cjs = await run('node', ['--no-warnings', 'cjs.cjs'], { cwd: dir });
    expect(JSON.parse(cjs.stdout)).toEqual({
      createArsenal: 'function',
      marker: true,
      throwIfAborted: 'function',
    });

    const typed = `import { createArsenal, type RetrievalResult } from '@arsenal/core';
import { throwIfAborted } from '@arsenal/core/adapter';
const arsenal = createArsenal();
throwIfAborted(undefined);
export const found: Promise<RetrievalResult> = arsenal.retrieve({ query: 'weather' });
`;
    await writeFile(join(dir, 'types.mts'), typed);
    // A CommonJS TypeScript file may import it too where TypeScript knows require(esm) (nodenext).
    await writeFile(join(dir, 'types.cts'), typed);
    const checks = [
      ['node16', 'node16', 'types.mts'],
      ['nodenext', 'nodenext', 'types.mts'],
      ['esnext', 'bundler', 'types.mts'],
      ['nodenext', 'nodenext', 'types.cts'],
    ] as const;
    for (const [module, moduleResolution, file] of checks) {
      const args = ['--noEmit', '--strict', '--target', 'es2022', '--lib', 'es2023,dom'];
      const checked = await run(
        'node',
        [tsc, ...args, '--module', module, '--moduleResolution', moduleResolution, file],
        { cwd: dir },
      ).then(
        () => 'ok',
        (error: { stdout?: string }) => error.stdout ?? String(error),
      );
      expect(checked, `${file} under moduleResolution ${moduleResolution}`).toBe('ok');
    }
  });

  it('installs @arsenal/cli with what it needs, and `npx arsenal search` answers', async () => {
    const needed = closure('@arsenal/cli', workspaces);
    expect(needed).toContain('@arsenal/core');
    const dir = await npmProject(
      base,
      'cli',
      needed.map((name) => tarballs.get(name) as string),
    );
    const modules = await readdir(join(dir, 'node_modules'));
    expect(modules).not.toContain('onnxruntime-node');
    const { stdout } = await run(
      'npx',
      [
        '--no-install',
        'arsenal',
        'search',
        'convert this amount of dollars to euros',
        '--limit',
        '3',
      ],
      { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
    );
    expect(stdout.toLowerCase()).toMatch(/currenc|exchange|convert/);
    const esm = await run(
      'node',
      ['--input-type=module', '-e', "import('@arsenal/cli').then((m) => console.log(typeof m))"],
      { cwd: dir },
    );
    expect(esm.stdout.trim()).toBe('object');
  });
});
