import type { Principal } from '@arsenal/core';
import type { OptionSpec } from './args.js';
import { CliError } from './cli-error.js';

/** `--principal` and `--capability`: see the tools as a given caller would. */
export const PRINCIPAL_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  principal: {
    type: 'string',
    valueName: 'id',
    description:
      'Only what this principal may see: one named in the config (serve.auth.tokens, serve.stdioPrincipal), or a new one.',
  },
  capability: {
    type: 'string',
    multiple: true,
    valueName: 'name',
    description: 'A capability the principal holds (tools needing others are hidden).',
  },
};

/**
 * The principal `--principal`/`--capability` describe, or undefined when neither is given. A
 * principal the config names keeps its capabilities and namespaces; `--capability` adds to them.
 */
export function principalFor(
  options: { principal?: string; capabilities: readonly string[]; config?: string },
  known: ReadonlyMap<string, Principal>,
): Principal | undefined {
  if (options.principal === undefined && options.capabilities.length === 0) return undefined;
  const id = options.principal ?? 'cli';
  const named = known.get(id);
  if (
    !named &&
    options.principal !== undefined &&
    known.size > 0 &&
    options.capabilities.length === 0
  ) {
    throw new CliError(
      `principal "${id}" is not in ${options.config ?? 'the config'}`,
      `use one of ${[...known.keys()].map((name) => `"${name}"`).join(', ')}, or describe it with --capability`,
    );
  }
  const capabilities = [...(named?.capabilities ?? []), ...options.capabilities];
  return { ...named, id, capabilities };
}
