import type { ArsenalError } from '../errors/arsenal-error.js';
import type { Telemetry } from '../events/events.js';
import type { ExecutionEngineOptions } from '../execution/engine.js';
import type { SecurityPolicy } from '../policy/security-policy.js';
import type { Embedder } from '../ports/embedder.js';
import type { Principal } from '../ports/executor.js';
import type { PoisoningDetector } from '../ports/poisoning-detector.js';
import type { Reranker } from '../ports/reranker.js';
import type { EncodeOptions, Transcoder } from '../ports/transcoder.js';
import type { VectorStore } from '../ports/vector-store.js';
import type { ListOptions, RegisterOptions, ToolRegistry } from '../registry/tool-registry.js';
import type { ToolRetrieverOptions } from '../retrieval/tool-retriever.js';
import type { RetrievalRequest } from '../retrieval/types.js';
import type { HygieneMode } from '../tool/hygiene.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { EncodeWarning } from './encode-tool-list.js';
import type { QuarantinedTool } from './quarantine.js';

/**
 * Options of `createArsenal`: the ports to use (all optional) and how retrieval and execution
 * behave.
 */
export interface ArsenalOptions {
  /** Vendor formats `retrieveTools` and `transcode` can produce. */
  transcoders?: readonly Transcoder[];
  /** Adds semantic similarity to lexical retrieval. Needs `vectorStore`. */
  embedder?: Embedder;
  vectorStore?: VectorStore;
  telemetry?: Telemetry;
  /**
   * What to do with a code-defined tool the poisoning detector flags. Default `reject`.
   * Imported tools are quarantined instead, unless `quarantine` is false.
   */
  hygiene?: HygieneMode;
  /**
   * Quarantine imported tools (MCP servers, catalog and config files, any source but code) that
   * the poisoning detector flags: withheld from retrieval, listing and execution until
   * `approveQuarantined`. Default true; false makes them follow `hygiene` like code.
   */
  quarantine?: boolean;
  /**
   * The poisoning detectors every registered tool goes through; a tool any of them flags is
   * flagged. Default: the built-in rules alone (`[createRulePoisoningDetector()]`). A list
   * replaces the default, so keep the built-in rules in it to add a classifier beside them.
   */
  poisoningDetectors?: readonly PoisoningDetector[];
  /**
   * Content hashes (`ToolDefinition.contentHash`) of tools already approved: they are
   * registered even when flagged (a lock file of approvals, read at start-up).
   */
  approvedContentHashes?: readonly string[];
  /** Reranker over the top candidates (the built-in `createLexicalReranker()`, or a model). */
  reranker?: Reranker;
  /** Retrieval tuning: fields, weights, intents, learning, token counting, health, visibility. */
  retrieval?: Omit<
    ToolRetrieverOptions,
    'registry' | 'embedder' | 'vectorStore' | 'reranker' | 'telemetry'
  >;
  /** Share a registry between instances; default: a new one. */
  registry?: ToolRegistry;
  /**
   * Who may see and call what. Default: destructive tools need confirmation. Retrieval never
   * shows a principal a tool this policy denies it.
   */
  policy?: SecurityPolicy;
  /** Execution settings: executors, stores, breaker, retries, timeouts, limits, cache. */
  execution?: Omit<ExecutionEngineOptions, 'resolver' | 'telemetry' | 'policy'>;
  /** Learn from successful calls that carry their query (or the trace id of their retrieval). Default true. */
  learnFromOutcomes?: boolean;
}

/**
 * What `register` did: how many tools were added, updated or unchanged, and which failed and why.
 */
export interface RegistrationSummary {
  added: number;
  updated: number;
  unchanged: number;
  /** Tools that could not be registered, with the reason. Nothing else is skipped. */
  failed: { index: number; name?: string; error: ArsenalError }[];
  tools: ToolDefinition[];
  /**
   * Set when the embedder or vector store was unreachable: every tool is registered and found by
   * lexical search; `pending` of them reach the vector store on a later retrieve or register.
   */
  deferred?: { pending: number; error: ArsenalError };
  /** Imported tools the poisoning detector flagged: held back until approved. */
  quarantined: QuarantinedTool[];
  /** What was changed to make harmless content fit (a description cut, invisible characters removed). */
  warnings: { tool: string; path: string; message: string }[];
}

/**
 * Options of `register` and `addSource`: defaults for the inputs, where the tools come from, and
 * progress.
 */
export interface ArsenalRegisterOptions extends Omit<RegisterOptions, 'hygiene'> {
  hygiene?: HygieneMode;
  /**
   * Where these tools come from. `imported` ones are quarantined when flagged; `code` ones follow
   * `hygiene`. Default: `code` for function tools and sources `function`/`manual`, `imported`
   * for every other source; `addSource` registers as `imported`.
   */
  origin?: 'code' | 'imported';
  /** With `addSource`: receives errors of re-syncs after a source reported a change. */
  onSyncError?: (error: ArsenalError) => void;
  /** Told how many of the tools are registered so far, after each batch. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/** A source added with `addSource`. */
export interface SourceHandle {
  /** What the first load registered. */
  summary: RegistrationSummary;
  /** Qualified names of the tools the source currently contributes. */
  tools(): string[];
  /** Stop following the source's changes; optionally remove its tools. */
  stop(options?: { unregister?: boolean }): Promise<void>;
}

/**
 * The tool type each dialect's transcoder produces, filled by the transcoder packages through
 * declaration merging, so that `retrieveTools(query, { dialect: 'anthropic' })` is typed
 * `Promise<AnthropicTool[]>` once `@arsenal/transcoder-anthropic` is imported. A third-party
 * transcoder adds its own:
 *
 * @example
 * ```ts
 * declare module '@arsenal/core' {
 *   interface DialectToolTypes {
 *     mistral: MistralTool;
 *   }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: transcoder packages fill it by declaration merging
export interface DialectToolTypes {}

/** The tool type `retrieveTools` returns for a dialect; `unknown` for a dialect no package typed. */
export type DialectTool<D extends string> = D extends keyof DialectToolTypes
  ? DialectToolTypes[D]
  : unknown;

/**
 * Options of `retrieveTools`: a retrieval request without its query, and the vendor format to
 * encode the tools in.
 */
export interface RetrieveToolsOptions<D extends string = string>
  extends Omit<RetrievalRequest, 'query'> {
  /**
   * `openai`, `anthropic`, `gemini`, `mcp`, or any registered transcoder's dialect. Optional when
   * exactly one transcoder is registered.
   */
  dialect?: D;
  encode?: EncodeOptions;
  /**
   * Told about each tool sent differently from what was asked: with `encode.strict`, a tool
   * strict mode cannot express is sent non-strict (the list never fails for one tool).
   * Default: a console warning.
   */
  onWarning?: (warning: EncodeWarning) => void;
}

/** Options of `listTools`: which tools to list, and for whom. */
export interface ListToolsOptions extends ListOptions {
  /** Only the tools this principal may see (what the policy does not deny it). */
  principal?: Principal;
}
