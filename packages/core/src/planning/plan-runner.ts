import type { ToolCall, ToolResult } from '../execution/types.js';
import { randomUuid } from '../hash/random-id.js';
import type { Principal } from '../ports/executor.js';
import { PlanError } from './plan-error.js';
import { stepDependencies } from './plan-steps.js';
import type {
  ExecutionPlan,
  PlanProgress,
  PlanRun,
  PlanStep,
  StepRun,
  StepStatus,
} from './plan-types.js';
import { type PlanCatalog, validatePlan } from './plan-validation.js';
import { INPUT_SOURCE, parseValueSource, readPointer } from './value-mapping.js';

/** What a run needs: the catalog for validation and a way to call tools (the engine). */
export interface PlanHost extends PlanCatalog {
  /** Run one step's call. */
  execute(call: ToolCall): Promise<ToolResult>;
}

/** Options of running a plan: who runs it, cancellation, progress, and steps at once. */
export interface RunPlanOptions {
  principal?: Principal;
  /** Aborting it cancels running calls and skips the steps not started. */
  signal?: AbortSignal;
  /** Told when each step starts and ends. */
  onProgress?: (progress: PlanProgress) => void;
  /** Steps running at once at most. Default 4. */
  concurrency?: number;
}

/** Results after which a fallback is not tried: the call was stopped, or waits for a human. */
const FINAL: ReadonlySet<string> = new Set(['cancelled', 'pending_confirmation']);

/**
 * Run a plan through the engine (policy, confirmation, retries and audit apply to every call).
 * Validates it first (a `PlanError` lists the problems), then runs each step once the steps it
 * depends on succeeded — independent ones in parallel — trying its fallbacks in order when its
 * tool fails. A failed step skips the steps that depend on it; the others go on.
 */
export async function runPlan(
  host: PlanHost,
  plan: ExecutionPlan,
  options: RunPlanOptions = {},
): Promise<PlanRun> {
  const validation = validatePlan(plan, host);
  if (!validation.valid) {
    const errors = validation.issues.filter((issue) => issue.severity === 'error');
    throw new PlanError(
      `The plan cannot run:\n${errors.map((issue) => `  - ${issue.path}: ${issue.message}`).join('\n')}`,
      { issues: errors },
    );
  }
  const planId = plan.id ?? `plan_${randomUuid()}`;
  const started = Date.now();
  const steps = new Map(plan.steps.map((step) => [step.id, step]));
  const records = new Map<string, StepRun>(
    validation.order.map((id) => [id, { id, status: 'skipped', attempts: [] }]),
  );
  const outputs: Record<string, unknown> = {};
  const done = new Set<string>();
  const running = new Map<string, Promise<void>>();
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const total = records.size;
  const report = (step: string, status: PlanProgress['status'], tool?: string) =>
    options.onProgress?.({ planId, step, status, tool, done: done.size, total });
  const finish = (id: string, status: StepStatus, extra: Partial<StepRun> = {}) => {
    Object.assign(records.get(id)!, { status, ...extra });
    done.add(id);
    report(id, status, records.get(id)!.producedBy);
  };

  while (done.size < total) {
    const before = done.size;
    for (const id of validation.order) {
      if (done.has(id) || running.has(id) || running.size >= concurrency) continue;
      if (options.signal?.aborted) {
        finish(id, 'cancelled', { reason: 'the plan was cancelled' });
        continue;
      }
      const dependencies = stepDependencies(steps.get(id)!);
      const blocked = dependencies.find(
        (d) => done.has(d) && records.get(d)!.status !== 'succeeded',
      );
      if (blocked) {
        finish(id, 'skipped', { reason: `step "${blocked}" did not succeed` });
        continue;
      }
      if (!dependencies.every((d) => done.has(d))) continue;
      const step = steps.get(id)!;
      const work = runStep(host, plan, step, outputs, planId, options, (tool) =>
        report(id, 'running', tool),
      ).then((record) => {
        running.delete(id);
        if (record.status === 'succeeded') outputs[id] = record.result;
        finish(id, record.status, record);
      });
      running.set(id, work);
    }
    if (running.size > 0) await Promise.race(running.values());
    else if (done.size === before) {
      // Nothing runs and nothing moved: whatever is left waits on a step that cannot come.
      for (const id of validation.order)
        if (!done.has(id)) finish(id, 'skipped', { reason: 'its dependencies never ran' });
    }
  }

  const statuses = [...records.values()].map((record) => record.status);
  const completed = Date.now();
  return {
    planId,
    status: options.signal?.aborted
      ? 'cancelled'
      : statuses.every((status) => status === 'succeeded')
        ? 'succeeded'
        : statuses.some((status) => status === 'succeeded')
          ? 'partial'
          : 'failed',
    steps: validation.order.map((id) => records.get(id)!),
    outputs,
    startedAt: new Date(started).toISOString(),
    completedAt: new Date(completed).toISOString(),
    durationMs: completed - started,
  };
}

