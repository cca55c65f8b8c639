import type { Telemetry } from '../events/events.js';
import { noopTelemetry } from '../events/telemetry.js';
import { InMemoryStateStore } from '../memory/in-memory-state-store.js';
import { createSecurityPolicy, type SecurityPolicy } from '../policy/security-policy.js';
import type { Executor, ProgressUpdate } from '../ports/executor.js';
import type { HistoryStore } from '../ports/history-store.js';
import type { StateStore } from '../ports/state-store.js';
import type { ToolResolver } from '../registry/types.js';
import { SharedCircuitBreaker } from '../state/shared-circuit-breaker.js';
import { SharedConfirmations } from '../state/shared-confirmations.js';
import { SharedHealthTracker } from '../state/shared-health-tracker.js';
import { SharedInvocations } from '../state/shared-invocations.js';
import { createStateSync, type SharedStateOptions, type StateSync } from '../state/state-sync.js';
import { type BatchRequest, type BatchResult, runBatch } from './batch.js';
import { Bulkhead, type BulkheadOptions } from './bulkhead.js';
import type { CallState, Outcome } from './call-outcome.js';
import {
  CircuitBreaker,
  type CircuitBreakerOptions,
  type CircuitChange,
} from './circuit-breaker.js';
import { ConfirmationStore } from './confirmation.js';
import { HealthTracker } from './health-tracker.js';
import { InvocationManager, type InvocationStatus } from './invocations.js';
import { ExecutionPipeline } from './pipeline.js';
import { RateLimiter, type RateLimitOptions } from './rate-limiter.js';
import { resolveConfirmation } from './resolve-confirmation.js';
import { ResultCache, type ResultCacheOptions } from './result-cache.js';
import type { RetryOptions } from './retry.js';
import {
  type Clock,
  systemClock,
  type ToolCall,
  type ToolHealthReport,
  type ToolResult,
} from './types.js';

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
  subscribe(invocationId: string, listener: (update: ProgressUpdate) => void): () => void;
  /** Run a call parked as `pending_confirmation`, exactly once. */
  confirm(confirmationId: string): Promise<ToolResult>;
  /** Refuse a parked call; it is answered `cancelled`. */
  reject(confirmationId: string): Promise<ToolResult>;
  executeBatch(request: BatchRequest): Promise<BatchResult>;
  health(toolName: string): ToolHealthReport;
  /** Close the circuit of a tool by hand. */
  resetCircuit(toolName: string): void;
  /** Cancel running invocations, drop pending confirmations, close the stores the engine created. */
  close(): Promise<void>;
}

/**
 * Create the execution engine.
 *
 * @example
 * const engine = createExecutionEngine({ resolver: registry, historyStore: createInMemoryHistoryStore() });
 * const result = await engine.execute({ tool: 'get_weather', arguments: { city: 'Oslo' } });
 */
