import { PermissionDeniedError, ToolNotFoundError, ValidationError } from '../errors/index.js';
import type { ArsenalEvent, PolicyDecisionEvent, Telemetry } from '../events/events.js';
import { isoTime } from '../events/iso-time.js';
import { noopTelemetry } from '../events/telemetry.js';
import type { SecurityPolicy } from '../policy/security-policy.js';
import { policyShows, visibleSuggestions } from '../policy/visibility.js';
import type { Executor } from '../ports/executor.js';
import type { HistoryStore } from '../ports/history-store.js';
import type { SchemaValidator } from '../ports/schema-validator.js';
import type { ResolvedTool, ToolResolver } from '../registry/types.js';
import type { Bulkhead, BulkheadOptions } from './bulkhead.js';
import { type ArgumentCheck, normaliseArguments, validateArguments } from './call-arguments.js';
import {
  type CallState,
  describeError,
  newCallState,
  type Outcome,
  withCallContext,
} from './call-outcome.js';
import { CallRunner } from './call-runner.js';
import type { CircuitBreaker } from './circuit-breaker.js';
import type { ConfirmationStore } from './confirmation.js';
import type { HealthTracker } from './health-tracker.js';
import { circuitOpenOutcome, invalidOutcome } from './outcome-builders.js';
import type { RateLimiter } from './rate-limiter.js';
import { recordCompletion } from './record-completion.js';
import type { ResultCache } from './result-cache.js';
import type { RetryOptions } from './retry.js';
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
  schemaValidator: SchemaValidator;
  isSecretKey: ((key: string) => boolean) | undefined;
}

const iso = isoTime;

/** resolve → breaker → validate → policy → confirm → cache → limits → run → record. */
export class ExecutionPipeline {
  readonly #parts: PipelineParts;
  /** Whether anyone listens: without telemetry, events are not even built. */
  readonly #observed: boolean;

  readonly #runner: CallRunner;
  readonly #emit = (event: ArsenalEvent): void => {
    try {
      this.#parts.telemetry.emit(event);
    } catch {
      // Telemetry must never break a call.
    }
  };
  /** Record an outcome; synchronous when the history store is (within a promise chain). */
  readonly #conclude = (state: CallState, outcome: Outcome): ToolResult | Promise<ToolResult> =>
    recordCompletion(this.#parts, this.#emit, state, outcome);

  constructor(parts: PipelineParts) {
    this.#parts = parts;
    this.#observed = parts.telemetry !== noopTelemetry;
    this.#runner = new CallRunner({
      parts,
      finish: (state, outcome) => this.#finish(state, outcome),
      conclude: this.#conclude,
      emit: this.#emit,
      observed: this.#observed,
    });
  }

  #finish(state: CallState, outcome: Outcome): Promise<ToolResult> {
    return Promise.resolve(this.#conclude(state, outcome));
  }

  /** Run a call; `confirmed` when a human already confirmed it (on another replica). */
  execute(call: ToolCall, confirmed?: boolean): Promise<ToolResult> {
    // Not an async function: a call whose arguments validate synchronously (nearly all) goes
    // through without an async frame of its own.
    try {
      return this.#execute(call, confirmed);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  #execute(call: ToolCall, confirmed: boolean | undefined): Promise<ToolResult> {
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
    const resolved = this.#resolveFor(call);
    if (!resolved) {
      let suggestions: string[] = [];
      try {
        suggestions =
          call.audience === 'caller'
            ? visibleSuggestions(parts.resolver, parts.policy, call.tool, call.principal)
            : parts.resolver.suggest(call.tool, 3);
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
    const key = parts.breaker.keyFor(definition.qualifiedName, call.principal);
    if (parts.breaker.state(key) === 'open') {
      state.auditArguments = {};
      return this.#finish(state, circuitOpenOutcome(this.#parts.breaker, definition, key));
    }
    const shaped = normaliseArguments(definition.name, call.arguments, parts.maxArgumentBytes);
    if (!shaped.ok) {
      state.auditArguments = shaped.auditArguments ?? {};
      return this.#finish(state, invalidOutcome(shaped.error));
    }
    state.arguments = shaped.arguments;
    let checked: ArgumentCheck | Promise<ArgumentCheck>;
    try {
      checked = validateArguments(resolved, shaped.arguments, parts.schemaValidator);
    } catch (error) {
      return this.#validationFailed(state, error);
    }
    if (checked instanceof Promise)
      return checked.then(
        (settled) => this.#authorise(state, settled),
        (error) => this.#validationFailed(state, error),
      );
    return this.#authorise(state, checked);
  }

  /**
   * The tool a call names, or undefined when none resolves or (for a caller) the policy hides it
   * from the call's principal: a hidden tool and an unknown one get the same answer.
   */
  #resolveFor(call: ToolCall): ResolvedTool | undefined {
    let resolved: ResolvedTool | undefined;
    try {
      resolved = this.#parts.resolver.resolve(call.tool);
    } catch {
      return undefined;
    }
    if (
      resolved &&
      call.audience === 'caller' &&
      !policyShows(this.#parts.policy, resolved.definition, call.principal)
    ) {
      return undefined;
    }
    return resolved;
  }

  #validationFailed(state: CallState, error: unknown): Promise<ToolResult> {
    return this.#finish(state, {
      status: 'invalid_arguments',
      error: describeError(error, 'validation_failed'),
    });
  }

  /** Policy and confirmation for a call whose arguments were checked. */
  #authorise(state: CallState, checked: ArgumentCheck): Promise<ToolResult> {
    const parts = this.#parts;
    const call = state.call;
    const definition = state.resolved!.definition;
    if (!checked.ok) return this.#finish(state, invalidOutcome(checked.error));
    state.arguments = checked.arguments;
    // The fields and their order of every request the policy is asked (see policyShows), so
    // its evaluate meets one shape; a call's audience is left to the visibility rule, as before.
    const policyRequest = {
      tool: definition,
      arguments: state.arguments,
      principal: call.principal,
      audience: undefined,
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
      this.#emit(
        withCallContext<PolicyDecisionEvent>(
          {
            type: 'policy.decision',
            time: iso(state.queuedAt),
            traceId: state.traceId,
            spanId: state.spanId,
            callId: state.callId,
            tool: definition.name,
            decision: decision.effect,
            reason: decision.reason,
          },
          state,
        ),
      );
    if (decision.effect === 'deny') {
      // The rule stays in the audit event above; a served caller learns only that it was refused.
      const error = new PermissionDeniedError(
        definition.name,
        call.audience === 'caller'
          ? 'the security policy refuses this call with these arguments'
          : decision.reason,
      );
      return this.#finish(state, {
        status: 'permission_denied',
        error: describeError(error),
      });
    }
    if (decision.effect === 'confirm' && !state.confirmed) {
      state.confirmationReason = decision.reason;
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
      const resolved = this.#resolveFor(call);
      if (resolved) state.resolved = resolved;
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
  run(state: CallState): Promise<ToolResult> {
    return this.#runner.run(state);
  }
}
