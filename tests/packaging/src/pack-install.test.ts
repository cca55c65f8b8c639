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

/** What one install took, printed as a transcript line and kept for the summary at the end. */
const transcript: string[] = [];

async function freshProject(base: string, name: string, extra: Record<string, unknown> = {}) {
  const dir = join(base, name);
  await mkdir(dir);
  await writeFile(
    join(dir, 'package.json'),
    `${JSON.stringify({ name, version: '1.0.0', private: true, ...extra }, null, 2)}\n`,
  );
  return dir;
}

/** Run an install in `dir`, then print how long it took and what node_modules weighs. */
async function timedInstall(dir: string, label: string, command: string, args: string[]) {
  const started = Date.now();
  await run(command, args, {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  const seconds = (Date.now() - started) / 1000;
  const size = await directorySize(join(dir, 'node_modules'));
  const line = `${label}: ${seconds.toFixed(1)} s, node_modules ${megabytes(size)}`;
  transcript.push(line);
  console.log(line);
}

// The npm cache is read before the registry (--prefer-offline): a second run on a machine
// installs without asking the registry about packages it already holds.
const NPM_INSTALL = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

async function npmProject(base: string, name: string, tarballs: string[]) {
  const dir = await freshProject(base, name);
  await timedInstall(dir, `npm install ${name} (${tarballs.length} tarballs)`, 'npm', [
    ...NPM_INSTALL,
    ...tarballs,
  ]);
  return dir;
}

/** `npx arsenal search` (or the same through another package manager) finds the currency tool. */
async function expectSearchAnswers(dir: string, command: string, prefix: string[]) {
  const { stdout } = await run(
    command,
    [...prefix, 'arsenal', 'search', 'convert this amount of dollars to euros', '--limit', '3'],
    { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
  );
  expect(stdout.toLowerCase()).toMatch(/currenc|exchange|convert/);
}

/**
 * The `arsenal` bin as the package manager links it answers, and the CLI's whole module graph
 * loads under that manager's node_modules layout (pnpm's is strict: an undeclared import fails).
 * The search itself is the npm project's check; its answer does not depend on the layout.
 */
async function expectCliRuns(dir: string, command: string, prefix: string[]) {
  const version = await run(command, [...prefix, 'arsenal', '--version'], { cwd: dir });
  expect(version.stdout).toMatch(/\d+\.\d+\.\d+/);
  const esm = await run(
    'node',
    ['--input-type=module', '-e', "import('@arsenal/cli').then((m) => console.log(typeof m))"],
    { cwd: dir },
  );
  expect(esm.stdout.trim()).toBe('object');
}

/** `@arsenal/<name>` → `file:` of its tarball, for every package of the CLI's closure. */
function tarballSpecs(names: string[], tarballs: Map<string, string>): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, `file:${tarballs.get(name) as string}`]));
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
    // One pnpm process packs them all (it rewrites `workspace:^` to versions, as publishing does).
    const filters = [...workspaces.keys()].flatMap((name) => ['--filter', name]);
    const { stdout } = await run(
      'pnpm',
      ['--recursive', ...filters, 'pack', '--pack-destination', destination, '--json'],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
    );
    const packed = JSON.parse(stdout) as { name: string; filename: string }[];
    for (const { name, filename } of [packed].flat()) {
      tarballs.set(name, resolve(destination, filename));
    }
  });

  afterAll(async () => {
    if (transcript.length > 0) console.log(`Install transcript:\n  ${transcript.join('\n  ')}`);
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

  it.concurrent('installs @arsenal/core alone, and loads it from ESM, CommonJS and TypeScript', async () => {
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
    // Side by side: each check is a separate TypeScript program.
    const outcomes = await Promise.all(
      checks.map(([module, moduleResolution, file]) => {
        const args = ['--noEmit', '--strict', '--target', 'es2022', '--lib', 'es2023,dom'];
        return run(
          'node',
          [tsc, ...args, '--module', module, '--moduleResolution', moduleResolution, file],
          { cwd: dir },
        ).then(
          () => 'ok',
          (error: { stdout?: string }) => error.stdout ?? String(error),
        );
      }),
    );
    checks.forEach(([, moduleResolution, file], index) => {
      expect(outcomes[index], `${file} under moduleResolution ${moduleResolution}`).toBe('ok');
    });
  });

  it.concurrent('installs @arsenal/cli with what it needs, and `npx arsenal search` answers', async () => {
    const needed = closure('@arsenal/cli', workspaces);
    expect(needed).toContain('@arsenal/core');
    const dir = await npmProject(
      base,
      'cli',
      needed.map((name) => tarballs.get(name) as string),
    );
    const modules = await readdir(join(dir, 'node_modules'));
    expect(modules).not.toContain('onnxruntime-node');
    await expectSearchAnswers(dir, 'npx', ['--no-install']);
    const esm = await run(
      'node',
      ['--input-type=module', '-e', "import('@arsenal/cli').then((m) => console.log(typeof m))"],
      { cwd: dir },
    );
    expect(esm.stdout.trim()).toBe('object');
  });

  it.concurrent('installs @arsenal/cli with pnpm: its bin answers and the CLI loads', async () => {
    const needed = closure('@arsenal/cli', workspaces);
    // The tarballs name each other by version range: overrides point those at the tarballs,
    // not at the registry.
    const specs = tarballSpecs(needed, tarballs);
    const dir = await freshProject(base, 'cli-pnpm', {
      dependencies: { '@arsenal/cli': specs['@arsenal/cli'] },
      pnpm: { overrides: specs },
    });
    await timedInstall(dir, `pnpm install cli (${needed.length} tarballs)`, 'pnpm', [
      'install',
      '--prefer-offline',
      '--reporter=silent',
      // A temp project, not a member of this repository's workspace.
      '--ignore-workspace',
      '--config.confirmModulesPurge=false',
    ]);
    await expectCliRuns(dir, 'pnpm', ['exec']);
  });

  it.concurrent('installs @arsenal/cli with yarn 1: its bin answers and the CLI loads', async (context) => {
    // Yarn comes from the npm registry (npx), and reads packages from the registry npm uses.
    const yarn = await run('npx', ['-y', 'yarn@1', '--version'], { cwd: base }).then(
      ({ stdout }) => ({ version: stdout.trim() }),
      (error: { stderr?: string }) => ({ error: (error.stderr ?? String(error)).trim() }),
    );
    if ('error' in yarn) {
      console.warn(`Skipping the yarn install: yarn 1 could not be had through npx: ${yarn.error}`);
      context.skip();
      return;
    }
    const registry = (await run('npm', ['config', 'get', 'registry'])).stdout.trim();
    const needed = closure('@arsenal/cli', workspaces);
    const specs = tarballSpecs(needed, tarballs);
    const dir = await freshProject(base, 'cli-yarn', {
      dependencies: { '@arsenal/cli': specs['@arsenal/cli'] },
      resolutions: specs,
    });
    await writeFile(join(dir, '.yarnrc'), `registry "${registry}"\n`);
    await timedInstall(dir, `yarn ${yarn.version} install cli (${needed.length} tarballs)`, 'npx', [
      '-y',
      'yarn@1',
      'install',
      // Yarn 1 caches a tarball by name and version, so a shared cache would hand back an earlier
      // build of these packages: this project gets a cache of its own.
      '--cache-folder',
      join(dir, '.yarn-cache'),
      '--prefer-offline',
      '--non-interactive',
      '--silent',
      '--ignore-engines',
    ]);
    await expectCliRuns(dir, 'npx', ['-y', 'yarn@1', '--silent']);
  });
});
