import { basename } from 'node:path';
import {
  type Arsenal,
  ConfigurationError,
  combineTelemetry,
  createArsenal,
  type HistoryStore,
  type SourceHandle,
  type StateStore,
  type ToolDefinitionInput,
} from '@arsenal/core';
import type { A2aToolSource } from '@arsenal/executor-a2a';
import { createMcpToolSource, type McpToolSource } from '@arsenal/executor-mcp';
import { createProcessToolSource } from '@arsenal/executor-process';
import { addA2aAgents, type LoadedA2aAgents } from './a2a-agents.js';
import { arsenalOptions } from './arsenal-options.js';
import { readCatalog } from './catalog-files.js';
import { cliToolSpecs } from './cli-tools.js';
import { redactText } from './config-error.js';
import { secretsOf } from './config-secrets.js';
import { addHttpSources } from './http-sources.js';
import { type InlineToolHandler, registerInlineTools } from './inline-tools.js';
import { transportOf } from './mcp-server-transport.js';
import {
  approvedContentHashes,
  approvedHashes,
  emptyPinLock,
  lockPathFor,
  type PinLock,
  readPinLock,
} from './pin-lock.js';
import { checkPolicyCoverage } from './policy-coverage.js';
import { reportFailures, reportSummary } from './registration-report.js';
import type { ArsenalConfig } from './schema.js';
import { stateWarnings } from './state-warnings.js';
import { addUtcpSources } from './utcp-sources.js';

/**
 * How `createArsenalFromConfig` reports problems and runs inline tools.
 *
 * @example
 * ```ts
 * import { createArsenalFromConfig, type CreateFromConfigOptions, parseConfig } from '@arsenal/config';
 *
 * const options: CreateFromConfigOptions = {
 *   onWarning: (message) => console.error(message),
 *   handlers: { get_time: () => ({ now: new Date().toISOString() }) },
 * };
 * const config = parseConfig(`
 * tools:
 *   inline:
 *     - name: get_time
 *       description: The current time, as an ISO 8601 string.
 * `);
 * const { arsenal, close } = await createArsenalFromConfig(config, options);
 * await close();
 * ```
 */
export interface CreateFromConfigOptions {
  /** Problems that do not stop start-up: tools skipped, a server's stderr. */
  onWarning?: (message: string) => void;
  /** What runs each `tools.inline` entry, by tool name; an inline tool without one is refused. */
  handlers?: Readonly<Record<string, InlineToolHandler>>;
  /**
   * Override the config's `pinning` (`arsenal approve` and `arsenal diff` read every tool,
   * changed ones included, with `off`).
   */
  pinning?: 'reject' | 'flag' | 'off';
}

/**
 * An Arsenal built from a config, with what it connected to and one `close()` for all of it.
 *
 * @example
 * ```ts
 * import { type ConfiguredArsenal, createArsenalFromConfig, loadConfig } from '@arsenal/config';
 *
 * const configured: ConfiguredArsenal = await createArsenalFromConfig(await loadConfig('arsenal.yaml'));
 * console.log(configured.sources.map((source) => source.id)); // the MCP servers aggregated
 * const { tools } = await configured.arsenal.retrieve({ query: 'open a pull request', limit: 5 });
 * await configured.close(); // MCP child processes too
 * ```
 */
export interface ConfiguredArsenal {
  arsenal: Arsenal;
  /** The MCP servers being aggregated, their tools registered with their executors. */
  sources: McpToolSource[];
  /** The A2A agents whose skills are registered as tools (`a2aAgents`). */
  a2aSources: A2aToolSource[];
  /** The configured audit history (`history:`), flushed and closed by `close()`. */
  history?: HistoryStore;
  /** The StateStore replicas share (`state:`), closed by `close()`. */
  stateStore?: StateStore;
  /** Close the MCP servers (child processes included), the Arsenal and the history. */
  close(): Promise<void>;
}

/**
 * Build an Arsenal from a validated config: adapters, policy, catalogs, inline tools and every
 * MCP server (connected, listed, registered, and followed for changes).
 *
 * @example
 * ```ts
 * import { createArsenalFromConfig, loadConfig } from '@arsenal/config';
 *
 * const config = await loadConfig('arsenal.yaml');
 * const { arsenal, close } = await createArsenalFromConfig(config, {
 *   onWarning: (message) => console.error(message),
 * });
 * console.log(arsenal.registry.list().length, 'tools');
 * await close();
 * ```
 */
