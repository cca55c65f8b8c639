import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

type ExportsField = string | null | { [key: string]: ExportsField } | ExportsField[];

const CONDITIONS = ['import', 'node', 'default'];

interface PackageJson {
  name?: string;
  exports?: ExportsField;
  module?: string;
  main?: string;
}

/**
 * Find the ES module entry of package `name` as code in `baseDir` would import it: walking up
 * through `node_modules` folders (or the package itself, by name), then following its `exports`
 * with the `import` / `node` / `default` conditions. `require.resolve` cannot do this for
 * ESM-only packages, whose exports have no `require` condition. Undefined when not found.
 */
export async function resolvePackageEntry(
  name: string,
  baseDir: string,
): Promise<string | undefined> {
  const { packageName, subpath } = splitSpecifier(name);
  for (let dir = resolve(baseDir); ; dir = dirname(dir)) {
    const own = await readPackageJson(join(dir, 'package.json'));
    if (own?.name === packageName) return entryOf(dir, own, subpath);
    const installed = join(dir, 'node_modules', packageName);
    const manifest = await readPackageJson(join(installed, 'package.json'));
    if (manifest) return entryOf(installed, manifest, subpath);
    if (dirname(dir) === dir) return undefined;
  }
}

function splitSpecifier(name: string): { packageName: string; subpath: string } {
  const parts = name.split('/');
  const length = name.startsWith('@') ? 2 : 1;
  const rest = parts.slice(length).join('/');
  return { packageName: parts.slice(0, length).join('/'), subpath: rest ? `./${rest}` : '.' };
}

async function readPackageJson(path: string): Promise<PackageJson | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as PackageJson;
  } catch {
    return undefined;
  }
}

function entryOf(dir: string, manifest: PackageJson, subpath: string): string | undefined {
  if (manifest.exports !== undefined) {
    const exportsField = manifest.exports;
    const isSubpathMap =
      typeof exportsField === 'object' &&
      exportsField !== null &&
      !Array.isArray(exportsField) &&
      Object.keys(exportsField).some((key) => key.startsWith('.'));
    const target = isSubpathMap
      ? (exportsField as Record<string, ExportsField>)[subpath]
      : subpath === '.'
        ? exportsField
        : undefined;
    const file = pickCondition(target);
    return file ? join(dir, file) : undefined;
  }
  if (subpath !== '.') return join(dir, subpath);
  return join(dir, manifest.module ?? manifest.main ?? 'index.js');
}

function pickCondition(target: ExportsField | undefined): string | undefined {
  if (typeof target === 'string') return target;
  if (target === null || target === undefined) return undefined;
  if (Array.isArray(target)) {
    for (const option of target) {
      const found = pickCondition(option);
      if (found) return found;
    }
    return undefined;
  }
  for (const [condition, value] of Object.entries(target)) {
    if (CONDITIONS.includes(condition)) {
      const found = pickCondition(value);
      if (found) return found;
    }
  }
  return undefined;
}
