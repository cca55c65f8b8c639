import { InvalidArgumentError } from '../errors/arsenal-error.js';
import type { Telemetry } from '../events/events.js';
import type { Embedder } from '../ports/embedder.js';
import type { Principal } from '../ports/executor.js';
import type { Reranker } from '../ports/reranker.js';
import type { VectorStore } from '../ports/vector-store.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import type { ToolDefinition, ToolHealth } from '../tool/tool-definition.js';
import type { IntentClassifier } from './intent.js';
import type { LexicalFieldOptions, LexicalSearchWork } from './lexical-types.js';
import type { OutcomeMemory } from './outcome-memory.js';
import type { TokenCounter } from './token-estimate.js';
import type { RetrievalRequest, RoutingWeights } from './types.js';

export interface ToolRetrieverOptions {
  registry: ToolRegistry;
  /** Lexical fields and their weights. Default DEFAULT_LEXICAL_FIELDS. */
  fields?: Readonly<Record<string, LexicalFieldOptions>>;
  /**
   * Let field weights follow the catalog's own statistics (no labels): where most tools share
   * their description, the parameters field counts up to as much as the description. Default
   * true.
   */
  catalogWeights?: boolean;
  /** BM25 term-frequency saturation. Default 1.2 (the usual BM25 value; measured in docs/benchmarks.md). */
  k1?: number;
  /** How much a word the request repeats counts more (BM25's k3); 0 counts it once. Default 0.5. */
  queryTermSaturation?: number;
  embedder?: Embedder;
  /** Where tool vectors live. Required with an embedder. */
  vectorStore?: VectorStore;
  /** Recent query vectors kept so a repeated query costs no embedding call; 0 turns it off. Default 256. */
  queryEmbeddingCacheSize?: number;
  /** Re-scores the top candidates. */
  reranker?: Reranker;
  /** Candidates the reranker sees. Default 20. */
  rerankTopN?: number;
  /** Scoring weights; unspecified ones keep DEFAULT_ROUTING_WEIGHTS. */
  weights?: Partial<RoutingWeights>;
  /** Candidates each retriever contributes before fusion. Default max(limit × 5, 50). */
  candidatePool?: number;
  /** Intent classification; default keyword intents (DEFAULT_INTENTS, or `intents`). */
  intentClassifier?: IntentClassifier;
  /** Keyword intents replacing DEFAULT_INTENTS for the default classifier. */
  intents?: Readonly<Record<string, readonly string[]>>;
  /** Split multi-part requests into clauses searched separately. Default true. */
  decompose?: boolean;
  /** Remember successful (query → tool) outcomes and use them. Default: a new memory; false turns learning off. */
  memory?: OutcomeMemory | false;
  /** Prompt tokens of a tool for budgets. Default: a dependency-free estimate. */
  tokenCounter?: TokenCounter;
  /** Runtime health by tool, for excluding open breakers and scoring. */
  health?: (tool: ToolDefinition) => ToolHealth | undefined;
  /** Extra visibility rule (policy): return false to withhold a tool from a principal. */
  visibility?: (
    tool: ToolDefinition,
    principal: Principal | undefined,
    audience: 'operator' | 'caller',
  ) => boolean;
  telemetry?: Telemetry;
  /**
   * Counters the lexical searches add their work to (postings read, documents scored), for
   * benchmarks that compare builds independently of the machine's load. Unset, nothing is counted.
   */
  lexicalWork?: LexicalSearchWork;
}

/** Tools a request gets when it names no `limit`. */
export const DEFAULT_LIMIT = 5;
/** BM25's term-frequency saturation when `k1` is not given. */
export const DEFAULT_K1 = 1.2;
const MAX_LIMIT = 1000;

/** Refuses a lexicon weight outside [0, 1]: a related word never counts more than the word. */
export function checkLexiconWeight(value: number | undefined, where: string): void {
  if (value !== undefined && !(typeof value === 'number' && value >= 0 && value <= 1)) {
    throw new InvalidArgumentError(
      `${where}: "weights.lexicon" must be a number from 0 (lexicon off) to 1 (a related word counts as the word itself), got ${String(value)}.`,
    );
  }
}

/** Refuses a malformed request with what to send instead. */
export function checkRequest(request: RetrievalRequest): void {
  if (typeof request?.query !== 'string') {
    throw new InvalidArgumentError(
      'retrieve: "query" must be a string, e.g. retrieve({ query: "send an email" }).',
    );
  }
  const limit = request.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new InvalidArgumentError(
      `retrieve: "limit" must be an integer from 1 to ${MAX_LIMIT}, got ${String(request.limit)}.`,
    );
  }
  const threshold = request.scoreThreshold ?? 0;
  if (typeof threshold !== 'number' || !(threshold >= 0 && threshold <= 1)) {
    throw new InvalidArgumentError('retrieve: "scoreThreshold" must be a number from 0 to 1.');
  }
  const diversity = request.diversity ?? 0;
  if (typeof diversity !== 'number' || !(diversity >= 0 && diversity <= 1)) {
    throw new InvalidArgumentError(
      'retrieve: "diversity" must be a number from 0 (relevance only) to 1.',
    );
  }
  checkLexiconWeight(request.weights?.lexicon, 'retrieve');
  if (
    request.tokenBudget !== undefined &&
    !(Number.isFinite(request.tokenBudget) && request.tokenBudget > 0)
  ) {
    throw new InvalidArgumentError('retrieve: "tokenBudget" must be a positive number of tokens.');
  }
}
