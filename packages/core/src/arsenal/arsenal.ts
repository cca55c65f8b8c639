import { InvalidArgumentError, TranscodeError } from '../errors/arsenal-error.js';
import type { Telemetry } from '../events/events.js';
import { combineTelemetry } from '../events/telemetry.js';
import type { BatchRequest, BatchResult } from '../execution/batch.js';
import { createExecutionEngine, type ExecutionEngine } from '../execution/engine.js';
import type { InvocationStatus } from '../execution/invocations.js';
import {
  type PendingConfirmationInfo,
  systemClock,
  type ToolCall,
  type ToolHealthReport,
  type ToolResult,
} from '../execution/types.js';
import { createSecurityPolicy, type SecurityPolicy } from '../policy/security-policy.js';
import type { ProgressUpdate } from '../ports/executor.js';
import type { HistoryStore } from '../ports/history-store.js';
import type { ToolSource } from '../ports/tool-source.js';
import type { EncodeOptions, Transcoder } from '../ports/transcoder.js';
import { type ToolRegistration, ToolRegistry } from '../registry/tool-registry.js';
import type { Outcome } from '../retrieval/outcome-memory.js';
import { ToolRetriever } from '../retrieval/tool-retriever.js';
import type { RetrievalRequest, RetrievalResult } from '../retrieval/types.js';
import { SharedOutcomes } from '../state/shared-outcomes.js';
import { createStateSync } from '../state/state-sync.js';
import { isFunctionTool } from '../tool/define-tool.js';
import type { HygieneMode } from '../tool/hygiene.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { encodeToolList } from './encode-tool-list.js';
import { Quarantine, type QuarantinedTool } from './quarantine.js';
import { registerTools } from './register-tools.js';
import { followSource } from './source-sync.js';
import type {
  ArsenalOptions,
  ArsenalRegisterOptions,
  ListToolsOptions,
  RegistrationSummary,
  RetrieveToolsOptions,
  SourceHandle,
} from './types.js';

/**
 * The entry point: a registry, a retriever over it, and the transcoders that turn results
 * into the tool lists of each model vendor.
 */
export class Arsenal {
  readonly registry: ToolRegistry;
  readonly retriever: ToolRetriever;
  readonly telemetry: Telemetry | undefined;
  readonly engine: ExecutionEngine;
  readonly policy: SecurityPolicy;
  readonly #transcoders = new Map<string, Transcoder>();
  readonly #hygiene: HygieneMode;
  readonly #quarantineImported: boolean;
  readonly #quarantine: Quarantine;
  readonly #learn: boolean;
  readonly #historyStore: HistoryStore | undefined;
  /** Audit records already learned from, so replaying a history twice counts each once. */
  readonly #learnedRecords = new Set<string>();
  /** Recent retrievals by trace id, so a call made from one can teach its query. */
  readonly #recentQueries = new Map<string, string>();
  /** Learned outcomes shared with other replicas (with a shared state store). */
  readonly #sharedOutcomes: SharedOutcomes | undefined;

