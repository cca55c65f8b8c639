import { ConfigurationError } from '../errors/index.js';
import type { ArsenalEvent, ExecutionStartedEvent } from '../events/events.js';
import { isoTime } from '../events/iso-time.js';
import { canonicalJson } from '../hash/canonical-json.js';
import type { Executor } from '../ports/executor.js';
import type { ResolvedTool } from '../registry/types.js';
import { isCallAborted } from './call-abort.js';
import { concurrencyLimit, rateLimitedOutcome } from './call-limits.js';
import {
  type CallState,
  callSpan,
  describeError,
  type Outcome,
  withCallContext,
} from './call-outcome.js';
import { recordedClient } from './client-requests.js';
import { DeadlineTimer } from './deadline-timer.js';
import { isCallerFault } from './failure-cause.js';
import {
  cancelledOutcome,
  checkSerialisable,
  circuitOpenOutcome,
  safeCanExecute,
} from './outcome-builders.js';
import type { PipelineParts } from './pipeline.js';
import type { RateLimiter } from './rate-limiter.js';
import { backoffDelay, isIdempotentTool, sleepUnlessCancelled } from './retry.js';
import { type AttemptOutcome, runAttempt } from './run-attempt.js';
import type { ToolResult } from './types.js';

/** How one call's attempts run, worked out once before the first. */
interface AttemptPlan {
  resolved: ResolvedTool;
  /** The circuit the call runs under (the tool's, or the caller's for the tool). */
  breakerKey: string;
  executor: Executor;
  retries: number;
  idempotent: boolean;
  timeoutMs: number;
  cacheKey: string | undefined;
  ttl: number | undefined;
}

/**
 * The run phase of a call that passed policy: result cache → rate limit → concurrency limit →
 * breaker → attempts with retries → breaker, health and cache updated. Chained promises rather
 * than async functions: a call that needs no waiting (no rate limit, no bulkhead) goes from its
 * attempt to its record without an async frame in between.
 */
export class CallRunner {
  readonly #parts: PipelineParts;
  readonly #finish: (state: CallState, outcome: Outcome) => Promise<ToolResult>;
  readonly #conclude: (state: CallState, outcome: Outcome) => ToolResult | Promise<ToolResult>;
  readonly #emit: (event: ArsenalEvent) => void;
  readonly #observed: boolean;
  /** One timer for the deadlines of every attempt running. */
  readonly #deadlines = new DeadlineTimer();

  constructor(options: {
    parts: PipelineParts;
    /** Record an outcome; `conclude` may answer synchronously (within a promise chain). */
    finish: (state: CallState, outcome: Outcome) => Promise<ToolResult>;
    conclude: (state: CallState, outcome: Outcome) => ToolResult | Promise<ToolResult>;
    emit: (event: ArsenalEvent) => void;
    observed: boolean;
  }) {
    this.#parts = options.parts;
    this.#finish = options.finish;
    this.#conclude = options.conclude;
    this.#emit = options.emit;
    this.#observed = options.observed;
  }

