import {
  ConfigurationError,
  PermissionDeniedError,
  RateLimitError,
  ToolNotFoundError,
  ValidationError,
} from '../errors/index.js';
import type { ArsenalEvent, Telemetry } from '../events/events.js';
import { noopTelemetry } from '../events/telemetry.js';
import { canonicalJson } from '../hash/canonical-json.js';
import type { SecurityPolicy } from '../policy/security-policy.js';
import type { Executor } from '../ports/executor.js';
import type { HistoryStore } from '../ports/history-store.js';
import type { ResolvedTool, ToolResolver } from '../registry/types.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { Bulkhead, BulkheadOptions } from './bulkhead.js';
import { type ArgumentCheck, normaliseArguments, validateArguments } from './call-arguments.js';
import {
  type CallState,
  callSpan,
  describeError,
  newCallState,
  type Outcome,
} from './call-outcome.js';
import type { CircuitBreaker } from './circuit-breaker.js';
import { recordedClient } from './client-requests.js';
import type { ConfirmationStore } from './confirmation.js';
import type { HealthTracker } from './health-tracker.js';
import { isoTime } from './iso-time.js';
import {
  cancelledOutcome,
  checkSerialisable,
  circuitOpenOutcome,
  invalidOutcome,
  safeCanExecute,
} from './outcome-builders.js';
import type { RateLimiter } from './rate-limiter.js';
import { recordCompletion } from './record-completion.js';
import type { ResultCache } from './result-cache.js';
import { backoffDelay, isIdempotentTool, type RetryOptions, sleep } from './retry.js';
import { type AttemptOutcome, runAttempt } from './run-attempt.js';
import type { Clock, ToolCall, ToolResult } from './types.js';

/** The parts a pipeline runs with; the engine builds them from its options. */
export interface PipelineParts {
  resolver: ToolResolver;
  executors: readonly Executor[];
  telemetry: Telemetry;
  historyStore: HistoryStore | undefined;
  policy: SecurityPolicy;
  breaker: CircuitBreaker;
  health: HealthTracker;
  rateLimiter: RateLimiter | undefined;
  bulkhead: Bulkhead;
  concurrency: BulkheadOptions;
  cache: ResultCache;
  confirmations: ConfirmationStore<CallState>;
  retry: RetryOptions;
  clock: Clock;
  defaultTimeoutMs: number;
  maxArgumentBytes: number;
  isSecretKey: ((key: string) => boolean) | undefined;
}

const iso = isoTime;

/** resolve → breaker → validate → policy → confirm → cache → limits → run → record. */
export class ExecutionPipeline {
  readonly #parts: PipelineParts;
  /** Whether anyone listens: without telemetry, events are not even built. */
  readonly #observed: boolean;

  constructor(parts: PipelineParts) {
    this.#parts = parts;
    this.#observed = parts.telemetry !== noopTelemetry;
  }

  #finish(state: CallState, outcome: Outcome): Promise<ToolResult> {
    return recordCompletion(this.#parts, (event) => this.#emit(event), state, outcome);
  }

