/**
 * `@arsenal/core`: what an application built on Arsenal uses. Create an {@link Arsenal} with
 * `createArsenal`, define and register tools, retrieve and execute them, and plug in the ports.
 *
 * Listed by hand, so every name here is a decision (docs/adr/0009-curated-core-entries.md).
 * Helpers for packages that implement a port, a transcoder or a host live in
 * `@arsenal/core/adapter`; everything else is internal.
 *
 * @packageDocumentation
 */

// Types
export type {
  Arsenal,
  ArsenalOptions,
  ArsenalRegisterOptions,
  DialectTool,
  DialectToolTypes,
  ListToolsOptions,
  QuarantinedTool,
  RegistrationSummary,
  RetrieveToolsOptions,
  SourceHandle,
} from './arsenal/arsenal.js';
// Create and run Arsenal
export { createArsenal } from './arsenal/arsenal.js';
export type { EncodedToolList, EncodeWarning } from './arsenal/encode-tool-list.js';
export { encodeToolList } from './arsenal/encode-tool-list.js';
export type { CatalogFormat } from './catalog/index.js';
export { catalogToDefinitions, parseCatalog } from './catalog/index.js';
export type {
  ArsenalErrorCode,
  ArsenalErrorOptions,
  Issue,
  ModelServiceErrorOptions,
} from './errors/index.js';
// Errors: recognise them with `isInstance`
export {
  ArsenalError,
  CancelledError,
  CatalogError,
  CircuitOpenError,
  ConfigurationError,
  ConfirmationError,
  EmbedderError,
  InvalidArgumentError,
  PermissionDeniedError,
  RateLimitError,
  RerankerError,
  StateStoreError,
  SuspiciousContentError,
  ToolDefinitionError,
  ToolExecutionError,
  ToolNameCollisionError,
  ToolNotFoundError,
  ToolTimeoutError,
  TranscodeError,
  ValidationError,
  VectorStoreError,
} from './errors/index.js';
export type {
  ArsenalEventType,
  AuditFailedEvent,
  CallSpan,
  CircuitChangedEvent,
  ClientRequestEvent,
  ConfirmationEvent,
  ExecutionCompletedEvent,
  ExecutionRetryEvent,
  ExecutionStartedEvent,
  InMemoryTelemetry,
  InvocationEvent,
  PolicyDecisionEvent,
  RateLimitedEvent,
  RetrievalCompletedEvent,
  SharedStateKind,
  StateRecoveredEvent,
  StateUnavailableEvent,
  ToolApprovedEvent,
  ToolFlaggedEvent,
  ToolQuarantinedEvent,
  ToolRegisteredEvent,
  ToolUnregisteredEvent,
} from './events/index.js';
// Events and telemetry
export { combineTelemetry, createInMemoryTelemetry, noopTelemetry } from './events/index.js';
export type {
  BatchRequest,
  BatchResult,
  BatchStrategy,
  BulkheadOptions,
  CallCancellation,
  CircuitBreakerOptions,
  CircuitChange,
  CircuitScope,
  CircuitState,
  Clock,
  ExecutionEngine,
  ExecutionEngineOptions,
  ForcedToolChoice,
  FunctionExecutor,
  FunctionToolHandler,
  InvocationState,
  InvocationStatus,
  PendingConfirmation,
  PendingConfirmationInfo,
  RateLimitOptions,
  RateLimitRefusal,
  ResultCacheOptions,
  RetryOptions,
  TokenBucketLimit,
  ToolCall,
  ToolHealthReport,
  ToolResult,
  ToolResultError,
  ToolResultStatus,
  ToolSet,
  ToolSetRequest,
} from './execution/index.js';
// Execution without an Arsenal
export {
  createExecutionEngine,
  createFunctionExecutor,
  createStaticToolResolver,
} from './execution/index.js';
export type { SharedStateOptions } from './execution/shared-state/index.js';
export {
  combinePoisoningDetectors,
  createRulePoisoningDetector,
  detectPoisoning,
} from './hygiene/index.js';
export type {
  InMemoryHistoryStore,
  InMemoryHistoryStoreOptions,
  InMemoryStateStore,
  InMemoryStateStoreOptions,
  InMemoryVectorStore,
  InMemoryVectorStoreOptions,
} from './memory/index.js';
export {
  createInMemoryHistoryStore,
  createInMemoryStateStore,
  createInMemoryVectorStore,
} from './memory/index.js';
export type {
  DeclaredDependency,
  DependencyEdge,
  DependencyGraph,
  DependencyGraphJson,
  DependencyKind,
  DependencyPlannerOptions,
  ExecutionPlan,
  GraphChange,
  PlanCatalog,
  PlanHost,
  PlanIssue,
  Planning,
  PlanningOptions,
  PlanProgress,
  PlanRun,
  PlanRunStatus,
  PlanStep,
  PlanValidation,
  RunPlanOptions,
  StepAttempt,
  StepRun,
  StepStatus,
  ValueSource,
} from './planning/index.js';
// Planning
export {
  createDependencyPlanner,
  createPlanning,
  PlanError,
  runPlan,
  toDot,
  toMermaid,
  validatePlan,
} from './planning/index.js';
export type {
  PolicyDecision,
  PolicyRequest,
  PolicyRule,
  SecurityPolicy,
  SecurityPolicyOptions,
  UnmatchedPolicyPattern,
} from './policy/index.js';
// Policy
export {
  allowAllPolicy,
  createSecurityPolicy,
  DESTRUCTIVE_TOOL_PATTERNS,
  isDestructiveTool,
  unmatchedPolicyPatterns,
} from './policy/index.js';
export type {
  ArsenalEvent,
  AuditRecord,
  ClientRequests,
  ElicitationRequest,
  ElicitationResult,
  Embedder,
  EncodeOptions,
  ExecutionRequest,
  Executor,
  FieldCondition,
  HistoryQuery,
  HistoryStore,
  MetadataFilter,
  MetadataValue,
  Planner,
  PlannerContext,
  PlanningTask,
  PoisoningDetector,
  PoisoningFinding,
  Principal,
  ProgressUpdate,
  RerankCandidate,
  Reranker,
  RerankResult,
  RootsResult,
  SamplingRequest,
  SamplingResult,
  SchemaValidator,
  StateStore,
  Telemetry,
  ToolCallContext,
  ToolInputRequest,
  ToolInputResponse,
  ToolLogEntry,
  ToolLogLevel,
  ToolSource,
  ToolSourceChange,
  Transcoder,
  VectorMatch,
  VectorQuery,
  VectorRecord,
  VectorStore,
  VectorUpsertOptions,
} from './ports/index.js';
// Ports and the implementations core ships
export { createStaticToolSource } from './ports/index.js';
export type {
  ListOptions,
  RegisterOptions,
  RegistrationOutcome,
  RegistryChange,
  ResolvedTool,
  ToolRegistration,
  ToolRegistry,
  ToolResolver,
} from './registry/index.js';
export type {
  CandidateSignals,
  ConversationContext,
  IntentClassifier,
  LexicalReranker,
  LexicalRerankerOptions,
  Outcome,
  OutcomeMemoryOptions,
  RetrievalFilters,
  RetrievalRequest,
  RetrievalResult,
  RetrievalTimings,
  RoutingWeights,
  ScoreBreakdown,
  ScoredTool,
  TokenCounter,
  ToolRetriever,
  ToolRetrieverOptions,
} from './retrieval/index.js';
// Retrieval
export { createLexicalReranker, DEFAULT_ROUTING_WEIGHTS } from './retrieval/index.js';
export type {
  FromJsonSchema,
  JsonSchema,
  JsonSchemaType,
  StandardJsonSchemaTarget,
  StandardJsonSchemaV1,
  StandardSchemaV1,
} from './schema/index.js';
export { coreSchemaValidator } from './schema/index.js';
export type {
  CreateToolDefinitionOptions,
  DefineToolSpec,
  FunctionTool,
  HygieneMode,
  InferToolInput,
  ToolAnnotations,
  ToolCapability,
  ToolCost,
  ToolDefinition,
  ToolDefinitionInput,
  ToolDependency,
  ToolHealth,
  ToolSourceKind,
} from './tool/index.js';
// Define tools
export { createToolDefinition, defineTool, isFunctionTool } from './tool/index.js';