export async function createArsenalFromConfig(
  config: ArsenalConfig,
  options: CreateFromConfigOptions = {},
): Promise<ConfiguredArsenal> {
  const warn = options.onWarning ?? (() => {});
  // Tools approved with `arsenal approve` are pinned: a changed one is withheld (or flagged),
  // and a quarantined one whose exact content was approved is let through.
  const pinningMode = options.pinning ?? config.pinning ?? 'reject';
  const lock =
    pinningMode === 'off' || config.source === undefined
      ? emptyPinLock()
      : await readPinLock(lockPathFor(config.source));
  const approved = approvedContentHashes(lock);
  const configured = await arsenalOptions(config);
  const history = configured.execution?.historyStore;
  if (configured.execution?.stateStore) {
    const warnings = stateWarnings(warn);
    configured.telemetry = configured.telemetry
      ? combineTelemetry(configured.telemetry, warnings)
      : warnings;
  }
  const arsenal = createArsenal({
    ...configured,
    ...(approved.length > 0 ? { approvedContentHashes: approved } : {}),
  });
  // A replica (re)starting takes open circuits and the like from the shared store before it serves.
  if (configured.execution?.stateStore) await arsenal.engine.syncSharedState();
  const sources: McpToolSource[] = [];
  const handles: SourceHandle[] = [];
  const a2a: LoadedA2aAgents = { sources: [], handles: [] };
  const close = async () => {
    await Promise.allSettled([...handles, ...a2a.handles].map((handle) => handle.stop()));
    await Promise.allSettled([...sources, ...a2a.sources].map((source) => source.close()));
    await arsenal.close();
    // The configured history is ours: write what it still holds, then release it.
    try {
      await history?.flush?.();
      await history?.close?.();
    } catch (error) {
      warn(`history: ${(error as Error).message}`);
    }
    // The engine pushes its last shared state on close; only then may the store go.
    await configured.execution?.stateStore?.close?.();
  };
  try {
    await registerCatalogs(arsenal, config, warn);
    if (config.tools?.inline && config.tools.inline.length > 0) {
      // Tools written in a config file are imported like any file's: flagged ones are held.
      const summary = await registerInlineTools(
        arsenal,
        config.tools.inline as ToolDefinitionInput[],
        options.handlers ?? {},
      );
      reportSummary(summary, 'tools.inline', warn);
    }
    await addMcpServers(arsenal, config, { lock, pinningMode, warn, sources, handles });
    if (config.cli && config.cli.length > 0) {
      const handle = await arsenal.addSource(
        createProcessToolSource({ id: 'cli', tools: cliToolSpecs(config) }),
      );
      handles.push(handle);
      reportFailures(handle.summary.failed, 'cli', warn);
    }
    await addHttpSources(arsenal, config, handles, warn);
    await addUtcpSources(arsenal, config, handles, warn);
    await addA2aAgents(arsenal, config, warn, a2a);
    checkPolicyCoverage(config.policy, arsenal.registry.list(), warn);
  } catch (error) {
    await close();
    throw error;
  }
  const stateStore = configured.execution?.stateStore;
  return {
    arsenal,
    sources,
    a2aSources: a2a.sources,
    ...(history ? { history } : {}),
    ...(stateStore ? { stateStore } : {}),
    close,
  };
}

/** Register the tools of each catalog file, as imported tools (flagged ones are held). */
async function registerCatalogs(
  arsenal: Arsenal,
  config: ArsenalConfig,
  warn: (message: string) => void,
): Promise<void> {
  for (const catalog of config.tools?.catalogs ?? []) {
    const file = typeof catalog === 'string' ? { path: catalog } : catalog;
    const inputs = await readCatalog(file.path);
    const summary = await arsenal.register(inputs, {
      source: 'catalog',
      origin: 'imported',
      ...(file.namespace ? { namespace: file.namespace } : {}),
    });
    reportSummary(summary, basename(file.path), warn);
  }
}

/** What connecting the configured MCP servers needs, and where it keeps what it opens. */
interface McpServerParts {
  lock: PinLock;
  pinningMode: NonNullable<CreateFromConfigOptions['pinning']>;
  warn: (message: string) => void;
  /** Receives each server's tool source, to close with the rest. */
  sources: McpToolSource[];
  /** Receives each server's source handle, to stop with the rest. */
  handles: SourceHandle[];
}

/**
 * Connect every enabled MCP server at once and register its tools, pinned to the approvals in
 * the lock. Throws a ConfigurationError naming the first server that cannot be reached.
 */
async function addMcpServers(
  arsenal: Arsenal,
  config: ArsenalConfig,
  { lock, pinningMode, warn, sources, handles }: McpServerParts,
): Promise<void> {
  // Core scans every server tool once (the source itself does not): flagged tools are
  // quarantined, or with `quarantine: false` follow `hygiene` (default `flag` for servers,
  // so one odd tool never blocks a whole server).
  const serverHygiene = config.hygiene ?? 'flag';
  const servers = Object.entries(config.mcpServers ?? {}).filter(
    ([, server]) => server.enabled !== false,
  );
  const loaded = await Promise.allSettled(
    servers.map(async ([name, server]) => {
      const source = createMcpToolSource({
        name,
        transport: transportOf(server),
        hygiene: 'off',
        pinning: {
          mode: pinningMode,
          // A server with approvals is not trusted on first use: a tool it lists without one
          // (a rename included, if only of a letter's case) is withheld until approved.
          approved: approvedHashes(lock, name),
          onChange: (finding) =>
            warn(
              `mcpServers.${name}: tool "${finding.mcpName}" ${
                finding.reason === 'changed' ? 'changed since it was approved' : 'is not approved'
              }; it is ${finding.action} (see \`arsenal diff\`, then \`arsenal approve\`)`,
            ),
        },
        ...(server.timeoutMs ? { timeoutMs: server.timeoutMs } : {}),
        onSkippedTool: (skipped) =>
          warn(`mcpServers.${name}: skipped tool "${skipped.mcpName}": ${skipped.error.message}`),
        onError: (error) => warn(`mcpServers.${name}: ${error.message}`),
      });
      sources.push(source);
      // Core registers the server's tools with its executor and follows its changes.
      const handle = await arsenal.addSource(source, {
        hygiene: serverHygiene,
        onSyncError: (error) => warn(`mcpServers.${name}: ${error.message}`),
      });
      handles.push(handle);
      return { name, handle };
    }),
  );
  const secrets = secretsOf(config);
  for (const [index, outcome] of loaded.entries()) {
    if (outcome.status === 'rejected') {
      const name = servers[index]?.[0] ?? '?';
      throw new ConfigurationError(
        `mcpServers.${name}: cannot connect: ${redactText((outcome.reason as Error).message, secrets)}`,
        { cause: outcome.reason },
      );
    }
    const { name, handle } = outcome.value;
    reportSummary(handle.summary, `mcpServers.${name}`, warn);
  }
}
