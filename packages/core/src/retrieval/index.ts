export type {
  ConversationContext,
  RetrievalFilters,
  RetrievalRequest,
  RetrievalResult,
  RetrievalTimings,
  ScoreBreakdown,
  ScoredTool,
} from './types.js';
