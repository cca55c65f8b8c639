import type { Telemetry } from '../events/events.js';
import { noopTelemetry } from '../events/telemetry.js';
import { InMemoryStateStore } from '../memory/in-memory-state-store.js';
import { createSecurityPolicy } from '../policy/security-policy.js';
import { runBatch } from './batch.js';
import { Bulkhead } from './bulkhead.js';
import { schemaValidatorOption } from './call-arguments.js';
import type { CallState, Outcome } from './call-outcome.js';
import { CircuitBreaker, type CircuitChange } from './circuit-breaker.js';
import { ConfirmationStore } from './confirmation.js';
import type { ExecutionEngine, ExecutionEngineOptions } from './engine-types.js';
import { HealthTracker } from './health-tracker.js';
import { InvocationManager } from './invocations.js';
import { listPendingConfirmations, pendingLimit } from './pending-confirmations.js';
import { ExecutionPipeline } from './pipeline.js';
import { RateLimiter } from './rate-limiter.js';
import { resolveConfirmation } from './resolve-confirmation.js';
import { ResultCache } from './result-cache.js';
import { SharedCircuitBreaker } from './shared-state/shared-circuit-breaker.js';
import { SharedConfirmations } from './shared-state/shared-confirmations.js';
import { SharedHealthTracker } from './shared-state/shared-health-tracker.js';
import { SharedInvocations } from './shared-state/shared-invocations.js';
import { createStateSync } from './shared-state/state-sync.js';
import { systemClock, type ToolCall, type ToolResult } from './types.js';

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
    schemaValidator: schemaValidatorOption(options.schemaValidator),
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
