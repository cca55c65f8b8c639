export type { ArsenalEvent, Telemetry } from '../events/events.js';
export type { Embedder } from './embedder.js';
export type {
  ClientRequests,
  ElicitationRequest,
  ElicitationResult,
  ExecutionRequest,
  Executor,
  Principal,
  ProgressUpdate,
  RootsResult,
  SamplingRequest,
  SamplingResult,
  ToolCallContext,
  ToolInputRequest,
  ToolInputResponse,
  ToolLogEntry,
  ToolLogLevel,
} from './executor.js';
export type { AuditRecord, HistoryQuery, HistoryStore } from './history-store.js';
export type { Planner, PlannerContext, PlanningTask } from './planner.js';
export type { PoisoningDetector, PoisoningFinding } from './poisoning-detector.js';
export type { RerankCandidate, Reranker, RerankResult } from './reranker.js';
export type { SchemaValidator } from './schema-validator.js';
export type { StateStore } from './state-store.js';
export type { ToolSource, ToolSourceChange } from './tool-source.js';
export { createStaticToolSource } from './tool-source.js';
export type { EncodeOptions, Transcoder } from './transcoder.js';
export type {
  FieldCondition,
  MetadataFilter,
  MetadataValue,
  VectorMatch,
  VectorQuery,
  VectorRecord,
  VectorStore,
  VectorUpsertOptions,
} from './vector-store.js';