export function createExecutionEngine(options: ExecutionEngineOptions): ExecutionEngine {
  const clock = options.clock ?? systemClock;
  const telemetry = options.telemetry ?? noopTelemetry;
  const ownStateStore = options.stateStore
    ? undefined
    : new InMemoryStateStore({ now: () => clock.now() });
  const stateStore = options.stateStore ?? ownStateStore!;
  const emit: Telemetry['emit'] = (event) => {
    try {
      telemetry.emit(event);
    } catch {
      // Telemetry must never break a call.
    }
  };
  const sync = options.stateSync ?? createStateSync(options, clock, emit);
  const onCircuitChange = ({ key, from, to }: CircuitChange) =>
    emit({
      type: 'circuit.changed',
      time: new Date(clock.now()).toISOString(),
      tool: key,
      from,
      to,
    });
  // Without shared state, the plain classes: nothing on the call path waits for or writes a store.
  const breaker = sync
    ? new SharedCircuitBreaker(options.breaker, clock, onCircuitChange, sync)
    : new CircuitBreaker(options.breaker, clock, onCircuitChange);
  const health = sync ? new SharedHealthTracker(sync) : new HealthTracker();
  const confirmationTtlMs = options.confirmationTtlMs ?? 5 * 60_000;
  let sharedConfirmations: SharedConfirmations | undefined;
  const confirmations = new ConfirmationStore<CallState>(
    confirmationTtlMs,
    clock,
    sync ? (id, state, expiresAt) => sharedConfirmations?.parked(id, state, expiresAt) : undefined,
  );
  const pipeline = new ExecutionPipeline({
    resolver: options.resolver,
    executors: options.executors ?? [],
    telemetry,
    historyStore: options.historyStore,
    policy: options.policy ?? createSecurityPolicy(),
    breaker,
    health,
    rateLimiter: options.rateLimits
      ? new RateLimiter(
          options.rateLimits,
          stateStore,
          clock,
          sync && {
            succeeded: () => sync.succeeded('rate_limits'),
            failed: (error) => sync.failed('rate_limits', error),
          },
        )
      : undefined,
    bulkhead: new Bulkhead(options.concurrency?.maxQueuedPerTool ?? 0),
    concurrency: options.concurrency ?? {},
    cache: new ResultCache(options.cache ?? {}, clock),
    confirmations,
    retry: options.retry ?? {},
    clock,
    defaultTimeoutMs: options.defaultTimeoutMs ?? 30_000,
    maxArgumentBytes: options.maxArgumentBytes ?? 1024 * 1024,
    isSecretKey: options.isSecretKey,
  });
  let closed = false;
  const closedOutcome: Outcome = {
    status: 'cancelled' as const,
    error: {
      code: 'engine_closed',
      message: 'The execution engine is closed; create a new one.',
      errorType: 'CancelledError',
      retryable: false,
    },
  };
  const execute = (call: ToolCall): Promise<ToolResult> =>
    closed ? pipeline.answer(call, closedOutcome) : pipeline.execute(call);
  const qualified = (toolName: string): string => {
    try {
      return options.resolver.resolve(toolName)?.definition.qualifiedName ?? toolName;
    } catch {
      return toolName;
    }
  };
  const retentionMs = options.invocationRetentionMs ?? 10 * 60_000;
  let sharedInvocations: SharedInvocations | undefined;
  const invocations: InvocationManager = new InvocationManager({
    run: execute,
    clock,
    retentionMs,
    telemetry,
    ...(sync ? { onChange: (id, finished) => sharedInvocations?.changed(id, finished) } : {}),
    estimateMs: (tool) => {
      const resolved = options.resolver.resolve(tool);
      const report = health.report(qualified(tool), 'closed');
      if (report.totalCalls > 0) return report.averageLatencyMs;
      return resolved?.definition.cost.estimatedLatencyMs;
    },
  });
  if (sync) {
    sharedInvocations = new SharedInvocations(sync, () => invocations, retentionMs);
    sync.start();
  }
  const missingInvocation = (id: string): Promise<ToolResult> =>
    pipeline.answer(
      { tool: '' },
      {
        status: 'not_found',
        error: {
          code: 'invocation_not_found',
          message: `Invocation "${id}" is unknown or has expired (finished invocations are kept for invocationRetentionMs).`,
          errorType: 'ArsenalError',
          retryable: false,
        },
      },
    );
  const confirmationParts = {
    confirmations,
    pipeline,
    clock,
    emit,
    closed: () => (closed ? closedOutcome : undefined),
  };
  const resolveLocal = (id: string, outcome: 'confirmed' | 'rejected') =>
    resolveConfirmation(confirmationParts, id, outcome);
  if (sync) {
    sharedConfirmations = new SharedConfirmations({
      sync,
      ttlMs: confirmationTtlMs,
      hasLocal: (id) => confirmations.has(id),
      dropLocal: (id) => confirmations.drop(id),
      resolveLocal,
      runConfirmed: (call) =>
        closed ? pipeline.answer(call, closedOutcome) : pipeline.execute(call, true),
      answer: (call, outcome) => pipeline.answer(call, outcome),
      emit,
    });
  }
  const shared = sharedConfirmations;
  return {
    execute: execute as ExecutionEngine['execute'],
    invoke: (call) => invocations.invoke(call),
    status: (id) => invocations.status(id),
    cancel: (id) => invocations.cancel(id),
    findInvocation: async (id) =>
      sharedInvocations ? sharedInvocations.status(id) : invocations.status(id),
    cancelInvocation: async (id) =>
      sharedInvocations ? sharedInvocations.cancel(id) : invocations.cancel(id),
    syncSharedState: async () => sync?.tick(),
    result: async (id) =>
      (await invocations.result(id)) ??
      (await sharedInvocations?.result(id)) ??
      missingInvocation(id),
    stream: (id) => invocations.stream(id),
    subscribe: (id, listener) => invocations.subscribe(id, listener),
    confirm: (id) => (shared ? shared.resolve(id, 'confirmed') : resolveLocal(id, 'confirmed')),
    reject: (id) => (shared ? shared.resolve(id, 'rejected') : resolveLocal(id, 'rejected')),
    executeBatch: (request) =>
      runBatch(
        {
          execute,
          answer: (call, outcome) => pipeline.answer(call, outcome),
          describe: (tool) => {
            try {
              return options.resolver.resolve(tool)?.definition;
            } catch {
              return undefined;
            }
          },
          now: () => clock.now(),
        },
        request,
      ),
    health: (toolName) => {
      const key = qualified(toolName);
      return health.report(key, breaker.state(key));
    },
    resetCircuit: (toolName) => breaker.reset(qualified(toolName)),
    async close() {
      if (closed) return;
      closed = true;
      invocations.cancelAll();
      confirmations.clear();
      await sync?.close();
      await ownStateStore?.close();
    },
  };
}
