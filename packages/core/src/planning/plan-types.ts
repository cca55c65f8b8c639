import type { Issue } from '../errors/arsenal-error.js';
import type { ToolResultError, ToolResultStatus } from '../execution/types.js';

/**
 * Where a step's argument comes from: the task input (`from: 'input'`) or an earlier step's
 * result (`from: '<step id>'`), at a JSON pointer (`''` or absent: the whole value). Written as a
 * string, `"fetch#/items/0"` means `{ from: 'fetch', pointer: '/items/0' }` and `"input"` the
 * whole task input.
 */
export interface ValueSource {
  from: string;
  pointer?: string;
}

/** One tool call of a plan. */
export interface PlanStep {
  /** Unique in the plan: letters, digits, `_` and `-`; `input` is reserved. */
  id: string;
  /** Tool name, `namespace.name` or qualified name. */
  tool: string;
  /** Fixed argument values. */
  arguments?: Record<string, unknown>;
  /** Argument values mapped from the task input or earlier steps' results. */
  inputs?: Record<string, string | ValueSource>;
  /** Steps that must succeed first, besides those `inputs` name. */
  after?: readonly string[];
  /** Tools tried in order, with the same arguments, when the step's tool fails. */
  fallbacks?: readonly string[];
  /** Per-attempt timeout of each call. */
  timeoutMs?: number;
  /** Retries of each call (retryable errors, idempotent tools only). */
  retries?: number;
}

/** Tool calls with their inputs wired together; independent steps may run in parallel. */
export interface ExecutionPlan {
  id?: string;
  /** The request the plan serves (kept in each call's audit record). */
  task?: string;
  /** The task input steps map values from (`input#/...`). */
  input?: Record<string, unknown>;
  steps: readonly PlanStep[];
}

/** A problem found in a plan before it runs. Errors stop it from running; warnings do not. */
export interface PlanIssue extends Issue {
  severity: 'error' | 'warning';
  /** The step concerned, when there is one. */
  step?: string;
  code:
    | 'empty_plan'
    | 'invalid_step_id'
    | 'duplicate_step'
    | 'unknown_tool'
    | 'unknown_source'
    | 'step_cycle'
    | 'missing_value'
    | 'incompatible_value'
    | 'unknown_parameter'
    | 'missing_required'
    | 'conflicting_tools'
    | 'missing_requirement';
}

/** What validating a plan found: its problems, and an order to run its steps in. */
export interface PlanValidation {
  valid: boolean;
  issues: PlanIssue[];
  /** Step ids in an order that respects every dependency (when there is no cycle). */
  order: string[];
}

/** How one step of a plan ended. */
export type StepStatus = 'succeeded' | 'failed' | 'skipped' | 'cancelled' | 'pending_confirmation';

/** One call made for a step: its tool and its outcome. */
export interface StepAttempt {
  tool: string;
  callId: string;
  status: ToolResultStatus;
  error?: ToolResultError;
}

/** What happened to one step of a run. */
export interface StepRun {
  id: string;
  status: StepStatus;
  /** The qualified name of the tool whose result the step produced. */
  producedBy?: string;
  /** Whether a fallback produced it. */
  fallbackUsed?: boolean;
  attempts: StepAttempt[];
  /** The arguments sent (mapped values included). */
  arguments?: Record<string, unknown>;
  result?: unknown;
  error?: ToolResultError;
  /** Why a step did not run (`skipped`): the step it waited for. */
  reason?: string;
  /** A step waiting for a human: confirm it, then run the rest again. */
  confirmationId?: string;
  startedAt?: string;
  completedAt?: string;
}

/** How a plan run ended: every step succeeded, some did, none did, or it was cancelled. */
export type PlanRunStatus = 'succeeded' | 'partial' | 'failed' | 'cancelled';

/** The record of a run: which step produced what. */
export interface PlanRun {
  planId: string;
  status: PlanRunStatus;
  steps: StepRun[];
  /** Results by step id, for the steps that succeeded. */
  outputs: Record<string, unknown>;
  startedAt: string;
  completedAt: string;
  durationMs: number;
}

/** One step of a running plan started or ended. */
export interface PlanProgress {
  planId: string;
  step: string;
  status: StepStatus | 'running';
  tool?: string;
  done: number;
  total: number;
}
