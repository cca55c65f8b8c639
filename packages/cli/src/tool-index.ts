import { basename } from 'node:path';
import {
  type Arsenal,
  type ArsenalOptions,
  createArsenal,
  type ToolDefinitionInput,
} from '@arsenal/core';
import type { OptionSpec } from './args.js';
import { loadCatalogFile } from './catalog-loader.js';
import { oneLine } from './cli-error.js';
import { type CatalogFileSpec, demoCatalogFiles } from './demo-catalog.js';
import { type CliIO, writeLine } from './io.js';
import { createProgressReporter } from './progress.js';
import { formatCount } from './table.js';

export type { Arsenal };

export interface IndexedCatalog {
  arsenal: Arsenal;
  /** Tools registered (added, updated or unchanged). */
  toolCount: number;
  failedCount: number;
  /** Wall-clock time spent registering, in milliseconds. */
  indexMs: number;
  /** Human label for the catalogs: the file names, or "the demo catalog". */
  label: string;
  usedDemo: boolean;
}

/** The `--catalog` option of every command that indexes catalogs; `catalogFilesFor` reads it. */
export const CATALOG_OPTION: OptionSpec = {
  type: 'string',
  short: 'c',
  multiple: true,
  valueName: 'file',
  description: 'Catalog file (.json, .jsonl, .yaml, .yml). Default: the demo catalog.',
};

/** Catalog files to index: those given with --catalog, or the demo catalog when none. */
export function catalogFilesFor(paths: readonly string[]): CatalogFileSpec[] {
  return paths.length > 0 ? paths.map((path) => ({ path })) : demoCatalogFiles();
}

/** Register tool entries, drawing a progress bar and warning (one line) about skipped tools. */
export async function registerInputs(
  arsenal: Arsenal,
  inputs: readonly ToolDefinitionInput[],
  options: { label: string; namespace?: string; io: CliIO },
): Promise<{ registered: number; failed: number }> {
  const progress = createProgressReporter(
    options.io.stderr,
    `Indexing ${options.label}`,
    inputs.length,
  );
  let summary: Awaited<ReturnType<Arsenal['register']>>;
  try {
    summary = await arsenal.register([...inputs], {
      source: 'catalog',
      ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
      onProgress: (done: number, total: number) => progress.update(done, total),
    });
  } finally {
    progress.finish();
  }
  const failed = summary.failed.length;
  const first = summary.failed[0];
  if (first) {
    writeLine(
      options.io.stderr,
      `arsenal: warning: skipped ${formatCount(failed)} of ${formatCount(inputs.length)} tools in ${
        options.label
      } (first: ${oneLine(first.error.message)}) — fix those entries to include them`,
    );
  }
  const held = summary.quarantined[0];
  if (held) {
    writeLine(
      options.io.stderr,
      `arsenal: warning: quarantined ${formatCount(summary.quarantined.length)} tool(s) in ${
        options.label
      } that look poisoned (first: ${held.tool.name}: ${held.findings[0]?.message ?? '?'}) — see them with \`arsenal list --quarantined\``,
    );
  }
  return { registered: summary.added + summary.updated + summary.unchanged, failed };
}

/** Load and register catalog files (the demo catalog when `paths` is empty). */
export async function indexCatalogs(
  paths: readonly string[],
  io: CliIO,
  options: ArsenalOptions = {},
): Promise<IndexedCatalog> {
  const files = catalogFilesFor(paths);
  // Load every file first so a bad file fails fast, before any indexing work.
  const loaded = await Promise.all(
    files.map(async (file) => ({ file, inputs: await loadCatalogFile(file.path) })),
  );
  const arsenal = createArsenal(options);
  let toolCount = 0;
  let failedCount = 0;
  const started = performance.now();
  for (const { file, inputs } of loaded) {
    const result = await registerInputs(arsenal, inputs, {
      label: basename(file.path),
      namespace: file.namespace,
      io,
    });
    toolCount += result.registered;
    failedCount += result.failed;
  }
  const indexMs = performance.now() - started;
  const usedDemo = paths.length === 0;
  return {
    arsenal,
    toolCount,
    failedCount,
    indexMs,
    usedDemo,
    label: usedDemo ? 'the demo catalog' : files.map((file) => basename(file.path)).join(', '),
  };
}
