import { ArsenalError, InvalidArgumentError, throwIfAborted } from '../errors/arsenal-error.js';
import { isoTime } from '../events/iso-time.js';
import type { RegistryChange, ToolRegistry } from '../registry/tool-registry.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { gatherCandidates } from './candidates.js';
import { now } from './clock.js';
import { compileFilters, principalMaySee } from './filters.js';
import { type IntentClassifier, intentMatch, KeywordIntentClassifier } from './intent.js';
import { type Outcome, OutcomeMemory } from './outcome-memory.js';
import {
  checkLexiconWeight,
  checkRequest,
  DEFAULT_K1,
  DEFAULT_LIMIT,
  type ToolRetrieverOptions,
} from './retriever-options.js';
import { combineSignals, costScore, DEFAULT_ROUTING_WEIGHTS, healthScore } from './scoring.js';
import { finalizeSelection } from './selection.js';
import {
  clauseWinners,
  coverageClauses,
  coverClauses,
  diversifyServers,
  ServerIndex,
  serverSignal,
  wantedServers,
} from './server-routing.js';
import { estimateToolTokens, type TokenCounter } from './token-estimate.js';
import { DEFAULT_LEXICAL_FIELDS, toEmbeddingText } from './tool-document.js';
import { groupScores, toolGroup } from './tool-groups.js';
import { ToolTextIndex } from './tool-text-index.js';
import { newTraceId } from './trace-id.js';
import type { RetrievalRequest, RetrievalResult, RoutingWeights, ScoredTool } from './types.js';
import { VectorSync } from './vector-sync.js';

export type { ToolRetrieverOptions } from './retriever-options.js';

/** The match of a tool's group (server), or undefined when no group matched at all. */
function groupSignal(
  scores: ReadonlyMap<string, number>,
  tool: ToolDefinition,
): number | undefined {
  if (scores.size === 0) return undefined;
  const group = toolGroup(tool);
  return group === undefined ? 0 : (scores.get(group) ?? 0);
}

/**
 * Finds the tools that match a request. Candidates come from BM25F over tool fields, each
 * clause of a multi-part request, past successes, the conversation and (when configured)
 * vector similarity; each is scored by weighted signals, optionally reranked, filtered by
 * request, principal and policy, diversified, fitted to a token budget, and explained.
 */
export class ToolRetriever {
  readonly #registry: ToolRegistry;
  readonly #text: ToolTextIndex;
  readonly #servers = new ServerIndex();
  readonly #vectors: VectorSync | undefined;
  readonly #weights: RoutingWeights;
  readonly #options: ToolRetrieverOptions;
  readonly #intents: IntentClassifier;
  readonly #keywordIntents: KeywordIntentClassifier;
  readonly #memory: OutcomeMemory | undefined;
  readonly #tokenCounter: TokenCounter;
  readonly #unsubscribe: () => void;

