import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { importPackage } from './adapter-loader.js';
import { resolvePackageEntry } from './package-resolution.js';

async function fakePackage(
  root: string,
  name: string,
  manifest: object,
  files: Record<string, string>,
) {
  const dir = join(root, 'node_modules', name);
  await mkdir(join(dir, 'dist'), { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name, type: 'module', ...manifest }));
  for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text);
  return dir;
}

describe('resolving adapter packages as ES modules', () => {
  it('finds an ESM-only package (exports with only an import condition) from a nested folder', async () => {
    const project = temporaryDirectory('arsenal-resolve-');
    const dir = await fakePackage(
      project,
      '@acme/store-esm',
      { exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } } },
      { 'dist/index.js': 'export function createAcmeStore(options) { return { options }; }' },
    );
    const nested = join(project, 'config', 'prod');
    await mkdir(nested, { recursive: true });
    expect(await resolvePackageEntry('@acme/store-esm', nested)).toBe(join(dir, 'dist/index.js'));
    const module = await importPackage('@acme/store-esm', nested, 'vectorStore');
    expect(typeof module.createAcmeStore).toBe('function');
  });

  it('follows nested conditions, sugar exports, subpaths and main', async () => {
    const project = temporaryDirectory('arsenal-resolve-');
    const nested = await fakePackage(
      project,
      'nested-conditions',
      {
        exports: {
          '.': { node: { import: './dist/node.js' }, default: './dist/any.js' },
          './extra': './dist/extra.js',
        },
      },
      {},
    );
    expect(await resolvePackageEntry('nested-conditions', project)).toBe(
      join(nested, 'dist/node.js'),
    );
    expect(await resolvePackageEntry('nested-conditions/extra', project)).toBe(
      join(nested, 'dist/extra.js'),
    );
    expect(await resolvePackageEntry('nested-conditions/hidden', project)).toBeUndefined();
    const sugar = await fakePackage(project, 'sugar', { exports: './dist/main.js' }, {});
    expect(await resolvePackageEntry('sugar', project)).toBe(join(sugar, 'dist/main.js'));
    const old = await fakePackage(project, 'old-style', { main: 'lib/main.js' }, {});
    expect(await resolvePackageEntry('old-style', project)).toBe(join(old, 'lib/main.js'));
  });

  it('says the package is not installed when no folder up the tree has it', async () => {
    const project = temporaryDirectory('arsenal-resolve-');
    expect(await resolvePackageEntry('@acme/nowhere', project)).toBeUndefined();
    await expect(importPackage('@acme/nowhere', project, 'embedder')).rejects.toThrow(
      /embedder: adapter package "@acme\/nowhere" is not installed/,
    );
  });

  it('says a found package failed to load, and where it is, when its entry is missing', async () => {
    const project = temporaryDirectory('arsenal-resolve-');
    await fakePackage(project, 'unbuilt', { exports: { '.': { import: './dist/index.js' } } }, {});
    await expect(importPackage('unbuilt', project, 'reranker')).rejects.toThrow(
      /reranker: package "unbuilt" was found at .* but failed to load: .*Is it built\?/,
    );
  });
});
