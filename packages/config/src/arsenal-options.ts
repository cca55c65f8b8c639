import { isAbsolute, resolve } from 'node:path';
import {
  type ArsenalOptions,
  ConfigurationError,
  combineTelemetry,
  createLexicalReranker,
  createSecurityPolicy,
  type Embedder,
  type HistoryStore,
  type Reranker,
  type StateStore,
  type Telemetry,
  type VectorStore,
} from '@arsenal/core';
import { createAnthropicTranscoder } from '@arsenal/transcoder-anthropic';
import { createGeminiTranscoder } from '@arsenal/transcoder-gemini';
import { createMcpTranscoder } from '@arsenal/transcoder-mcp';
import { createOpenAITranscoder } from '@arsenal/transcoder-openai';
import { loadAdapter } from './adapter-loader.js';
import { policyOptionsOf } from './policy-coverage.js';
import type { ArsenalConfig } from './schema.js';

/** One telemetry adapter, or several combined (a failing one never affects the others). */
async function loadTelemetry(
  entries: ArsenalConfig['telemetry'],
  base: string,
): Promise<Telemetry | undefined> {
  if (entries === undefined) return undefined;
  if (!Array.isArray(entries)) return loadAdapter<Telemetry>(entries, base, 'telemetry');
  const sinks: Telemetry[] = [];
  try {
    for (const [index, entry] of entries.entries()) {
      sinks.push(await loadAdapter<Telemetry>(entry, base, `telemetry[${index}]`));
    }
  } catch (error) {
    // Adapters already started (a metrics server, an exporter) must not outlive a failed start.
    await Promise.allSettled(sinks.map((sink) => sink.close?.()));
    throw error;
  }
  return sinks.length === 1 ? sinks[0] : combineTelemetry(...sinks);
}

/** The history adapter; a relative `path` option (the JSONL file) is taken from the config's folder. */
async function loadHistory(config: ArsenalConfig): Promise<HistoryStore | undefined> {
  const history = config.history;
  if (history === undefined) return undefined;
  const path = history.options?.path;
  const options =
    typeof path === 'string' && !isAbsolute(path)
      ? { ...history.options, path: resolve(config.baseDir, path) }
      : history.options;
  const store = await loadAdapter<HistoryStore>(
    { ...history, ...(options ? { options } : {}) },
    config.baseDir,
    'history',
  );
  if (typeof store?.append !== 'function' || typeof store.query !== 'function') {
    await (store as Partial<HistoryStore> | undefined)?.close?.();
    throw new ConfigurationError(
      `history: "${history.use}" did not build a HistoryStore (append, query and count); point history.use at a history adapter such as @arsenal/history-postgres.`,
    );
  }
  return store;
}

/** The Arsenal options a config asks for: adapters by package name, policy, routing, execution. */
export async function arsenalOptions(config: ArsenalConfig): Promise<ArsenalOptions> {
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
  const telemetry = await loadTelemetry(config.telemetry, base);
  const state = config.state;
  const stateStore = state ? await loadAdapter<StateStore>(state, base, 'state') : undefined;
  const sharedState =
    state?.share === false
      ? false
      : {
          ...(state?.syncIntervalMs ? { syncIntervalMs: state.syncIntervalMs } : {}),
          ...(state?.replicaId ? { replicaId: state.replicaId } : {}),
        };
  const historyStore = await loadHistory(config);
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
    ...(config.policy ? { policy: createSecurityPolicy(policyOptionsOf(config.policy)) } : {}),
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
    ...(execution || stateStore || historyStore
      ? {
          execution: {
            ...(stateStore ? { stateStore, sharedState } : {}),
            ...(historyStore ? { historyStore } : {}),
            ...(execution?.rateLimits ? { rateLimits: execution.rateLimits } : {}),
            ...(execution?.breaker ? { breaker: execution.breaker } : {}),
            ...(execution?.timeoutMs ? { defaultTimeoutMs: execution.timeoutMs } : {}),
            ...(execution?.retries === undefined
              ? {}
              : { retry: { maxRetries: execution.retries } }),
            ...(execution?.maxArgumentBytes
              ? { maxArgumentBytes: execution.maxArgumentBytes }
              : {}),
            ...(execution?.confirmationTtlMs
              ? { confirmationTtlMs: execution.confirmationTtlMs }
              : {}),
          },
        }
      : {}),
  };
}
