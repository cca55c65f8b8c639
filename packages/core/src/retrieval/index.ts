export { compileFilters, principalMaySee } from './filters.js';
export { LexicalIndex } from './lexical-index.js';
export type {
  LexicalDocument,
  LexicalFieldOptions,
  LexicalHit,
  LexicalIndexOptions,
  LexicalSearchOptions,
  LexicalSearchResult,
} from './lexical-index.js';
export { DEFAULT_LEXICAL_FIELDS, toEmbeddingText, toLexicalDocument } from './tool-document.js';
export { ToolRetriever } from './tool-retriever.js';
export type { RetrievalWeights, ToolRetrieverOptions } from './tool-retriever.js';
export { newTraceId } from './trace-id.js';
export type {
  ConversationContext,
  RetrievalFilters,
  RetrievalRequest,
  RetrievalResult,
  RetrievalTimings,
  ScoreBreakdown,
  ScoredTool,
} from './types.js';
