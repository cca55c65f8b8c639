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
  /** Most tools to return. Default 5. */
  limit?: number;
  /** Drop tools scoring below this (final score, 0–1). */
  scoreThreshold?: number;
  filters?: RetrievalFilters;
  principal?: Principal;
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

export interface ScoredTool {
  tool: ToolDefinition;
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
  tools: ScoredTool[];
  /** Candidates considered before filters. */
  candidateCount: number;
  /** Candidates removed by filters or policy (their names are never revealed). */
  filteredCount: number;
  timings: RetrievalTimings;
  traceId: string;
}
