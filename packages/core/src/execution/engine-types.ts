import type { Telemetry } from '../events/events.js';
import type { SecurityPolicy } from '../policy/security-policy.js';
import type { Executor, ProgressUpdate } from '../ports/executor.js';
import type { HistoryStore } from '../ports/history-store.js';
import type { SchemaValidator } from '../ports/schema-validator.js';
import type { StateStore } from '../ports/state-store.js';
import type { ToolResolver } from '../registry/types.js';
import type { BatchRequest, BatchResult } from './batch.js';
import type { BulkheadOptions } from './bulkhead.js';
import type { CircuitBreakerOptions } from './circuit-breaker.js';
import type { InvocationStatus } from './invocations.js';
import type { RateLimitOptions } from './rate-limiter.js';
import type { ResultCacheOptions } from './result-cache.js';
import type { RetryOptions } from './retry.js';
import type { SharedStateOptions, StateSync } from './shared-state/state-sync.js';
import type {
  Clock,
  PendingConfirmationInfo,
  ToolCall,
  ToolHealthReport,
  ToolResult,
} from './types.js';

// What an execution engine is given and what it answers (createExecutionEngine builds one).

/**
 * Options of `createExecutionEngine`: where tools are found, and the limits, retries and stores
 * calls go through.
 */
export interface ExecutionEngineOptions {
  /** Finds tools by name, qualified name or alias (the registry implements it). */
  resolver: ToolResolver;
  /** Executors for tools the resolver returns without one: the first whose canExecute is true. */
  executors?: readonly Executor[];
  telemetry?: Telemetry;
  /**
   * State replicas share: rate limits, and (unless `sharedState` is false) breakers, health and
   * invocations. Default: in memory, for this process alone.
   */
  stateStore?: StateStore;
  /**
   * How breakers, health and invocations sync through `stateStore`; false keeps them per process
   * (rate limits still use the store). Ignored without a `stateStore`. See docs/configuration.md
   * for the consistency each kind of state gets.
   */
  sharedState?: SharedStateOptions | boolean;
  /** @internal The sync link when the caller (Arsenal) shares more state through it. */
  stateSync?: StateSync;
  /** Where audit records go. Default: none. */
  historyStore?: HistoryStore;
  /** Default: createSecurityPolicy() — destructive tools need confirmation. */
  policy?: SecurityPolicy;
  breaker?: CircuitBreakerOptions;
  retry?: RetryOptions;
  /** Per-attempt timeout when a call sets none. Default 30,000 ms. */
  defaultTimeoutMs?: number;
  /** Largest argument object, as UTF-8 JSON. Default 1 MiB. */
  maxArgumentBytes?: number;
  /**
   * Checks arguments against tools' JSON Schemas (tools defined with a Standard Schema such as
   * zod use that instead). Default: `coreSchemaValidator`; `@arsenal/validator-ajv` is another.
   */
  schemaValidator?: SchemaValidator;
  rateLimits?: RateLimitOptions;
  concurrency?: BulkheadOptions;
  cache?: ResultCacheOptions;
  /** How long a confirmation id stays valid. Default 5 minutes. */
  confirmationTtlMs?: number;
  /** How long finished invocations stay queryable. Default 10 minutes. */
  invocationRetentionMs?: number;
  clock?: Clock;
  /** Which argument keys are secrets in audit records. Default: isSecretKey. */
  isSecretKey?: (key: string) => boolean;
}

/** Runs tool calls safely; see docs/architecture/execution.md for the pipeline. */
export interface ExecutionEngine {
  /** Run one call. Never throws for tool failures: every outcome is a ToolResult. */
  execute<T = unknown>(call: ToolCall): Promise<ToolResult<T>>;
  /** Start a call and return its invocation id at once. */
  invoke(call: ToolCall): string;
  /** Status of an invocation this process runs. */
  status(invocationId: string): InvocationStatus | undefined;
  /** Cancel an invocation this process runs. */
  cancel(invocationId: string): boolean;
  /** Status of an invocation any replica sharing the state store runs (this one first). */
  findInvocation(invocationId: string): Promise<InvocationStatus | undefined>;
  /**
   * Cancel an invocation any replica runs: here at once, elsewhere at that replica's next sync
   * round. False when unknown or finished.
   */
  cancelInvocation(invocationId: string): Promise<boolean>;
  /** Run one round of shared-state sync now (no-op without shared state). */
  syncSharedState(): Promise<void>;
  /** Wait for an invocation's outcome (a `not_found` result for unknown or expired ids). */
  result(invocationId: string): Promise<ToolResult>;
  /** Progress and partial results of an invocation until it ends. */
  stream(invocationId: string): AsyncIterable<ProgressUpdate>;
  /**
   * Call `listener` with each progress update of an invocation; returns a function that stops
   * listening.
   */
  subscribe(invocationId: string, listener: (update: ProgressUpdate) => void): () => void;
  /** Run a call parked as `pending_confirmation`, exactly once. */
  confirm(confirmationId: string): Promise<ToolResult>;
  /** Refuse a parked call; it is answered `cancelled`. */
  reject(confirmationId: string): Promise<ToolResult>;
  /**
   * The calls waiting for a human (parked here, and with shared state on any replica), soonest
   * to expire first, arguments redacted. `limit` defaults to and is capped at 1,000.
   */
  pendingConfirmations(options?: { limit?: number }): Promise<PendingConfirmationInfo[]>;
  /**
   * Run several calls in one round (parallel, sequential or adaptive), with de-duplication and a
   * call limit.
   */
  executeBatch(request: BatchRequest): Promise<BatchResult>;
  /** Success rate, latency and circuit state of a tool (by name or qualified name). */
  health(toolName: string): ToolHealthReport;
  /** Close the circuit of a tool by hand. */
  resetCircuit(toolName: string): void;
  /** Cancel running invocations, drop pending confirmations, close the stores the engine created. */
  close(): Promise<void>;
}
