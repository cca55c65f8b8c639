import type { Telemetry } from '../events/events.js';
import { noopTelemetry } from '../events/telemetry.js';
import { InMemoryStateStore } from '../memory/in-memory-state-store.js';
import { createSecurityPolicy } from '../policy/security-policy.js';
import type { StateStore } from '../ports/state-store.js';
import type { ToolResolver } from '../registry/types.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { runBatch } from './batch.js';
import { Bulkhead } from './bulkhead.js';
import { schemaValidatorOption } from './call-arguments.js';
import type { CallState, Outcome } from './call-outcome.js';
import { CircuitBreaker, type CircuitChange } from './circuit-breaker.js';
import { ConfirmationStore } from './confirmation.js';
import type { ExecutionEngine, ExecutionEngineOptions } from './engine-types.js';
import { HealthTracker } from './health-tracker.js';
import { InvocationManager, type InvocationManagerOptions } from './invocations.js';
import { listPendingConfirmations, pendingLimit } from './pending-confirmations.js';
import { ExecutionPipeline, type PipelineParts } from './pipeline.js';
import { RateLimiter } from './rate-limiter.js';
import { type ConfirmationParts, resolveConfirmation } from './resolve-confirmation.js';
import { ResultCache } from './result-cache.js';
import { SharedCircuitBreaker } from './shared-state/shared-circuit-breaker.js';
import { SharedConfirmations } from './shared-state/shared-confirmations.js';
import { SharedHealthTracker } from './shared-state/shared-health-tracker.js';
import { SharedInvocations } from './shared-state/shared-invocations.js';
import { createStateSync, type StateSync } from './shared-state/state-sync.js';
import { type Clock, systemClock, type ToolCall, type ToolResult } from './types.js';

export type { ExecutionEngine, ExecutionEngineOptions } from './engine-types.js';

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
  const emit = guardedEmit(telemetry);
  const sync = options.stateSync ?? createStateSync(options, clock, emit);
  const { breaker, health } = createCallGuards(options, clock, emit, sync);
  const confirmationTtlMs = options.confirmationTtlMs ?? 5 * 60_000;
  let sharedConfirmations: SharedConfirmations | undefined;
  const confirmations = new ConfirmationStore<CallState>(
    confirmationTtlMs,
    clock,
    sync ? (id, state, expiresAt) => sharedConfirmations?.parked(id, state, expiresAt) : undefined,
  );
  const pipeline = createPipeline(options, {
    telemetry,
    breaker,
    health,
    rateLimiter: createRateLimiter(options, stateStore, clock, sync),
    confirmations,
    clock,
  });
  let closed = false;
  const closedOutcome = engineClosedOutcome();
  const execute = (call: ToolCall): Promise<ToolResult> =>
    closed ? pipeline.answer(call, closedOutcome) : pipeline.execute(call);
  const qualified = (toolName: string): string => qualifiedNameOf(options.resolver, toolName);
  const { invocations, sharedInvocations } = createInvocations({
    run: execute,
    clock,
    retentionMs: options.invocationRetentionMs ?? 10 * 60_000,
    telemetry,
    sync,
    estimateMs: (tool) => estimatedLatencyMs(options.resolver, health, qualified, tool),
  });
  sync?.start();
  const { resolve, shared } = createConfirmationResolver(
    { confirmations, pipeline, clock, emit, closed: () => (closed ? closedOutcome : undefined) },
    sync && { sync, ttlMs: confirmationTtlMs },
  );
  sharedConfirmations = shared;
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
      invocationNotFound(pipeline, id),
    stream: (id) => invocations.stream(id),
    subscribe: (id, listener) => invocations.subscribe(id, listener),
    confirm: (id) => resolve(id, 'confirmed'),
    reject: (id) => resolve(id, 'rejected'),
    pendingConfirmations: async (listing) =>
      listPendingConfirmations(
        { confirmations, shared, isSecretKey: options.isSecretKey },
        pendingLimit(listing?.limit),
      ),
    executeBatch: (request) =>
      runBatch(
        {
          execute,
          answer: (call, outcome) => pipeline.answer(call, outcome),
          describe: (tool) => describeTool(options.resolver, tool),
          now: () => clock.now(),
        },
        request,
      ),
    health: (toolName) => {
      const key = qualified(toolName);
      return health.report(key, breaker.toolState(key));
    },
    resetCircuit: (toolName) => breaker.resetTool(qualified(toolName)),
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

/**
 * Long calls: the invocation manager and, with shared state, its mirror in the store, through
 * which another replica's invocations are found, cancelled and awaited.
 */
function createInvocations(
  parts: Omit<InvocationManagerOptions, 'onChange'> & { sync: StateSync | undefined },
): { invocations: InvocationManager; sharedInvocations: SharedInvocations | undefined } {
  const { sync, ...managerOptions } = parts;
  let sharedInvocations: SharedInvocations | undefined;
  const invocations: InvocationManager = new InvocationManager({
    ...managerOptions,
    ...(sync ? { onChange: (id, finished) => sharedInvocations?.changed(id, finished) } : {}),
  });
  if (sync) {
    sharedInvocations = new SharedInvocations(sync, () => invocations, parts.retentionMs);
  }
  return { invocations, sharedInvocations };
}

/**
 * Confirming or rejecting a parked call, exactly once. Alone, the engine resolves the calls it
 * parked itself; with shared state, a call parked by another replica is resolved through the
 * store and run again here, confirmed (policy and validation run again).
 */
