import { fileURLToPath } from 'node:url';

/** One catalog file to index, and the namespace its tools go into when they name none. */
export interface CatalogFileSpec {
  path: string;
  namespace?: string;
}

// The catalog folder sits beside dist/ in the published package and beside src/ in the repo.
const CATALOG_DIRECTORY = new URL('../catalog/', import.meta.url);

/**
 * The built-in demo catalog: hand-written business tools plus the Seal-Tools catalog.
 *
 * @example
 * ```ts
 * import { demoCatalogFiles, loadCatalogFile } from '@arsenal/cli';
 * import { createArsenal } from '@arsenal/core';
 *
 * const arsenal = createArsenal();
 * for (const file of demoCatalogFiles()) {
 *   const inputs = await loadCatalogFile(file.path);
 *   await arsenal.register(inputs.map((input) => ({ namespace: file.namespace, ...input })));
 * }
 * ```
 */
export function demoCatalogFiles(): CatalogFileSpec[] {
  return [
    { path: fileURLToPath(new URL('demo-tools.yaml', CATALOG_DIRECTORY)) },
    { path: fileURLToPath(new URL('seal-tools.jsonl', CATALOG_DIRECTORY)), namespace: 'seal' },
  ];
}
