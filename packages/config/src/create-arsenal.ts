import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import {
  type Arsenal,
  type ArsenalOptions,
  CatalogError,
  ConfigurationError,
  catalogValueToInputs,
  createArsenal,
  createLexicalReranker,
  createSecurityPolicy,
  type Embedder,
  parseCatalog,
  type RegistrationSummary,
  type Reranker,
  type SourceHandle,
  type Telemetry,
  type ToolDefinitionInput,
  type VectorStore,
} from '@arsenal/core';
import { createMcpToolSource, type McpToolSource } from '@arsenal/executor-mcp';
import { createAnthropicTranscoder } from '@arsenal/transcoder-anthropic';
import { createGeminiTranscoder } from '@arsenal/transcoder-gemini';
import { createMcpTranscoder } from '@arsenal/transcoder-mcp';
import { createOpenAITranscoder } from '@arsenal/transcoder-openai';
import { parse as parseYaml } from 'yaml';
import { loadAdapter } from './adapter-loader.js';
import { redactText } from './config-error.js';
import {
  approvedContentHashes,
  approvedHashes,
  emptyPinLock,
  lockPathFor,
  readPinLock,
} from './pin-lock.js';
import type { ArsenalConfig, McpServerConfig } from './schema.js';

export interface CreateFromConfigOptions {
  /** Problems that do not stop start-up: tools skipped, a server's stderr. */
  onWarning?: (message: string) => void;
  /**
   * Override the config's `pinning` (`arsenal approve` and `arsenal diff` read every tool,
   * changed ones included, with `off`).
   */
  pinning?: 'reject' | 'flag' | 'off';
}

export interface ConfiguredArsenal {
  arsenal: Arsenal;
  /** The MCP servers being aggregated, their tools registered with their executors. */
  sources: McpToolSource[];
  /** Close the MCP servers (child processes included) and the Arsenal. */
  close(): Promise<void>;
}

/**
 * Build an Arsenal from a validated config: adapters, policy, catalogs, inline tools and every
 * MCP server (connected, listed, registered, and followed for changes).
 *
 * @example
 * const { arsenal, close } = await createArsenalFromConfig(await loadConfig('arsenal.yaml'));
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
  const arsenal = createArsenal({
    ...(await arsenalOptions(config)),
    ...(approved.length > 0 ? { approvedContentHashes: approved } : {}),
  });
  const sources: McpToolSource[] = [];
  const handles: SourceHandle[] = [];
  const close = async () => {
    await Promise.allSettled(handles.map((handle) => handle.stop()));
    await Promise.allSettled(sources.map((source) => source.close()));
    await arsenal.close();
  };
  try {
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
    if (config.tools?.inline && config.tools.inline.length > 0) {
      // Tools written in a config file are imported like any file's: flagged ones are held.
      const summary = await arsenal.register(config.tools.inline as ToolDefinitionInput[], {
        origin: 'imported',
      });
      reportSummary(summary, 'tools.inline', warn);
    }
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
  } catch (error) {
    await close();
    throw error;
  }
  return { arsenal, sources, close };
}

async function arsenalOptions(config: ArsenalConfig): Promise<ArsenalOptions> {
  const base = config.baseDir;
  const vectorStore = config.vectorStore
    ? await loadAdapter<VectorStore>(config.vectorStore, base, 'vectorStore')
    : undefined;
  const embedder = config.embedder
    ? await loadAdapter<Embedder>(config.embedder, base, 'embedder')
    : undefined;
  if (embedder && !vectorStore) {
    throw new ConfigurationError(
      'embedder: semantic retrieval needs a vectorStore as well; add one (vectorStore: { use: ... }).',
    );
  }
  const reranker =
    config.reranker === 'lexical'
      ? createLexicalReranker()
      : config.reranker
        ? await loadAdapter<Reranker>(config.reranker, base, 'reranker')
        : undefined;
  const telemetry = config.telemetry
    ? await loadAdapter<Telemetry>(config.telemetry, base, 'telemetry')
    : undefined;
  const execution = config.execution;
  return {
    transcoders: [
      createOpenAITranscoder(),
      createAnthropicTranscoder(),
      createGeminiTranscoder(),
      createMcpTranscoder(),
    ],
    ...(vectorStore ? { vectorStore } : {}),
    ...(embedder ? { embedder } : {}),
    ...(reranker ? { reranker } : {}),
    ...(telemetry ? { telemetry } : {}),
    ...(config.hygiene ? { hygiene: config.hygiene } : {}),
    ...(config.quarantine === undefined ? {} : { quarantine: config.quarantine }),
    ...(config.policy ? { policy: createSecurityPolicy(config.policy) } : {}),
    ...(config.routing
      ? {
          retrieval: {
            ...(config.routing.weights ? { weights: config.routing.weights } : {}),
            ...(config.routing.candidatePool
              ? { candidatePool: config.routing.candidatePool }
              : {}),
            ...(config.routing.rerankTopN ? { rerankTopN: config.routing.rerankTopN } : {}),
          },
        }
      : {}),
    ...(execution
      ? {
          execution: {
            ...(execution.timeoutMs ? { defaultTimeoutMs: execution.timeoutMs } : {}),
            ...(execution.retries === undefined
              ? {}
              : { retry: { maxRetries: execution.retries } }),
            ...(execution.maxArgumentBytes ? { maxArgumentBytes: execution.maxArgumentBytes } : {}),
            ...(execution.confirmationTtlMs
              ? { confirmationTtlMs: execution.confirmationTtlMs }
              : {}),
          },
        }
      : {}),
  };
}

function transportOf(server: McpServerConfig) {
  if ('command' in server) {
    return {
      type: 'stdio' as const,
      command: server.command,
      ...(server.args ? { args: server.args } : {}),
      ...(server.env ? { env: server.env } : {}),
      ...(server.cwd ? { cwd: server.cwd } : {}),
    };
  }
  return {
    type: server.transport ?? ('http' as const),
    url: server.url,
    ...(server.headers ? { headers: server.headers } : {}),
  };
}

/** Values that must never appear in messages: headers and env of MCP servers, auth tokens. */
function secretsOf(config: ArsenalConfig): string[] {
  const secrets: string[] = [];
  for (const server of Object.values(config.mcpServers ?? {})) {
    const values =
      'command' in server ? Object.values(server.env ?? {}) : Object.values(server.headers ?? {});
    secrets.push(...values.filter((value) => value.length >= 4));
    if ('url' in server) {
      const url = new URL(server.url);
      if (url.password) secrets.push(url.password);
    }
  }
  for (const credential of config.serve?.auth?.tokens ?? []) secrets.push(credential.token);
  return secrets;
}

