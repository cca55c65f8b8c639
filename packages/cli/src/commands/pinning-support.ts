import {
  type ConfiguredArsenal,
  createArsenalFromConfig,
  loadConfig,
  lockPathFor,
  type PinLock,
  readPinLock,
} from '@arsenal/config';
import type { ToolDefinition } from '@arsenal/core';
import type { OptionSpec } from '../args.js';
import { CliError } from '../cli-error.js';
import { type CliIO, writeLine } from '../io.js';

export const PINNING_OPTIONS: Record<string, OptionSpec> = {
  config: {
    type: 'string',
    short: 'c',
    valueName: 'file',
    description: 'arsenal.yaml whose MCP servers to read. Default: ./arsenal.yaml.',
  },
  server: {
    type: 'string',
    multiple: true,
    valueName: 'name',
    description: 'Only this server of mcpServers (repeatable). Default: every server.',
  },
};

export interface OpenedForPinning {
  configured: ConfiguredArsenal;
  lockPath: string;
  lock: PinLock;
  /** The servers asked for (every one by default), by name. */
  servers: ConfiguredArsenal['sources'];
}

/**
 * Load a config with pinning off, so every tool each server lists is read (changed ones
 * included), and its lock file.
 */
export async function openForPinning(
  configPath: string,
  serverNames: readonly string[],
  io: CliIO,
): Promise<OpenedForPinning> {
  const config = await loadConfig(configPath);
  const lockPath = lockPathFor(config.source ?? configPath);
  const lock = await readPinLock(lockPath);
  const configured = await createArsenalFromConfig(config, {
    pinning: 'off',
    onWarning: (message) => writeLine(io.stderr, `arsenal: warning: ${message}`),
  });
  const unknown = serverNames.filter((name) => !configured.sources.some((s) => s.id === name));
  if (unknown.length > 0) {
    await configured.close();
    const known = configured.sources.map((source) => source.id).join(', ') || 'none';
    throw new CliError(
      `no enabled server named ${unknown.join(', ')} in mcpServers`,
      `use one of: ${known}`,
    );
  }
  const servers = configured.sources.filter(
    (source) => serverNames.length === 0 || serverNames.includes(source.id),
  );
  return { configured, lockPath, lock, servers };
}

/** The Arsenal definition of an MCP tool, registered or quarantined. */
export function definitionOfMcpTool(
  configured: ConfiguredArsenal,
  namespace: string,
  mcpName: string,
): ToolDefinition | undefined {
  const candidates = [
    ...configured.arsenal.registry.list({ namespace }),
    ...configured.arsenal.quarantined().map(({ tool }) => tool),
  ];
  return candidates.find(
    (tool) => tool.namespace === namespace && tool.metadata.mcpName === mcpName,
  );
}
