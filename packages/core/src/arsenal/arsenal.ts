import { InvalidArgumentError } from '../errors/arsenal-error.js';
import type { Telemetry } from '../events/events.js';
import type { BatchRequest, BatchResult } from '../execution/batch.js';
import type { ExecutionEngine } from '../execution/engine.js';
import type { InvocationStatus } from '../execution/invocations.js';
import type {
  PendingConfirmationInfo,
  ToolCall,
  ToolHealthReport,
  ToolResult,
} from '../execution/types.js';
import { poisoningDetectorFrom } from '../hygiene/poisoning-detectors.js';
import type { SecurityPolicy } from '../policy/security-policy.js';
import { visibleSuggestions, withVisibleRelations } from '../policy/visibility.js';
import type { Principal, ProgressUpdate } from '../ports/executor.js';
import type { HistoryStore } from '../ports/history-store.js';
import type { ToolSource } from '../ports/tool-source.js';
import type { EncodeOptions, Transcoder } from '../ports/transcoder.js';
import type { ToolRegistration, ToolRegistry } from '../registry/tool-registry.js';
import type { Outcome } from '../retrieval/outcome-memory.js';
import type { ToolRetriever } from '../retrieval/tool-retriever.js';
import type { RetrievalRequest, RetrievalResult } from '../retrieval/types.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { assembleArsenal, policyShows } from './arsenal-parts.js';
import { Dialects } from './dialects.js';
import { encodeReportingWarnings } from './encode-tool-list.js';
import { checkArsenalOptions } from './option-keys.js';
import { OutcomeLearning } from './outcome-learning.js';
import { Quarantine, type QuarantinedTool } from './quarantine.js';
import { type RegistrationTarget, registerApproved, registerTools } from './register-tools.js';
import { announceRegistryChanges } from './registry-events.js';
import { followSource } from './source-sync.js';
import type {
  ArsenalOptions,
  ArsenalRegisterOptions,
  DialectTool,
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
  readonly #dialects: Dialects;
  readonly #quarantine: Quarantine;
  /** What registering a batch needs (see registerTools). */
  readonly #registration: RegistrationTarget;
  readonly #learning: OutcomeLearning;

  constructor(options: ArsenalOptions = {}) {
    checkArsenalOptions(options);
    const parts = assembleArsenal(options);
    this.registry = parts.registry;
    this.telemetry = parts.telemetry;
    this.policy = parts.policy;
    this.engine = parts.engine;
    this.retriever = parts.retriever;
    this.#dialects = new Dialects(options.transcoders ?? []);
    this.#quarantine = new Quarantine(options.approvedContentHashes);
    this.#registration = {
      registry: this.registry,
      telemetry: this.telemetry,
      quarantine: this.#quarantine,
      hygiene: options.hygiene ?? 'reject',
      quarantineImported: options.quarantine ?? true,
      detector: poisoningDetectorFrom(options.poisoningDetectors),
    };
    this.#learning = new OutcomeLearning({
      enabled: options.learnFromOutcomes ?? true,
      retriever: this.retriever,
      history: options.execution?.historyStore,
      sync: parts.sync,
    });
    if (this.telemetry) announceRegistryChanges(this.registry, this.telemetry);
  }

  /**
   * Register one tool or many. Invalid tools are reported in `failed`, never silently dropped;
   * the valid ones are registered and (with an embedder) embedded before this resolves.
   *
   * Every tool goes through the poisoning detectors (`poisoningDetectors`, the built-in rules
   * by default). An imported tool (any
   * source but code: MCP, catalog and config files...) that trips it is quarantined (see
   * `quarantined()`, `approveQuarantined()`); a code-defined one follows the hygiene mode.
   */
  async register(
    tools: ToolRegistration | readonly ToolRegistration[],
    options: ArsenalRegisterOptions = {},
  ): Promise<RegistrationSummary> {
    const list = Array.isArray(tools) ? tools : [tools as ToolRegistration];
    const summary = await registerTools(this.#registration, list, options);
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
    const tool = registerApproved(this.#registration, reference);
    await this.retriever.sync();
    return tool;
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
    this.#learning.retrieved(result.traceId, result.query);
    return result;
  }

  /**
   * Run one tool call through validation, policy, confirmation, limits, breaker, retries and
   * audit. Never throws for tool failures: every outcome is a ToolResult. A successful call that
   * carries `query` (or the `traceId` of the retrieval that offered the tool) teaches retrieval.
   */
  execute<T = unknown>(toolCall: ToolCall): Promise<ToolResult<T>> {
    let call: ToolCall;
    let query: string | undefined;
    try {
      call = this.#dialects.decodeArguments(toolCall, this.registry);
      query = this.#learning.queryOf(call);
    } catch (error) {
      return Promise.reject(error);
    }
    // A call made for no query teaches nothing: its result is the engine's, with no step after.
    if (!query) return this.engine.execute<T>(call);
    const learnFrom = query;
    return this.engine.execute<T>(call.query ? call : { ...call, query }).then((result) => {
      this.#learning.called(learnFrom, result);
      return result;
    });
  }

  /** Start a call and return its invocation id at once (see status, cancel, result). */
  invoke(call: ToolCall): string {
    return this.engine.invoke(this.#dialects.decodeArguments(call, this.registry));
  }

  /**
   * Registered tools, sorted by qualified name; with a principal, only those the policy lets it
   * see (the same rule retrieval applies).
   */
  list(options: ListToolsOptions = {}): ToolDefinition[] {
    const { principal, ...listOptions } = options;
    const tools = this.registry.list(listOptions);
    if (!principal) return tools;
    return tools.filter((tool) => policyShows(this.policy, tool, principal));
  }

  /**
   * Whether a caller may see a tool: `principal`, or an anonymous caller when undefined, as the
   * policy judges it. The one rule every served surface applies before naming a tool (listings,
   * suggestions, refusals, pins, cards, manuals); retrieval and `list({ principal })` apply it too.
   */
  isVisible(tool: ToolDefinition, principal: Principal | undefined): boolean {
    return policyShows(this.policy, tool, principal);
  }

  /**
   * The tools a caller may see (see `isVisible`), sorted by qualified name. Unlike `list()`,
   * an undefined principal is an anonymous caller, not trusted in-process code.
   */
  visibleTools(
    principal: Principal | undefined,
    options: Omit<ListToolsOptions, 'principal'> = {},
  ): ToolDefinition[] {
    return this.registry.list(options).filter((tool) => this.isVisible(tool, principal));
  }

  /**
   * `tool` as a caller sees it: dependencies and `supersededBy` naming a tool the caller may not
   * see (or no registered tool) are left out. Served surfaces send tools through it.
   */
  viewFor(tool: ToolDefinition, principal: Principal | undefined): ToolDefinition {
    return withVisibleRelations(tool, (reference) => {
      let related: ToolDefinition | undefined;
      try {
        related = this.registry.resolve(reference)?.definition;
      } catch {
        return false;
      }
      return related !== undefined && this.isVisible(related, principal);
    });
  }

  /** Names close to `reference` ("did you mean") whose tools the caller may see, best first. */
  suggestVisible(reference: string, principal: Principal | undefined, limit = 3): string[] {
    return visibleSuggestions(this.registry, this.policy, reference, principal, limit);
  }

  /** Status of an invocation this instance runs (`invoke`), or undefined for an unknown id. */
  status(invocationId: string): InvocationStatus | undefined {
    return this.engine.status(invocationId);
  }

  /** Cancel an invocation this instance runs; false when it is unknown or already finished. */
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

  /** Wait for an invocation's result (a `not_found` result for an unknown or expired id). */
  result(invocationId: string): Promise<ToolResult> {
    return this.engine.result(invocationId);
  }

  /** Progress updates and partial results of an invocation, until it ends. */
  stream(invocationId: string): AsyncIterable<ProgressUpdate> {
    return this.engine.stream(invocationId);
  }

  /** Run a call that was answered `pending_confirmation`, exactly once. */
  confirm(confirmationId: string): Promise<ToolResult> {
    return this.engine.confirm(confirmationId);
  }

  /** Refuse a call that was answered `pending_confirmation`: it never runs. */
  reject(confirmationId: string): Promise<ToolResult> {
    return this.engine.reject(confirmationId);
  }

  /** The calls waiting for a human, from any caller and any replica sharing state (see the engine). */
  pendingConfirmations(options?: { limit?: number }): Promise<PendingConfirmationInfo[]> {
    return this.engine.pendingConfirmations(options);
  }

  /**
   * Run several calls in one round (parallel, sequential or adaptive), with de-duplication and a
   * call limit.
   */
  executeBatch(request: BatchRequest): Promise<BatchResult> {
    return this.engine.executeBatch({
      ...request,
      calls: request.calls.map((call) => this.#dialects.decodeArguments(call, this.registry)),
    });
  }

  /** Success rate, latency and circuit state of a tool (by name or qualified name). */
  health(tool: string): ToolHealthReport {
    return this.engine.health(tool);
  }

  /**
   * Remember that a tool answered a query well: later retrievals of similar queries rank it
   * higher. The execution engine calls this for successful calls that carry their query.
   */
  learn(outcome: Outcome): void {
    this.#learning.learn(outcome);
  }

  /**
   * Relearn from audit history: every successful call whose record carries its query becomes an
   * outcome again. This is how learning survives restarts (the engine's `historyStore`, e.g. the
   * JSONL file history) and how it is seeded from a log of past calls. Returns how many were used.
   */
  learnFromHistory(
    history?: HistoryStore,
    options: { limit?: number; since?: string } = {},
  ): Promise<number> {
    return this.#learning.fromHistory(history, options);
  }

  /**
   * Retrieve, then encode for a model vendor: the list is ready to send, typed by dialect once
   * the dialect's transcoder package is imported. Without `dialect`, the only registered
   * transcoder's.
   *
   * @example
   * ```ts
   * const arsenal = createArsenal({ transcoders: [createAnthropicTranscoder()] });
   * const tools = await arsenal.retrieveTools('weather in Paris', { dialect: 'anthropic', limit: 5 });
   * // tools: AnthropicTool[]
   * ```
   */
  async retrieveTools<D extends string = string>(
    query: string,
    options: RetrieveToolsOptions<D> = {},
  ): Promise<DialectTool<D>[]> {
    const transcoder = this.transcoder(options.dialect ?? this.#dialects.only('retrieveTools'));
    const { dialect: _dialect, encode, onWarning, ...request } = options;
    const result = await this.retrieve({ ...request, query });
    const tools = result.tools.map((scored) => scored.tool);
    return encodeReportingWarnings(transcoder, tools, encode, onWarning) as DialectTool<D>[];
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
    return this.#dialects.get(dialect);
  }

  get dialects(): string[] {
    return this.#dialects.names;
  }

  /**
   * Stop watching sources, cancel running invocations and close the stores this instance created.
   */
  async close(): Promise<void> {
    this.retriever.close();
    await this.engine.close();
    await this.telemetry?.close?.();
  }
}

/**
 * Create an Arsenal with embedded defaults: in-memory registry, BM25F retrieval, no network.
 *
 * @example
 * const arsenal = createArsenal();
 * await arsenal.register(
 *   defineTool({
 *     name: 'get_weather',
 *     description: 'Current weather and forecast for a city.',
 *     input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
 *     handler: async ({ city }) => ({ city, tempC: 21 }),
 *   }),
 * );
 * const found = await arsenal.retrieve({ query: 'weather in Paris', limit: 5 });
 * const result = await arsenal.execute({ tool: 'get_weather', arguments: { city: 'Paris' } });
 */
export function createArsenal(options: ArsenalOptions = {}): Arsenal {
  return new Arsenal(options);
}

export type { QuarantinedTool } from './quarantine.js';
export type {
  ArsenalOptions,
  ArsenalRegisterOptions,
  DialectTool,
  DialectToolTypes,
  ListToolsOptions,
  RegistrationSummary,
  RetrieveToolsOptions,
  SourceHandle,
} from './types.js';