  constructor(options: ToolRetrieverOptions) {
    const cacheSize = options.queryEmbeddingCacheSize;
    if (cacheSize !== undefined && !(Number.isInteger(cacheSize) && cacheSize >= 0)) {
      throw new InvalidArgumentError(
        `queryEmbeddingCacheSize must be a whole number of queries (0 turns the cache off), got ${String(cacheSize)}.`,
      );
    }
    if (options.embedder && !options.vectorStore) {
      throw new InvalidArgumentError(
        'An embedder needs a vector store: pass vectorStore (createInMemoryVectorStore() works anywhere).',
      );
    }
    checkLexiconWeight(options.weights?.lexicon, 'retrieval options');
    this.#options = options;
    this.#registry = options.registry;
    this.#text = new ToolTextIndex({
      fields: options.fields ?? DEFAULT_LEXICAL_FIELDS,
      k1: options.k1 ?? DEFAULT_K1,
      queryTermSaturation: options.queryTermSaturation,
      tools: () => this.#registry.all(),
      catalogWeights: options.catalogWeights,
      work: options.lexicalWork,
    });
    this.#vectors =
      options.embedder && options.vectorStore
        ? new VectorSync(options.embedder, options.vectorStore, options.queryEmbeddingCacheSize)
        : undefined;
    this.#weights = { ...DEFAULT_ROUTING_WEIGHTS, ...options.weights };
    this.#keywordIntents = new KeywordIntentClassifier(options.intents);
    this.#intents = options.intentClassifier ?? this.#keywordIntents;
    this.#memory = options.memory === false ? undefined : (options.memory ?? new OutcomeMemory());
    this.#tokenCounter = options.tokenCounter ?? estimateToolTokens;
    for (const tool of this.#registry.all()) this.#apply({ type: 'added', tool });
    this.#unsubscribe = this.#registry.onChange((change) => this.#apply(change));
  }

  /** Number of tools waiting to be embedded. */
  get pendingEmbeddings(): number {
    return this.#vectors?.pending ?? 0;
  }

  /** The outcome memory learning uses (undefined when learning is off). */
  get memory(): OutcomeMemory | undefined {
    return this.#memory;
  }

  #apply(change: RegistryChange): void {
    if (change.type === 'removed') {
      this.#text.remove(change.tool);
      this.#servers.remove(change.tool);
    } else {
      this.#text.add(change.tool, change.previous);
      if (change.previous?.qualifiedName === change.tool.qualifiedName)
        this.#servers.remove(change.previous);
      this.#servers.add(change.tool);
    }
    this.#vectors?.apply(change);
  }

  /**
   * Like `sync`, but an embedder or vector store that is unreachable (a retryable error) does not
   * fail the caller: the work stays queued, the next retrieval or registration tries again, and
   * the error comes back so the caller can report it. Other errors are thrown.
   */
  async syncOrDefer(
    options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
  ): Promise<ArsenalError | undefined> {
    try {
      await this.sync(options);
      return undefined;
    } catch (error) {
      if (options.signal?.aborted || !ArsenalError.isInstance(error) || !error.retryable)
        throw error;
      return error;
    }
  }

  /** Embed and store every added or changed tool not yet embedded (unchanged tools never are). */
  sync(
    options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
  ): Promise<void> {
    return this.#vectors?.sync(options) ?? Promise.resolve();
  }

  /** Remember that `tool` answered `query` well; later retrievals use it. */
  recordOutcome(outcome: Outcome): void {
    const qualified = (name: string) => this.#registry.get(name)?.qualifiedName ?? name;
    this.#memory?.record({
      ...outcome,
      tool: qualified(outcome.tool),
      usedWith: outcome.usedWith?.map(qualified),
    });
  }

  async retrieve(request: RetrievalRequest): Promise<RetrievalResult> {
    const started = now();
    checkRequest(request);
    throwIfAborted(request.signal);
    const lexical = this.#text.current();
    const limit = request.limit ?? DEFAULT_LIMIT;
    const traceId = request.traceId ?? newTraceId();
    const weights: RoutingWeights = { ...this.#weights, ...request.weights };
    const passesFilters = compileFilters(request.filters, this.#options.health);
    const principal = request.principal;
    const visible = this.#visibleTo(request);
    const accept = this.#acceptance(request, visible, passesFilters);

    // Servers ranked as documents of their own; with two or more wanted, the list is diversified.
    const servers: Map<string, number> =
      weights.server > 0 ? this.#servers.score(request.query) : new Map();
    const wanted = wantedServers(servers);
    const gathered = await gatherCandidates({
      request,
      pool: Math.max(limit * 5, this.#options.candidatePool ?? 50),
      lexical,
      vectors: this.#vectors,
      memory: this.#memory,
      decompose: this.#options.decompose ?? true,
      // The parts' best tools serve clause coverage and tell the group signal which servers the
      // request needs.
      coverageClauses:
        weights.coverage > 0 || weights.group > 0 ? coverageClauses(request.query) : [],
      servers:
        wanted.length > 1
          ? {
              wanted,
              of: (id) => {
                const tool = this.#registry.get(id);
                return tool && toolGroup(tool);
              },
            }
          : undefined,
      lexiconWeight: weights.lexicon,
      usedTools: (request.context?.usedTools ?? []).map(
        (name) => this.#registry.get(name)?.qualifiedName ?? name,
      ),
      accept,
    });
    const intent =
      request.context?.intent ?? (await this.#intents.classify(request.query, request.context));
    const used = new Set(request.context?.usedTools ?? []);
    const failed = new Set(request.context?.failedTools ?? []);
    // Most requests name no used or failed tool: an empty set is not asked (nor a name built).
    const named = (set: Set<string>, tool: ToolDefinition) =>
      set.size > 0 &&
      (set.has(tool.name) ||
        set.has(tool.qualifiedName) ||
        set.has(`${tool.namespace}.${tool.name}`));

    const candidateTools: [ToolDefinition, number][] = [];
    for (const [id, raw] of gathered.candidates) {
      const tool = this.#registry.get(id);
      if (tool) candidateTools.push([tool, raw.lexical]);
    }
    const winners =
      gathered.clauses.length > 0
        ? clauseWinners(gathered.clauses, this.#servers, (id) => this.#registry.get(id))
        : [];
    const groups = groupScores(candidateTools, this.#groupsOf(winners));
    const ranked: ScoredTool[] = [];
    for (const [id, raw] of gathered.candidates) {
      const tool = this.#registry.get(id);
      if (!tool) continue;
      const health = this.#options.health?.(tool);
      const signals = {
        lexical: raw.lexical,
        semantic: gathered.semanticActive ? (raw.semantic ?? 0) : undefined,
        subquery: raw.subquery,
        group: groupSignal(groups, tool),
        server: serverSignal(servers, tool),
        learned: gathered.learnedActive ? (raw.learned ?? 0) : undefined,
        intent: intentMatch(intent, this.#keywordIntents.toolIntents(tool)),
        conversation: gathered.conversationActive ? (raw.conversation ?? 0) : undefined,
        health: healthScore(health),
        cost: costScore(tool),
        used: named(used, tool),
        failed: named(failed, tool),
        deprecated: tool.deprecated,
      };
      const { relevance, final } = combineSignals(signals, weights);
      if ((relevance <= 0 && !signals.conversation) || final <= 0) continue;
      const breakdown = explainSignals(signals, relevance, weights);
      ranked.push({ tool, score: final, rank: 0, signals: breakdown, health });
    }
    ranked.sort(
      (a, b) => b.score - a.score || (a.tool.qualifiedName < b.tool.qualifiedName ? -1 : 1),
    );
    const diverse = diversifyServers(ranked, servers, wanted, limit, weights.server);
    const covered =
      weights.coverage > 0 && winners.length > 0
        ? coverClauses(diverse, winners, limit, weights.coverage)
        : diverse;

    const selection = await finalizeSelection({
      request,
      ranked: covered,
      limit,
      weights,
      registry: this.#registry,
      reranker: request.rerank === false ? undefined : this.#options.reranker,
      rerankTopN: this.#options.rerankTopN ?? 20,
      tokenCounter: this.#tokenCounter,
      termVector: (tool) => lexical.termVector(tool.qualifiedName),
      vectorOf: (tool) => gathered.vectors.get(tool.qualifiedName),
      visible: (tool) => passesFilters(tool) && visible(tool),
    });

    const timings = {
      embeddingMs: gathered.embeddingMs,
      searchMs: gathered.searchMs,
      totalMs: now() - started,
    };
    this.#options.telemetry?.emit({
      type: 'retrieval.completed',
      time: isoTime(Date.now()),
      traceId,
      query: request.query,
      principalId: principal?.id,
      results: selection.tools.map((scored) => ({
        tool: scored.tool.qualifiedName,
        score: scored.score,
      })),
      candidateCount: gathered.candidateCount,
      filteredCount: gathered.filteredCount,
      timings,
    });
    return {
      query: request.query,
      tools: selection.tools,
      candidateCount: gathered.candidateCount,
      filteredCount: gathered.filteredCount,
      timings,
      traceId,
      subqueries: gathered.subqueries.length > 0 ? gathered.subqueries : undefined,
      intent,
      weights,
      totalTokens: selection.totalTokens,
      warnings:
        gathered.warnings.length + selection.warnings.length > 0
          ? [...gathered.warnings, ...selection.warnings]
          : undefined,
      overBudgetCount: selection.overBudgetCount,
    };
  }

  /** The servers (groups) of the request parts' best tools: the servers the request needs. */
  #groupsOf(winners: readonly string[]): string[] {
    const needed: string[] = [];
    for (const id of winners) {
      const tool = this.#registry.get(id);
      const group = tool && toolGroup(tool);
      if (group !== undefined) needed.push(group);
    }
    return needed;
  }

  /**
   * Whether the request's caller may see a tool. The policy decides when there is one (Arsenal
   * always passes it); the principal's own capabilities and namespaces decide otherwise.
   */
  #visibleTo(request: RetrievalRequest): (tool: ToolDefinition) => boolean {
    const { principal } = request;
    const visibility = this.#options.visibility;
    const audience = request.audience ?? 'operator';
    return (tool) =>
      visibility ? visibility(tool, principal, audience) : principalMaySee(tool, principal);
  }

  /**
   * Which tools a retrieval may return, decided once per tool since several searches ask about
   * the same tools. Older versions and tools hidden from the caller are not candidates at all
   * (null), so the counts a caller reads never count what it may not see; filters reject (false).
   */
  #acceptance(
    request: RetrievalRequest,
    visible: (tool: ToolDefinition) => boolean,
    passesFilters: (tool: ToolDefinition) => boolean,
  ): (id: string) => boolean | null {
    const pinnedVersions = request.filters?.tools;
    const decisions = new Map<string, boolean | null>();
    return (id) => {
      let decision = decisions.get(id);
      if (decision === undefined) {
        const tool = this.#registry.get(id);
        if (!tool) decision = null;
        else if (!this.#registry.isLatest(tool) && !pinnedVersions?.includes(tool.qualifiedName)) {
          decision = null;
        } else decision = visible(tool) ? passesFilters(tool) : null;
        decisions.set(id, decision);
      }
      return decision;
    };
  }

  /** Term vector of an indexed tool (for diversity and explanations). */
  termVector(tool: ToolDefinition): Map<string, number> {
    return this.#text.current().termVector(tool.qualifiedName);
  }

  /** The text embedders and rerankers read for a tool. */
  textOf(tool: ToolDefinition): string {
    return toEmbeddingText(tool);
  }

  close(): void {
    this.#unsubscribe();
  }
}

/** The signals of one scored tool as its explanation shows them: only the ones that took part. */
function explainSignals(
  signals: {
    lexical: number;
    subquery: number | undefined;
    group: number | undefined;
    server: number | undefined;
    semantic: number | undefined;
    learned: number | undefined;
    conversation: number | undefined;
    intent: number;
    health: number;
    cost: number;
    used: boolean;
    failed: boolean;
    deprecated: boolean | undefined;
  },
  relevance: number,
  weights: RoutingWeights,
): ScoredTool['signals'] {
  const breakdown: ScoredTool['signals'] = { lexical: signals.lexical, subquery: signals.subquery };
  if (signals.group !== undefined) breakdown.group = signals.group;
  if (signals.server !== undefined) breakdown.server = signals.server;
  if (signals.semantic !== undefined) breakdown.semantic = signals.semantic;
  if (signals.learned !== undefined) breakdown.learned = signals.learned;
  if (signals.conversation !== undefined) breakdown.conversation = signals.conversation;
  breakdown.intent = signals.intent;
  breakdown.health = signals.health;
  breakdown.cost = signals.cost;
  breakdown.penalty =
    (signals.used ? weights.usedPenalty : 0) +
    (signals.failed ? weights.failedPenalty : 0) +
    (signals.deprecated ? weights.deprecatedPenalty : 0);
  breakdown.relevance = relevance;
  return breakdown;
}
