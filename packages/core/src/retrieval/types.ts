import type { Principal } from '../ports/executor.js';
import type { ToolDefinition, ToolHealth } from '../tool/tool-definition.js';

/** Which tools a retrieval may return. Every field narrows; absent fields do not. */
export interface RetrievalFilters {
  namespaces?: readonly string[];
  sources?: readonly string[];
  tags?: readonly string[];
  /** The tool must have every one of these capabilities. */
  requiredCapabilities?: readonly string[];
  /** The tool must have none of these capabilities. */
  excludedCapabilities?: readonly string[];
  /** Default true. */
  excludeDeprecated?: boolean;
  /** Drop tools whose circuit breaker is open. Default true. */
  excludeUnhealthy?: boolean;
  /** Only these tools (names or qualified names). */
  tools?: readonly string[];
  /** Never these tools (names or qualified names). */
  excludeTools?: readonly string[];
}

/** Conversation state that routing may use beyond the query. */
export interface ConversationContext {
  summary?: string;
  /** The last few messages, oldest first. */
  recentMessages?: readonly { role: string; content: string }[];
  /** Tools already called in this conversation. */
  usedTools?: readonly string[];
  /** Tools that failed in this conversation. */
  failedTools?: readonly string[];
  intent?: string;
}

export interface RetrievalRequest {
  query: string;
  /**
   * Prompt-token budget for the returned tools: the best set whose token estimate fits.
   * Counted by the retriever's token counter (a dependency-free estimate unless replaced).
   */
  tokenBudget?: number;
  /** MMR diversity in [0,1]: 0 keeps relevance order (default), higher spreads the picks. */
  diversity?: number;
  /** Rerank the top candidates with the configured reranker. Default: on when one is configured. */
  rerank?: boolean;
  /** Tools always returned (names or qualified names), on top of `limit`, marked `pinned`. */
  pinned?: readonly string[];
  /**
   * Order the returned tools by qualified name instead of score, so that the same set gives the
   * same prompt between turns and a provider's prompt cache stays valid.
   */
  stableOrder?: boolean;
  /** Add the tools that returned tools `require` (after the limit, marked `requiredBy`). */
  includeDependencies?: boolean;
  /** Per-request override of the scoring weights. */
  weights?: Partial<RoutingWeights>;
  /** Most tools to return. Default 5. */
  limit?: number;
  /** Drop tools scoring below this (final score, 0–1). */
  scoreThreshold?: number;
  filters?: RetrievalFilters;
  principal?: Principal;
  /**
   * Who reads the result: `'caller'` for a client of a served surface (without a principal it is
   * an anonymous caller), `'operator'` (default) for in-process code. As `ToolCall.audience`.
   */
  audience?: 'operator' | 'caller';
  context?: ConversationContext;
  signal?: AbortSignal;
  traceId?: string;
}

/** How much each signal contributed, each in [0,1], plus the weights used. */
export interface ScoreBreakdown {
  lexical: number;
  semantic?: number;
  /** Any further signals (intent, health, cost, penalties...). */
  [signal: string]: number | undefined;
}

/**
 * How the final score is made: relevance (lexical, semantic, sub-query, learned) plus intent,
 * conversation, health and cost, each weighted; minus penalties. Tuned defaults are documented
 * in docs/benchmarks.md.
 */
export interface RoutingWeights {
  /** Within relevance: BM25F over tool fields. */
  lexical: number;
  /** Within relevance: embedding similarity (only with an embedder). */
  semantic: number;
  /** Within relevance: being the best tool for one clause of a multi-part request. */
  subquery: number;
  /**
   * Within relevance: how well the tool's server (namespace, or `server__` name prefix) matches:
   * its best tool's match relative to the best tool's, or in full when a part of a multi-part
   * request needs it.
   */
  group: number;
  /**
   * How strongly the first `limit` places are spread over the servers the request matches as a
   * whole (each server ranked by its own text: its name and its tools' names and descriptions);
   * 0 keeps the flat order. Only catalogs with two or more servers have it. Default 0.
   */
  server: number;
  /**
   * Share of the places after the first five (of `limit`) reserved for the best tool of each
   * part of a multi-part request, when the parts go to different servers, so every part gets a
   * tool; 0 turns clause coverage off. Default 0.5.
   */
  coverage: number;
  /** Within relevance: similar past queries that this tool answered. */
  learned: number;
  /**
   * How much a match through the built-in lexicon of API vocabulary (`fetch` for `get`, `repo`
   * for `repository`, `sum` for `add`) counts in the lexical search, as a share of an exact
   * match; 0 turns the lexicon off.
   */
  lexicon: number;
  /** Share of the final score from relevance. */
  relevance: number;
  intent: number;
  /** Only when a conversation context is given. */
  conversation: number;
  health: number;
  cost: number;
  /** Subtracted when the tool was already used in this conversation. */
  usedPenalty: number;
  /** Subtracted when the tool failed in this conversation. */
  failedPenalty: number;
  /** Subtracted for deprecated tools (when they are not filtered out). */
  deprecatedPenalty: number;
  /** Share of the final score from the reranker, over the reranked candidates. */
  rerank: number;
}

export interface ScoredTool {
  tool: ToolDefinition;
  /** Always included by request, whatever its score. */
  pinned?: boolean;
  /** Added because these returned tools require it. */
  requiredBy?: string[];
  /** Estimated prompt tokens of this tool. */
  tokens?: number;
  /** Final score in [0,1]; higher is better. */
  score: number;
  rank: number;
  signals: ScoreBreakdown;
  health?: ToolHealth;
}

export interface RetrievalTimings {
  embeddingMs: number;
  searchMs: number;
  totalMs: number;
}

export interface RetrievalResult {
  query: string;
  /** The clauses searched separately, when the request had several parts. */
  subqueries?: string[];
  /** The classified intent, when one was found. */
  intent?: string;
  /** Weights used for this retrieval. */
  weights?: RoutingWeights;
  /** Estimated prompt tokens of the returned tools. */
  totalTokens?: number;
  /** Tools that ranked but did not fit the token budget. */
  overBudgetCount?: number;
  /** Stages that failed and were skipped (embedder, vector store, reranker): results are lexical. */
  warnings?: string[];
  tools: ScoredTool[];
  /** Candidates considered before filters. */
  candidateCount: number;
  /** Candidates removed by filters or policy (their names are never revealed). */
  filteredCount: number;
  timings: RetrievalTimings;
  traceId: string;
}
