import { pathToFileURL } from 'node:url';
import { ConfigurationError } from '@arsenal/core';
import { resolvePackageEntry } from './package-resolution.js';
import type { AdapterConfig } from './schema.js';

type Factory = (options: Record<string, unknown>) => unknown;

function isMissingModule(error: unknown, name: string): boolean {
  const code = (error as { code?: string }).code;
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    String((error as Error).message).includes(name)
  );
}

/**
 * Import a package by name: as this package would, then as a module in `baseDir` would (so an
 * adapter installed in the user's project is found wherever Arsenal itself is installed).
 *
 * @example
 * ```ts
 * import { importPackage } from '@arsenal/config';
 *
 * // Found in Arsenal's own dependencies, else in the project the config file sits in.
 * const module = await importPackage('@arsenal/store-qdrant', process.cwd(), 'vectorStore');
 * console.log(Object.keys(module)); // the package's exports
 * ```
 */
export async function importPackage(
  name: string,
  baseDir: string,
  key: string,
): Promise<Record<string, unknown>> {
  try {
    return (await import(name)) as Record<string, unknown>;
  } catch (error) {
    if (!isMissingModule(error, name)) {
      throw new ConfigurationError(
        `${key}: package "${name}" was found but failed to load: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
  const entry = await resolvePackageEntry(name, baseDir);
  if (entry === undefined) {
    throw new ConfigurationError(
      `${key}: adapter package "${name}" is not installed. Install it with \`pnpm add ${name}\` (or npm install ${name}) in your project.`,
    );
  }
  try {
    return (await import(pathToFileURL(entry).href)) as Record<string, unknown>;
  } catch (error) {
    throw new ConfigurationError(
      `${key}: package "${name}" was found at ${entry} but failed to load: ${(error as Error).message}. Is it built?`,
      { cause: error },
    );
  }
}

/**
 * Load an adapter: import its package, find its factory, call it with `options`.
 *
 * @example
 * ```ts
 * import type { VectorStore } from '@arsenal/core';
 * import { loadAdapter } from '@arsenal/config';
 *
 * const store = await loadAdapter<VectorStore>(
 *   { use: '@arsenal/store-qdrant', options: { url: 'http://localhost:6333', collection: 'tools' } },
 *   process.cwd(),
 *   'vectorStore',
 * );
 * ```
 */
export async function loadAdapter<T>(
  adapter: AdapterConfig,
  baseDir: string,
  key: string,
): Promise<T> {
  const module = await importPackage(adapter.use, baseDir, key);
  const factory = pickFactory(module, adapter, key);
  try {
    return (await factory(adapter.options ?? {})) as T;
  } catch (error) {
    throw new ConfigurationError(
      `${key}: the factory of "${adapter.use}" refused its options: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

function pickFactory(
  module: Record<string, unknown>,
  adapter: AdapterConfig,
  key: string,
): Factory {
  if (adapter.export !== undefined) {
    const named = module[adapter.export];
    if (typeof named === 'function') return named as Factory;
    throw new ConfigurationError(
      `${key}: "${adapter.use}" has no function export "${adapter.export}"; its exports are ${Object.keys(module).join(', ') || 'none'}.`,
    );
  }
  if (typeof module.default === 'function') return module.default as Factory;
  const creators = Object.keys(module).filter(
    (name) => /^create[A-Z]/.test(name) && typeof module[name] === 'function',
  );
  if (creators.length === 1) return module[creators[0] as string] as Factory;
  throw new ConfigurationError(
    `${key}: cannot tell which export of "${adapter.use}" builds the adapter (${
      creators.length === 0 ? 'no default export and no create* function' : creators.join(', ')
    }); name it with "export:".`,
  );
}