  constructor(options: ArsenalOptions = {}) {
    this.registry = options.registry ?? new ToolRegistry();
    // A failing sink must never fail a registration or a retrieval.
    this.telemetry = options.telemetry ? combineTelemetry(options.telemetry) : undefined;
    this.#hygiene = options.hygiene ?? 'reject';
    this.#quarantineImported = options.quarantine ?? true;
    this.#quarantine = new Quarantine(options.approvedContentHashes);
    this.#learn = options.learnFromOutcomes ?? true;
    this.#historyStore = options.execution?.historyStore;
    this.policy = options.policy ?? createSecurityPolicy();
    for (const transcoder of options.transcoders ?? [])
      this.#transcoders.set(transcoder.dialect, transcoder);
    const telemetry = this.telemetry;
    const sync = createStateSync(
      options.execution ?? {},
      options.execution?.clock ?? systemClock,
      (event) => telemetry?.emit(event),
    );
    this.engine = createExecutionEngine({
      ...options.execution,
      resolver: this.registry,
      telemetry: this.telemetry,
      policy: this.policy,
      ...(sync ? { stateSync: sync } : {}),
    });
    const policy = this.policy;
    const engine = this.engine;
    const extraVisibility = options.retrieval?.visibility;
    this.retriever = new ToolRetriever({
      health: (tool) => engine.health(tool.qualifiedName),
      ...options.retrieval,
      // A principal never sees a tool the policy would refuse it.
      visibility: (tool, principal) =>
        policy.evaluate({ tool, arguments: {}, principal }).effect !== 'deny' &&
        (extraVisibility ? extraVisibility(tool, principal) : true),
      registry: this.registry,
      embedder: options.embedder,
      vectorStore: options.vectorStore,
      reranker: options.reranker,
      telemetry: this.telemetry,
    });
    this.#sharedOutcomes =
      sync && this.#learn
        ? new SharedOutcomes(sync, (outcome) => this.retriever.recordOutcome(outcome))
        : undefined;
    this.registry.onChange((change) => {
      this.telemetry?.emit(
        change.type === 'removed'
          ? {
              type: 'tool.unregistered',
              time: new Date().toISOString(),
              tool: change.tool.name,
              qualifiedName: change.tool.qualifiedName,
            }
          : {
              type: 'tool.registered',
              time: new Date().toISOString(),
              tool: change.tool.name,
              qualifiedName: change.tool.qualifiedName,
              contentHash: change.tool.contentHash,
              change: change.type,
            },
      );
    });
  }

  /**
   * Register one tool or many. Invalid tools are reported in `failed`, never silently dropped;
   * the valid ones are registered and (with an embedder) embedded before this resolves.
   *
   * Every tool goes through one poisoning detector (`detectPoisoning`). An imported tool (any
   * source but code: MCP, catalog and config files...) that trips it is quarantined (see
   * `quarantined()`, `approveQuarantined()`); a code-defined one follows the hygiene mode.
   */
  async register(
    tools: ToolRegistration | readonly ToolRegistration[],
    options: ArsenalRegisterOptions = {},
  ): Promise<RegistrationSummary> {
    const list = Array.isArray(tools) ? tools : [tools as ToolRegistration];
    const summary = registerTools(
      {
        registry: this.registry,
        telemetry: this.telemetry,
        quarantine: this.#quarantine,
        hygiene: this.#hygiene,
        quarantineImported: this.#quarantineImported,
      },
      list,
      options,
    );
    const deferred = await this.retriever.syncOrDefer({ signal: options.signal });
    if (deferred) summary.deferred = { pending: this.retriever.pendingEmbeddings, error: deferred };
    return summary;
  }

  /** Imported tools the poisoning detector flagged, withheld from models until approved. */
  quarantined(): QuarantinedTool[] {
    return this.#quarantine.list();
  }

  /**
   * Approve a quarantined tool (by qualified name, `namespace.name` or an unambiguous name) and
   * register it. The approval holds for this exact content: a changed tool is checked again.
   */
  async approveQuarantined(reference: string): Promise<ToolDefinition> {
    const held = this.#quarantine.approve(reference);
    const outcome = this.registry.register(
      isFunctionTool(held.registration) ? held.registration : held.tool,
      { hygiene: 'off', ...(held.executor ? { executor: held.executor } : {}) },
    );
    this.telemetry?.emit({
      type: 'tool.approved',
      time: new Date().toISOString(),
      tool: outcome.tool.name,
      qualifiedName: outcome.tool.qualifiedName,
      contentHash: outcome.tool.contentHash,
    });
    await this.retriever.sync();
    return outcome.tool;
  }

  /** Drop a quarantined tool without approving it (a source that lists it again brings it back). */
  discardQuarantined(qualifiedName: string): void {
    this.#quarantine.release(qualifiedName);
  }

  /**
   * Register every tool a source discovers, bound to the source's executor, and keep them in
   * step while it reports changes: changed tools are re-registered (unchanged ones cost
   * nothing) and tools the source no longer lists are removed. `stop()` ends the watch;
   * `stop({ unregister: true })` also removes the source's tools.
   */
  async addSource(
    source: ToolSource,
    options: Omit<ArsenalRegisterOptions, 'executor'> = {},
  ): Promise<SourceHandle> {
    return followSource(this, source, options);
  }