function createConfirmationResolver(
  parts: ConfirmationParts,
  sharing: { sync: StateSync; ttlMs: number } | undefined,
): {
  resolve: (id: string, outcome: 'confirmed' | 'rejected') => Promise<ToolResult>;
  shared: SharedConfirmations | undefined;
} {
  const { confirmations, pipeline } = parts;
  const resolveLocal = (id: string, outcome: 'confirmed' | 'rejected') =>
    resolveConfirmation(parts, id, outcome);
  if (!sharing) return { resolve: resolveLocal, shared: undefined };
  const shared = new SharedConfirmations({
    ...sharing,
    hasLocal: (id) => confirmations.has(id),
    dropLocal: (id) => confirmations.drop(id),
    resolveLocal,
    runConfirmed: (call) => {
      const closedOutcome = parts.closed();
      return closedOutcome ? pipeline.answer(call, closedOutcome) : pipeline.execute(call, true);
    },
    answer: (call, outcome) => pipeline.answer(call, outcome),
    emit: parts.emit,
  });
  return { resolve: (id, outcome) => shared.resolve(id, outcome), shared };
}

/** Telemetry's `emit`, made safe to call: a failing sink must never break a call. */
function guardedEmit(telemetry: Telemetry): Telemetry['emit'] {
  return (event) => {
    try {
      telemetry.emit(event);
    } catch {
      // Telemetry must never break a call.
    }
  };
}

/**
 * The circuit breaker (which reports each change as a `circuit.changed` event) and the health
 * tracker. Without shared state, the plain classes: nothing on the call path waits for or
 * writes a store.
 */
function createCallGuards(
  options: ExecutionEngineOptions,
  clock: Clock,
  emit: Telemetry['emit'],
  sync: StateSync | undefined,
): { breaker: CircuitBreaker; health: HealthTracker } {
  const onCircuitChange = ({ key, from, to }: CircuitChange) =>
    emit({
      type: 'circuit.changed',
      time: new Date(clock.now()).toISOString(),
      tool: key,
      from,
      to,
    });
  const breaker = sync
    ? new SharedCircuitBreaker(options.breaker, clock, onCircuitChange, sync)
    : new CircuitBreaker(options.breaker, clock, onCircuitChange);
  const health = sync ? new SharedHealthTracker(sync) : new HealthTracker();
  return { breaker, health };
}

/** The rate limiter when `rateLimits` are set; with shared state it reports its store's health. */
function createRateLimiter(
  options: ExecutionEngineOptions,
  stateStore: StateStore,
  clock: Clock,
  sync: StateSync | undefined,
): RateLimiter | undefined {
  if (!options.rateLimits) return undefined;
  return new RateLimiter(
    options.rateLimits,
    stateStore,
    clock,
    sync && {
      succeeded: () => sync.succeeded('rate_limits'),
      failed: (error) => sync.failed('rate_limits', error),
    },
  );
}

/** The call pipeline, from the engine's options (defaults applied) and the parts built for it. */
function createPipeline(
  options: ExecutionEngineOptions,
  parts: Pick<
    PipelineParts,
    'telemetry' | 'breaker' | 'health' | 'rateLimiter' | 'confirmations' | 'clock'
  >,
): ExecutionPipeline {
  return new ExecutionPipeline({
    resolver: options.resolver,
    executors: options.executors ?? [],
    telemetry: parts.telemetry,
    historyStore: options.historyStore,
    policy: options.policy ?? createSecurityPolicy(),
    breaker: parts.breaker,
    health: parts.health,
    rateLimiter: parts.rateLimiter,
    bulkhead: new Bulkhead(options.concurrency?.maxQueuedPerTool ?? 0),
    concurrency: options.concurrency ?? {},
    cache: new ResultCache(options.cache ?? {}, parts.clock),
    confirmations: parts.confirmations,
    retry: options.retry ?? {},
    clock: parts.clock,
    defaultTimeoutMs: options.defaultTimeoutMs ?? 30_000,
    maxArgumentBytes: options.maxArgumentBytes ?? 1024 * 1024,
    schemaValidator: schemaValidatorOption(options.schemaValidator),
    isSecretKey: options.isSecretKey,
  });
}

/** The answer to every call made after close(). */
function engineClosedOutcome(): Outcome {
  return {
    status: 'cancelled' as const,
    error: {
      code: 'engine_closed',
      message: 'The execution engine is closed; create a new one.',
      errorType: 'CancelledError',
      retryable: false,
    },
  };
}

/** The qualified name health and breakers key on; the name as given when it resolves to nothing. */
function qualifiedNameOf(resolver: ToolResolver, toolName: string): string {
  try {
    return resolver.resolve(toolName)?.definition.qualifiedName ?? toolName;
  } catch {
    return toolName;
  }
}

/** The definition of a tool, or undefined when it does not resolve (for batch planning). */
function describeTool(resolver: ToolResolver, toolName: string): ToolDefinition | undefined {
  try {
    return resolver.resolve(toolName)?.definition;
  } catch {
    return undefined;
  }
}

/**
 * How long a call to the tool is expected to take, for an invocation's estimate before any
 * progress arrives: its measured average once it has been called, else its declared cost.
 */
function estimatedLatencyMs(
  resolver: ToolResolver,
  health: HealthTracker,
  qualified: (toolName: string) => string,
  tool: string,
): number | undefined {
  const resolved = resolver.resolve(tool);
  const report = health.report(qualified(tool), 'closed');
  if (report.totalCalls > 0) return report.averageLatencyMs;
  return resolved?.definition.cost.estimatedLatencyMs;
}

/** The result asked for an invocation id that is unknown here and in shared state. */
function invocationNotFound(pipeline: ExecutionPipeline, id: string): Promise<ToolResult> {
  return pipeline.answer(
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
}