  /** Run a call that has passed policy (directly, or after a confirmation). */
  run(state: CallState): Promise<ToolResult> {
    try {
      const result = this.#run(state);
      return result instanceof Promise ? result : Promise.resolve(result);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** A result at once when nothing on the way waits (an in-process tool that answers at once). */
  #run(state: CallState): ToolResult | Promise<ToolResult> {
    const parts = this.#parts;
    const resolved = state.resolved!;
    const definition = resolved.definition;
    const key = definition.qualifiedName;
    const call = state.call;
    if (isCallAborted(call)) return this.#finish(state, cancelledOutcome());
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
    if (parts.rateLimiter?.applies(definition, call.principal))
      return this.#runRateLimited(state, parts.rateLimiter, cacheKey, ttl);
    return this.#runLimited(state, cacheKey, ttl);
  }

  async #runRateLimited(
    state: CallState,
    rateLimiter: RateLimiter,
    cacheKey: string | undefined,
    ttl: number | undefined,
  ): Promise<ToolResult> {
    const definition = state.resolved!.definition;
    const refusal = await rateLimiter.take(definition, state.call.principal);
    if (refusal)
      return await this.#finish(
        state,
        rateLimitedOutcome(
          this.#parts.clock,
          this.#emit,
          state,
          refusal.scope,
          refusal.retryAfterMs,
          refusal.message,
        ),
      );
    return await this.#runLimited(state, cacheKey, ttl);
  }

  /** Within the tool's concurrency limit, when it has one (most calls run without). */
  #runLimited(
    state: CallState,
    cacheKey: string | undefined,
    ttl: number | undefined,
  ): ToolResult | Promise<ToolResult> {
    const limit = concurrencyLimit(this.#parts.concurrency, state.resolved!.definition);
    if (limit === undefined) return this.#runGuarded(state, cacheKey, ttl);
    return this.#runInBulkhead(state, limit, cacheKey, ttl);
  }

  async #runInBulkhead(
    state: CallState,
    limit: number,
    cacheKey: string | undefined,
    ttl: number | undefined,
  ): Promise<ToolResult> {
    const bulkhead = this.#parts.bulkhead;
    const key = state.resolved!.definition.qualifiedName;
    let entered = bulkhead.enter(key, limit, state.call);
    if (entered instanceof Promise) entered = await entered;
    if (!entered)
      return await this.#finish(
        state,
        rateLimitedOutcome(this.#parts.clock, this.#emit, state, 'concurrency', 0),
      );
    try {
      return await this.#runGuarded(state, cacheKey, ttl);
    } finally {
      bulkhead.leave(key);
    }
  }

  /** Breaker, then the attempts. */
  #runGuarded(
    state: CallState,
    cacheKey: string | undefined,
    ttl: number | undefined,
  ): ToolResult | Promise<ToolResult> {
    const parts = this.#parts;
    const resolved = state.resolved!;
    const definition = resolved.definition;
    const call = state.call;
    const key = parts.breaker.keyFor(definition.qualifiedName, call.principal);
    if (!parts.breaker.acquire(key))
      return this.#finish(state, circuitOpenOutcome(parts.breaker, definition, key));
    const executor =
      resolved.executor ??
      parts.executors.find((candidate) => safeCanExecute(candidate, definition));
    if (!executor) {
      parts.breaker.release(key);
      const error = new ConfigurationError(
        `No executor can run tool "${definition.name}" (source "${definition.source}"). Register it through its source's package (addSource), give it a handler, or pass an executor that can run it: createArsenal({ execution: { executors: [...] } }).`,
      );
      return this.#finish(state, {
        status: 'failure',
        error: describeError(error),
      });
    }
    const plan: AttemptPlan = {
      resolved,
      breakerKey: key,
      executor,
      retries: Math.max(0, Math.min(10, call.retries ?? parts.retry.maxRetries ?? 0)),
      idempotent: isIdempotentTool(definition),
      timeoutMs: call.timeoutMs ?? parts.defaultTimeoutMs,
      cacheKey,
      ttl,
    };
    state.startedAt = parts.clock.now();
    return this.#attempt(state, plan);
  }

  #attempt(state: CallState, plan: AttemptPlan): ToolResult | Promise<ToolResult> {
    const parts = this.#parts;
    const definition = plan.resolved.definition;
    const call = state.call;
    state.attempt++;
    if (this.#observed)
      this.#emit(
        withCallContext<ExecutionStartedEvent>(
          {
            type: 'execution.started',
            time: isoTime(parts.clock.now()),
            traceId: state.traceId,
            spanId: state.spanId,
            callId: state.callId,
            tool: definition.name,
            attempt: state.attempt,
          },
          state,
        ),
      );
    const attempted = runAttempt({
      executor: plan.executor,
      tool: definition,
      arguments: state.arguments,
      callId: state.callId,
      traceId: state.traceId,
      spanId: state.spanId,
      principal: call.principal,
      timeoutMs: plan.timeoutMs,
      signal: call.signal,
      cancellation: call.cancellation,
      onProgress: call.onProgress,
      onLog: call.onLog,
      onInputRequest: call.onInputRequest,
      client: call.client
        ? recordedClient(call.client, this.#emit, {
            traceId: state.traceId,
            callId: state.callId,
            tool: definition.qualifiedName,
            ...(call.principal ? { principalId: call.principal.id } : {}),
          })
        : undefined,
      deadlines: this.#deadlines,
    });
    return attempted instanceof Promise
      ? attempted.then((outcome) => this.#afterAttempt(state, plan, outcome))
      : this.#afterAttempt(state, plan, attempted);
  }

  /** Retry a retryable failure of an idempotent tool while retries remain, else conclude. */
  #afterAttempt(
    state: CallState,
    plan: AttemptPlan,
    attempted: AttemptOutcome,
  ): ToolResult | Promise<ToolResult> {
    const outcome = attempted.ok
      ? checkSerialisable(plan.resolved.definition.name, attempted.value)
      : attempted;
    if (
      outcome.ok ||
      outcome.status === 'cancelled' ||
      !outcome.error.retryable ||
      !plan.idempotent ||
      state.attempt > plan.retries
    )
      return this.#record(state, plan, outcome);
    const parts = this.#parts;
    const delayMs = backoffDelay(state.attempt, parts.retry);
    this.#emit({
      type: 'execution.retry',
      time: isoTime(parts.clock.now()),
      traceId: state.traceId,
      ...callSpan(state),
      callId: state.callId,
      tool: plan.resolved.definition.name,
      attempt: state.attempt + 1,
      delayMs,
      errorCode: outcome.error.code,
    });
    return sleepUnlessCancelled(delayMs, state.call).then(
      () => this.#attempt(state, plan),
      () =>
        this.#record(state, plan, {
          ok: false,
          status: 'cancelled',
          error: cancelledOutcome().error!,
        }),
    );
  }

  /** Breaker, health and cache learn the outcome; then it is recorded. */
  #record(
    state: CallState,
    plan: AttemptPlan,
    outcome: AttemptOutcome,
  ): ToolResult | Promise<ToolResult> {
    const parts = this.#parts;
    const key = plan.resolved.definition.qualifiedName;
    const finishedAt = parts.clock.now();
    // A failure is charged to its cause: a cancelled call, or one the tool refused because of
    // the caller (its arguments, its rights, a declined confirmation), says nothing about the
    // tool's health and must not open its circuit for every other caller.
    if (outcome.ok || (outcome.status !== 'cancelled' && !isCallerFault(outcome.error))) {
      parts.breaker.record(plan.breakerKey, outcome.ok);
      parts.health.record(key, outcome.ok, finishedAt - state.startedAt!, finishedAt);
    } else {
      parts.breaker.release(plan.breakerKey);
    }
    if (outcome.ok) {
      if (plan.cacheKey !== undefined && plan.ttl !== undefined)
        parts.cache.set(plan.cacheKey, outcome.value, plan.ttl);
      return this.#conclude(state, { status: 'success', result: outcome.value });
    }
    return this.#conclude(state, { status: outcome.status, error: outcome.error });
  }
}