  /** Remove a tool (every version, or the one a qualified name names). */
  async unregister(reference: string): Promise<ToolDefinition[]> {
    const removed = this.registry.unregister(reference);
    // A vector store that is down keeps the deletion queued; it is applied when the store is back.
    await this.retriever.syncOrDefer();
    return removed;
  }

  /** The tools that best match a request, scored and explained. */
  async retrieve(request: RetrievalRequest | string): Promise<RetrievalResult> {
    const result = await this.retriever.retrieve(
      typeof request === 'string' ? { query: request } : request,
    );
    if (this.#learn) {
      this.#recentQueries.set(result.traceId, result.query);
      if (this.#recentQueries.size > 1000)
        this.#recentQueries.delete(this.#recentQueries.keys().next().value as string);
    }
    return result;
  }

  /**
   * Run one tool call through validation, policy, confirmation, limits, breaker, retries and
   * audit. Never throws for tool failures: every outcome is a ToolResult. A successful call that
   * carries `query` (or the `traceId` of the retrieval that offered the tool) teaches retrieval.
   */
  async execute<T = unknown>(toolCall: ToolCall): Promise<ToolResult<T>> {
    const call = this.#decodeArguments(toolCall);
    const query = call.query ?? (call.traceId ? this.#recentQueries.get(call.traceId) : undefined);
    const result = await this.engine.execute<T>(query && !call.query ? { ...call, query } : call);
    if (this.#learn && query && result.status === 'success' && result.qualifiedName) {
      this.retriever.recordOutcome({ query, tool: result.qualifiedName });
      this.#sharedOutcomes?.recorded({ query, tool: result.qualifiedName });
      // Its audit record carries the call id: learnFromHistory will not count it again.
      this.#learnedRecords.add(result.callId);
    }
    return result;
  }

  /** Start a call and return its invocation id at once (see status, cancel, result). */
  invoke(call: ToolCall): string {
    return this.engine.invoke(this.#decodeArguments(call));
  }

  /**
   * A call whose arguments came in a vendor's dialect, with them decoded back to the tool's own
   * schema by that dialect's transcoder. Unknown tools pass through for the engine to answer.
   */
  #decodeArguments(call: ToolCall): ToolCall {
    if (call.dialect === undefined || call.arguments === undefined) return call;
    const transcoder = this.transcoder(call.dialect);
    const tool = this.registry.get(call.tool);
    if (!tool || !transcoder.decodeArguments) return call;
    return { ...call, arguments: transcoder.decodeArguments(tool, call.arguments) };
  }

  /**
   * Registered tools, sorted by qualified name; with a principal, only those the policy lets it
   * see (the same rule retrieval applies).
   */
  list(options: ListToolsOptions = {}): ToolDefinition[] {
    const { principal, ...listOptions } = options;
    const tools = this.registry.list(listOptions);
    if (!principal) return tools;
    return tools.filter(
      (tool) => this.policy.evaluate({ tool, arguments: {}, principal }).effect !== 'deny',
    );
  }

  status(invocationId: string): InvocationStatus | undefined {
    return this.engine.status(invocationId);
  }

  cancel(invocationId: string): boolean {
    return this.engine.cancel(invocationId);
  }
  /** Status of an invocation any replica sharing the state store runs. */
  findInvocation(invocationId: string): Promise<InvocationStatus | undefined> {
    return this.engine.findInvocation(invocationId);
  }

  /** Cancel an invocation any replica sharing the state store runs. */
  cancelInvocation(invocationId: string): Promise<boolean> {
    return this.engine.cancelInvocation(invocationId);
  }

  result(invocationId: string): Promise<ToolResult> {
    return this.engine.result(invocationId);
  }

  stream(invocationId: string): AsyncIterable<ProgressUpdate> {
    return this.engine.stream(invocationId);
  }

  /** Run a call that was answered `pending_confirmation`, exactly once. */
  confirm(confirmationId: string): Promise<ToolResult> {
    return this.engine.confirm(confirmationId);
  }

  reject(confirmationId: string): Promise<ToolResult> {
    return this.engine.reject(confirmationId);
  }

  /** The calls waiting for a human, from any caller and any replica sharing state (see the engine). */
  pendingConfirmations(options?: { limit?: number }): Promise<PendingConfirmationInfo[]> {
    return this.engine.pendingConfirmations(options);
  }

  executeBatch(request: BatchRequest): Promise<BatchResult> {
    return this.engine.executeBatch({
      ...request,
      calls: request.calls.map((call) => this.#decodeArguments(call)),
    });
  }

  health(tool: string): ToolHealthReport {
    return this.engine.health(tool);
  }

  /**
   * Remember that a tool answered a query well: later retrievals of similar queries rank it
   * higher. The execution engine calls this for successful calls that carry their query.
   */
  learn(outcome: Outcome): void {
    this.retriever.recordOutcome(outcome);
    this.#sharedOutcomes?.recorded(outcome);
  }

  /**
   * Relearn from audit history: every successful call whose record carries its query becomes an
   * outcome again. This is how learning survives restarts (the engine's `historyStore`, e.g. the
   * JSONL file history) and how it is seeded from a log of past calls. Returns how many were used.
   */
  async learnFromHistory(
    history: HistoryStore | undefined = this.#historyStore,
    options: { limit?: number; since?: string } = {},
  ): Promise<number> {
    if (!history) {
      throw new InvalidArgumentError(
        'learnFromHistory needs a history store: pass one, or configure execution.historyStore.',
      );
    }
    const records = await history.query({
      status: 'success',
      limit: options.limit ?? 20_000,
      since: options.since,
    });
    let learned = 0;
    // Records come newest first; replay oldest first so recency decay and eviction stay right.
    for (const record of [...records].reverse()) {
      if (!record.query || this.#learnedRecords.has(record.id)) continue;
      this.#learnedRecords.add(record.id);
      this.retriever.recordOutcome({
        query: record.query,
        tool: record.qualifiedName ?? record.tool,
        at: Date.parse(record.completedAt) || undefined,
      });
      learned++;
    }
    return learned;
  }

  /** Retrieve, then encode for a model vendor: the list is ready to send. */
  async retrieveTools(query: string, options: RetrieveToolsOptions): Promise<unknown[]> {
    const transcoder = this.transcoder(options.dialect);
    const { dialect: _dialect, encode, onWarning, ...request } = options;
    const result = await this.retrieve({ ...request, query });
    const encoded = encodeToolList(
      transcoder,
      result.tools.map((scored) => scored.tool),
      encode,
    );
    for (const warning of encoded.warnings) {
      if (onWarning) onWarning(warning);
      else console.warn(`arsenal: ${warning.message}`);
    }
    return encoded.tools;
  }

  /** Encode one tool for a dialect. */
  transcode(tool: ToolDefinition | string, dialect: string, options?: EncodeOptions): unknown {
    const definition = typeof tool === 'string' ? this.registry.get(tool) : tool;
    if (!definition) {
      throw new InvalidArgumentError(
        `Cannot transcode "${String(tool)}": no such tool is registered.`,
      );
    }
    return this.transcoder(dialect).encode(definition, options);
  }

  /** The transcoder registered for a dialect; throws a TranscodeError naming the package to add. */
  transcoder(dialect: string): Transcoder {
    const transcoder = this.#transcoders.get(dialect);
    if (!transcoder) {
      const known = [...this.#transcoders.keys()];
      throw new TranscodeError(
        dialect,
        `No transcoder for dialect "${dialect}". Install @arsenal/transcoder-${dialect} and pass it to createArsenal({ transcoders: [...] })${
          known.length > 0 ? `; registered dialects: ${known.join(', ')}` : ''
        }.`,
        'transcoder_missing',
      );
    }
    return transcoder;
  }

  get dialects(): string[] {
    return [...this.#transcoders.keys()];
  }

  async close(): Promise<void> {
    this.retriever.close();
    await this.engine.close();
    await this.telemetry?.close?.();
  }
}

/** Create an Arsenal with embedded defaults: in-memory registry, BM25F retrieval, no network. */
export function createArsenal(options: ArsenalOptions = {}): Arsenal {
  return new Arsenal(options);
}

export type { QuarantinedTool } from './quarantine.js';
export type {
  ArsenalOptions,
  ArsenalRegisterOptions,
  ListToolsOptions,
  RegistrationSummary,
  RetrieveToolsOptions,
  SourceHandle,
} from './types.js';
