export { compileFilters, principalMaySee } from './filters.js';
export type { IntentClassifier } from './intent.js';
export { DEFAULT_INTENTS, intentMatch, KeywordIntentClassifier } from './intent.js';
export { LexicalIndex } from './lexical-index.js';
export type { LexicalRerankerOptions } from './lexical-reranker.js';
export { createLexicalReranker, LexicalReranker } from './lexical-reranker.js';
export type {
  KeptScores,
  LexicalDocument,
  LexicalFieldOptions,
  LexicalHit,
  LexicalIndexOptions,
  LexicalSearchOptions,
  LexicalSearchResult,
  LexicalSearchWork,
} from './lexical-types.js';
export type { DiversityCandidate } from './mmr.js';
export { selectDiverse } from './mmr.js';
export type { Outcome, OutcomeMemoryOptions } from './outcome-memory.js';
export { OutcomeMemory } from './outcome-memory.js';
export { decomposeQuery } from './query-decomposition.js';
export type { CandidateSignals } from './scoring.js';
export { combineSignals, costScore, DEFAULT_ROUTING_WEIGHTS, healthScore } from './scoring.js';
export type { TokenCounter } from './token-estimate.js';
export { estimateToolTokens } from './token-estimate.js';
export { DEFAULT_LEXICAL_FIELDS, toEmbeddingText, toLexicalDocument } from './tool-document.js';
export type { ToolRetrieverOptions } from './tool-retriever.js';
export { ToolRetriever } from './tool-retriever.js';
export { newTraceId } from './trace-id.js';
export type {
  ConversationContext,
  RetrievalFilters,
  RetrievalRequest,
  RetrievalResult,
  RetrievalTimings,
  RoutingWeights,
  ScoreBreakdown,
  ScoredTool,
} from './types.js';