  #emit(event: ArsenalEvent): void {
    try {
      this.#parts.telemetry.emit(event);
    } catch {
      // Telemetry must never break a call.
    }
  }

  /** Run a call; `confirmed` when a human already confirmed it (on another replica). */
  async execute(call: ToolCall, confirmed?: boolean): Promise<ToolResult> {
    const parts = this.#parts;
    const state = newCallState(call, parts.clock.now());
    if (confirmed) state.confirmed = true;
    if (
      typeof call !== 'object' ||
      call === null ||
      typeof call.tool !== 'string' ||
      call.tool === ''
    ) {
      const error = new ValidationError(
        'A call needs a tool name: { tool: "get_weather", arguments: {...} }.',
        [{ path: '/tool', message: 'must be a non-empty string' }],
      );
      state.call = { tool: '' };
      state.auditArguments = {};
      return this.#finish(state, invalidOutcome(error));
    }
    let resolved: ResolvedTool | undefined;
    try {
      resolved = parts.resolver.resolve(call.tool);
    } catch {
      resolved = undefined;
    }
    if (!resolved) {
      let suggestions: string[] = [];
      try {
        suggestions = parts.resolver.suggest(call.tool, 3);
      } catch {
        // Suggestions are a courtesy.
      }
      const error = new ToolNotFoundError(call.tool, suggestions);
      state.auditArguments = {};
      return this.#finish(state, {
        status: 'not_found',
        error: describeError(error, 'tool_not_found', { suggestions }),
      });
    }
    state.resolved = resolved;
    const definition = resolved.definition;
    const key = definition.qualifiedName;
    if (parts.breaker.state(key) === 'open') {
      state.auditArguments = {};
      return this.#finish(state, circuitOpenOutcome(this.#parts.breaker, definition));
    }
    const shaped = normaliseArguments(definition.name, call.arguments, parts.maxArgumentBytes);
    if (!shaped.ok) {
      state.auditArguments = shaped.auditArguments ?? {};
      return this.#finish(state, invalidOutcome(shaped.error));
    }
    state.arguments = shaped.arguments;
    let checked: ArgumentCheck;
    try {
      const pending = validateArguments(resolved, shaped.arguments);
      checked = pending instanceof Promise ? await pending : pending;
    } catch (error) {
      return this.#finish(state, {
        status: 'invalid_arguments',
        error: describeError(error, 'validation_failed'),
      });
    }
    if (!checked.ok) return this.#finish(state, invalidOutcome(checked.error));
    state.arguments = checked.arguments;
    const policyRequest = {
      tool: definition,
      arguments: state.arguments,
      principal: call.principal,
    };
    let decision: ReturnType<SecurityPolicy['evaluate']>;
    try {
      decision = parts.policy.evaluate(policyRequest);
    } catch (error) {
      decision = {
        effect: 'deny',
        reason: `the policy failed (${(error as Error)?.message ?? String(error)})`,
      };
    }
    if (call.requireConfirmation === true && decision.effect === 'allow') {
      decision = { effect: 'confirm', reason: 'the caller asked for a confirmation' };
    }
    if (this.#observed)
      this.#emit({
        type: 'policy.decision',
        time: iso(state.queuedAt),
        traceId: state.traceId,
        ...callSpan(state),
        callId: state.callId,
        tool: definition.name,
        ...(call.principal?.id !== undefined ? { principalId: call.principal.id } : {}),
        decision: decision.effect,
        reason: decision.reason,
      });
    if (decision.effect === 'deny') {
      const error = new PermissionDeniedError(definition.name, decision.reason);
      return this.#finish(state, {
        status: 'permission_denied',
        error: describeError(error),
      });
    }
    if (decision.effect === 'confirm' && !state.confirmed) {
      const pending = parts.confirmations.create(state);
      this.#emit({
        type: 'confirmation.requested',
        time: iso(state.queuedAt),
        traceId: state.traceId,
        confirmationId: pending.id,
        tool: definition.name,
      });
      return this.#finish(state, {
        status: 'pending_confirmation',
        confirmation: {
          id: pending.id,
          expiresAt: iso(pending.expiresAt),
          reason: decision.reason,
        },
      });
    }
    return this.run(state);
  }

  /** Answer a call without running it (batch limits, engine shutdown), audited like any other. */
  answer(call: ToolCall, outcome: Outcome): Promise<ToolResult> {
    const state = newCallState(call, this.#parts.clock.now());
    if (typeof call?.tool === 'string') {
      try {
        const resolved = this.#parts.resolver.resolve(call.tool);
        if (resolved) state.resolved = resolved;
      } catch {
        // The answer does not depend on it.
      }
    }
    state.auditArguments = {};
    if (
      typeof call?.arguments === 'object' &&
      call.arguments !== null &&
      !Array.isArray(call.arguments)
    ) {
      state.auditArguments = undefined;
      state.arguments = call.arguments as Record<string, unknown>;
    }
    return this.#finish(state, outcome);
  }

  /** Answer a parked call (rejected or expired confirmation) with its original ids. */
  conclude(state: CallState, outcome: Outcome): Promise<ToolResult> {
    return this.#finish(state, outcome);
  }

  /** Run a call that has passed policy (directly, or after a confirmation). */
  async run(state: CallState): Promise<ToolResult> {
    const parts = this.#parts;
    const resolved = state.resolved!;
    const definition = resolved.definition;
    const key = definition.qualifiedName;
    const call = state.call;
    if (call.signal?.aborted) return this.#finish(state, cancelledOutcome());
    let cacheKey: string | undefined;
    const ttl = call.cache === false ? undefined : parts.cache.ttlFor(definition);
    if (ttl !== undefined) {
      cacheKey = `${key}\u0000${call.principal?.id ?? ''}\u0000${canonicalJson(state.arguments)}`;
      const hit = parts.cache.get(cacheKey);
      if (hit)
        return this.#finish(state, {
          status: 'success',
          result: hit.value,
          cached: true,
        });
    }
    if (parts.rateLimiter?.applies(definition, call.principal)) {
      const refusal = await parts.rateLimiter.take(definition, call.principal);
      if (refusal)
        return this.#finish(
          state,
          this.#rateLimited(state, refusal.scope, refusal.retryAfterMs, refusal.message),
        );
    }
    const limit = this.#concurrencyLimit(definition);
    if (limit !== undefined) {
      let entered = parts.bulkhead.enter(key, limit, call.signal);
      if (entered instanceof Promise) entered = await entered;
      if (!entered) return this.#finish(state, this.#rateLimited(state, 'concurrency', 0));
    }
    try {
      return await this.#runGuarded(state, resolved, cacheKey, ttl);
    } finally {
      if (limit !== undefined) parts.bulkhead.leave(key);
    }
  }

  async #runGuarded(
    state: CallState,
    resolved: ResolvedTool,
    cacheKey: string | undefined,
    ttl: number | undefined,
  ): Promise<ToolResult> {
    const parts = this.#parts;
    const definition = resolved.definition;
    const key = definition.qualifiedName;
    const call = state.call;
    if (!parts.breaker.acquire(key))
      return this.#finish(state, circuitOpenOutcome(this.#parts.breaker, definition));
    const executor =
      resolved.executor ??
      parts.executors.find((candidate) => safeCanExecute(candidate, definition));
    if (!executor) {
      parts.breaker.release(key);
      const error = new ConfigurationError(
        `No executor can run tool "${definition.name}" (source "${definition.source}"). Pass one that can in the engine's executors option.`,
      );
      return this.#finish(state, {
        status: 'failure',
        error: describeError(error),
      });
    }
    const retries = Math.max(0, Math.min(10, call.retries ?? parts.retry.maxRetries ?? 0));
    const idempotent = isIdempotentTool(definition);
    const timeoutMs = call.timeoutMs ?? parts.defaultTimeoutMs;
    state.startedAt = parts.clock.now();
    let outcome: AttemptOutcome;
    for (;;) {
      state.attempt++;
      if (this.#observed)
        this.#emit({
          type: 'execution.started',
          time: iso(parts.clock.now()),
          traceId: state.traceId,
          ...callSpan(state),
          callId: state.callId,
          tool: definition.name,
          ...(call.principal?.id !== undefined ? { principalId: call.principal.id } : {}),
          attempt: state.attempt,
        });
      outcome = await runAttempt({
        executor,
        tool: definition,
        arguments: state.arguments,
        callId: state.callId,
        traceId: state.traceId,
        spanId: state.spanId,
        principal: call.principal,
        timeoutMs,
        signal: call.signal,
        onProgress: call.onProgress,
        onLog: call.onLog,
        onInputRequest: call.onInputRequest,
        client: call.client
          ? recordedClient(call.client, (event) => this.#emit(event), {
              traceId: state.traceId,
              callId: state.callId,
              tool: definition.qualifiedName,
              ...(call.principal ? { principalId: call.principal.id } : {}),
            })
          : undefined,
      });
      if (outcome.ok) outcome = checkSerialisable(definition.name, outcome.value);
      if (outcome.ok || outcome.status === 'cancelled') break;
      if (!outcome.error.retryable || !idempotent || state.attempt > retries) break;
      const delayMs = backoffDelay(state.attempt, parts.retry);
      this.#emit({
        type: 'execution.retry',
        time: iso(parts.clock.now()),
        traceId: state.traceId,
        ...callSpan(state),
        callId: state.callId,
        tool: definition.name,
        attempt: state.attempt + 1,
        delayMs,
        errorCode: outcome.error.code,
      });
      try {
        await sleep(delayMs, call.signal);
      } catch {
        outcome = { ok: false, status: 'cancelled', error: cancelledOutcome().error! };
        break;
      }
    }
    const finishedAt = parts.clock.now();
    if (outcome.ok || outcome.status !== 'cancelled') {
      parts.breaker.record(key, outcome.ok);
      parts.health.record(key, outcome.ok, finishedAt - state.startedAt, finishedAt);
    } else {
      parts.breaker.release(key);
    }
    if (outcome.ok) {
      if (cacheKey !== undefined && ttl !== undefined)
        parts.cache.set(cacheKey, outcome.value, ttl);
      return this.#finish(state, {
        status: 'success',
        result: outcome.value,
      });
    }
    return this.#finish(state, {
      status: outcome.status,
      error: outcome.error,
    });
  }

  #concurrencyLimit(definition: ToolDefinition): number | undefined {
    const options = this.#parts.concurrency;
    const declared = definition.metadata.maxConcurrency;
    const limit =
      options.tools?.[definition.qualifiedName] ??
      options.tools?.[definition.name] ??
      (typeof declared === 'number' ? declared : undefined) ??
      options.maxConcurrentPerTool;
    return limit === undefined || !Number.isFinite(limit) ? undefined : Math.max(1, limit);
  }

  #rateLimited(
    state: CallState,
    scope: 'tool' | 'principal' | 'concurrency',
    retryAfterMs: number,
    message?: string,
  ): Outcome {
    const definition = state.resolved!.definition;
    this.#emit({
      type: 'rate.limited',
      time: iso(this.#parts.clock.now()),
      traceId: state.traceId,
      tool: definition.name,
      ...(state.call.principal?.id !== undefined ? { principalId: state.call.principal.id } : {}),
      scope,
      retryAfterMs,
    });
    const error = new RateLimitError(definition.name, scope, retryAfterMs, message);
    return {
      status: 'rate_limited',
      error: describeError(error, 'rate_limited', { retryAfterMs }),
    };
  }
}