async function readCatalog(path: string): Promise<ToolDefinitionInput[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConfigurationError(
      `tools.catalogs: cannot read ${path} (${(error as { code?: string }).code ?? (error as Error).message}); check the path (relative paths start at the config file's folder).`,
      { cause: error },
    );
  }
  const extension = extname(path).toLowerCase();
  if (extension === '.yaml' || extension === '.yml') {
    let value: unknown;
    try {
      value = parseYaml(text);
    } catch (error) {
      throw new CatalogError(path, `not valid YAML: ${(error as Error).message}`, undefined, {
        cause: error,
      });
    }
    const list = Array.isArray(value) ? value : (value as { tools?: unknown } | null)?.tools;
    return catalogValueToInputs(list ?? value, path);
  }
  if (extension === '.json' || extension === '.jsonl') {
    return parseCatalog(text, { format: extension === '.json' ? 'json' : 'jsonl', source: path });
  }
  throw new ConfigurationError(
    `tools.catalogs: cannot tell the format of ${path}; name it .json, .jsonl, .yaml or .yml.`,
  );
}

function reportSummary(
  summary: RegistrationSummary,
  where: string,
  warn: (message: string) => void,
): void {
  reportFailures(summary.failed, where, warn);
  const held = summary.quarantined[0];
  if (held) {
    warn(
      `${where}: quarantined ${summary.quarantined.length} tool(s) the poisoning detector flagged (first: ${held.tool.qualifiedName}: ${held.findings[0]?.message ?? '?'}); they are withheld from models until approved (\`arsenal list --quarantined\` shows them)`,
    );
  }
  for (const warning of summary.warnings.slice(0, 5)) {
    warn(`${where}: tool "${warning.tool}": ${warning.path} ${warning.message}`);
  }
  if (summary.warnings.length > 5)
    warn(`${where}: ${summary.warnings.length - 5} more tool warning(s) like these`);
}

function reportFailures(
  failed: readonly { name?: string; error: Error }[],
  where: string,
  warn: (message: string) => void,
): void {
  const first = failed[0];
  if (first) {
    warn(
      `${where}: skipped ${failed.length} tool(s); first: ${first.name ?? '?'}: ${first.error.message.split('\n').join(' ')}`,
    );
  }
}
