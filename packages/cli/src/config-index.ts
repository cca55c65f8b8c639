import { basename } from 'node:path';
import type { ArsenalOptions, Principal } from '@arsenal/core';
import type { OptionSpec } from './args.js';
import { CliError } from './cli-error.js';
import { openConfiguredArsenal } from './commands/open-arsenal.js';
import type { CliIO } from './io.js';
import { type IndexedCatalog, indexCatalogs } from './tool-index.js';

/** `--config` of list, search and inspect: the same tools `arsenal serve --config` exposes. */
export const CONFIG_OPTION: OptionSpec = {
  type: 'string',
  valueName: 'file',
  description:
    'arsenal.yaml: work on exactly the tools `arsenal serve --config` exposes (catalogs, MCP servers). Not with --catalog.',
};

/** Catalogs or a config, and what to release afterwards (the config's MCP servers). */
export interface OpenedToolIndex extends IndexedCatalog {
  /** The principals the config names (`serve.auth.tokens`, `serve.stdioPrincipal`), by id. */
  principals: ReadonlyMap<string, Principal>;
  close(): Promise<void>;
}

/**
 * Index `--catalog` files (the demo catalog when none), or open `--config` as `serve` would:
 * its catalogs, inline tools, MCP servers and policy.
 */
export async function openToolIndex(
  source: { catalogs: readonly string[]; config?: string },
  io: CliIO,
  options: ArsenalOptions = {},
): Promise<OpenedToolIndex> {
  if (source.config === undefined) {
    const index = await indexCatalogs(source.catalogs, io, options);
    return { ...index, principals: new Map(), close: () => index.arsenal.close() };
  }
  if (source.catalogs.length > 0) {
    throw new CliError(
      '--config and --catalog cannot be combined',
      'list the catalogs under tools.catalogs in the config, or drop --config',
    );
  }
  const started = performance.now();
  const opened = await openConfiguredArsenal(source.config, io);
  const arsenal = opened.configured.arsenal;
  const principals = new Map<string, Principal>();
  const serve = opened.config.serve;
  for (const credential of serve?.auth?.tokens ?? [])
    principals.set(credential.principal.id, credential.principal);
  if (serve?.stdioPrincipal) principals.set(serve.stdioPrincipal.id, serve.stdioPrincipal);
  return {
    arsenal,
    toolCount: arsenal.registry.list().length,
    failedCount: 0,
    indexMs: performance.now() - started,
    label: basename(source.config),
    usedDemo: false,
    principals,
    close: () => opened.close(),
  };
}