async function runStep(
  host: PlanHost,
  plan: ExecutionPlan,
  step: PlanStep,
  outputs: Record<string, unknown>,
  planId: string,
  options: RunPlanOptions,
  onStart: (tool: string) => void,
): Promise<StepRun> {
  const record: StepRun = { id: step.id, status: 'failed', attempts: [] };
  record.startedAt = new Date().toISOString();
  const args = mappedArguments(plan, step, outputs);
  if ('error' in args) {
    record.error = {
      code: 'invalid_plan',
      message: args.error,
      errorType: 'PlanError',
      retryable: false,
    };
    record.completedAt = new Date().toISOString();
    return record;
  }
  record.arguments = args.value;
  const tools = [step.tool, ...(step.fallbacks ?? [])];
  for (const [index, tool] of tools.entries()) {
    onStart(tool);
    const result = await host.execute({
      tool,
      arguments: args.value,
      principal: options.principal,
      timeoutMs: step.timeoutMs,
      retries: step.retries,
      signal: options.signal,
      query: plan.task,
      metadata: { planId, planStep: step.id },
    });
    record.attempts.push({
      tool: result.qualifiedName ?? tool,
      callId: result.callId,
      status: result.status,
      ...(result.error ? { error: result.error } : {}),
    });
    if (result.status === 'success') {
      Object.assign(record, {
        status: 'succeeded',
        producedBy: result.qualifiedName ?? tool,
        fallbackUsed: index > 0,
        result: result.result,
      });
      delete record.error;
      break;
    }
    record.error = result.error;
    if (result.status === 'pending_confirmation') {
      record.status = 'pending_confirmation';
      record.confirmationId = result.confirmation?.id;
    }
    if (result.status === 'cancelled') record.status = 'cancelled';
    if (FINAL.has(result.status)) break;
  }
  record.completedAt = new Date().toISOString();
  return record;
}

/** The step's arguments: fixed values, then mapped ones read from the input and earlier results. */
function mappedArguments(
  plan: ExecutionPlan,
  step: PlanStep,
  outputs: Record<string, unknown>,
): { value: Record<string, unknown> } | { error: string } {
  const value: Record<string, unknown> = { ...(step.arguments ?? {}) };
  for (const [name, raw] of Object.entries(step.inputs ?? {})) {
    const source = parseValueSource(raw)!;
    const from = source.from === INPUT_SOURCE ? (plan.input ?? {}) : outputs[source.from];
    const read = readPointer(from, source.pointer ?? '');
    if (!read.found) {
      const where =
        source.from === INPUT_SOURCE ? 'the task input' : `step "${source.from}"'s result`;
      return {
        error: `"${name}" maps ${source.pointer || 'the whole value'} of ${where}, which has nothing there`,
      };
    }
    value[name] = read.value;
  }
  return { value };
}
