import { escapeJsonPointer } from '../schema/json-pointer.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { DependencyGraph } from './dependency-graph.js';
import { checkGraph } from './plan-graph-checks.js';
import { type Add, stepDependencies } from './plan-steps.js';
import type {
  ExecutionPlan,
  PlanIssue,
  PlanStep,
  PlanValidation,
  ValueSource,
} from './plan-types.js';
import {
  formatValueSource,
  INPUT_SOURCE,
  incompatibility,
  jsonType,
  parseValueSource,
  readPointer,
  schemaAtPointer,
  schemaTypes,
  typeFits,
} from './value-mapping.js';

const STEP_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** What validation needs of the catalog: tools by name, and optionally the dependency graph. */
export interface PlanCatalog {
  /** The definition of a tool by name or qualified name, or undefined when there is none. */
  tool(name: string): ToolDefinition | undefined;
  graph?: DependencyGraph;
}

/**
 * Check a plan before it runs: unique step ids, known tools and fallbacks, mappings that point
 * at the input or earlier steps, values whose schema fits the parameter, every required
 * parameter covered, no conflicting tools, no cycles. Each problem names its step.
 */
export function validatePlan(plan: ExecutionPlan, catalog: PlanCatalog): PlanValidation {
  const issues: PlanIssue[] = [];
  const add = (issue: Omit<PlanIssue, 'severity'> & { severity?: PlanIssue['severity'] }) =>
    issues.push({ severity: 'error', ...issue });
  const steps = Array.isArray(plan?.steps) ? plan.steps : [];
  if (steps.length === 0) {
    add({ code: 'empty_plan', path: '/steps', message: 'the plan has no steps; add at least one' });
    return { valid: false, issues, order: [] };
  }

  const byId = new Map<string, PlanStep>();
  const tools = new Map<string, ToolDefinition>();
  steps.forEach((step, index) => {
    const path = `/steps/${index}`;
    if (typeof step?.id !== 'string' || !STEP_ID.test(step.id) || step.id === INPUT_SOURCE) {
      add({
        code: 'invalid_step_id',
        path: `${path}/id`,
        message: `step id ${JSON.stringify(step?.id)} is not usable: use 1–64 letters, digits, _ or -, and not "${INPUT_SOURCE}"`,
      });
      return;
    }
    if (byId.has(step.id)) {
      add({
        code: 'duplicate_step',
        step: step.id,
        path: `${path}/id`,
        message: `step id "${step.id}" is used twice; give each step its own id`,
      });
      return;
    }
    byId.set(step.id, step);
    const tool = catalog.tool(step.tool);
    if (tool) tools.set(step.id, tool);
    else
      add({
        code: 'unknown_tool',
        step: step.id,
        path: `${path}/tool`,
        message: `no tool named "${step.tool}" is registered (or this principal may not see it)`,
      });
    const after: readonly string[] = Array.isArray(step.after) ? step.after : [];
    after.forEach((other, at) => {
      if (!steps.some((candidate) => candidate?.id === other) || other === step.id)
        add({
          code: 'unknown_source',
          step: step.id,
          path: `${path}/after/${at}`,
          message: `after names "${other}", which is not another step of this plan`,
        });
    });
    const fallbacks: readonly string[] = step.fallbacks ?? [];
    fallbacks.forEach((fallback, at) => {
      if (!catalog.tool(fallback))
        add({
          code: 'unknown_tool',
          step: step.id,
          path: `${path}/fallbacks/${at}`,
          message: `fallback "${fallback}" is not a registered tool`,
        });
    });
  });

  const order = orderSteps(byId, add);
  const position = new Map(order.map((id, index) => [id, index]));
  for (const [id, step] of byId) {
    const tool = tools.get(id);
    const mapped = checkInputs(plan, step, tool, byId, tools, add);
    if (!tool) continue;
    checkRequired(step, tool, mapped, `"${tool.name}"`, add);
    for (const fallback of step.fallbacks ?? []) {
      const alternative = catalog.tool(fallback);
      if (alternative)
        checkRequired(step, alternative, mapped, `fallback "${alternative.name}"`, add);
    }
    if (catalog.graph)
      checkGraph(step, tool, byId, tools, position, catalog.graph, add, (name) =>
        Boolean(catalog.tool(name)),
      );
  }
  return { valid: !issues.some((issue) => issue.severity === 'error'), issues, order };
}

/** Kahn's order over the steps; a cycle is reported with the steps in it. */
function orderSteps(byId: Map<string, PlanStep>, add: Add): string[] {
  const pending = new Map<string, string[]>();
  for (const [id, step] of byId) {
    pending.set(
      id,
      stepDependencies(step).filter((dependency) => byId.has(dependency) && dependency !== id),
    );
  }
  const order: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter(([, dependencies]) =>
      dependencies.every((d) => !pending.has(d)),
    );
    if (ready.length === 0) {
      const stuck = [...pending.keys()];
      add({
        code: 'step_cycle',
        step: stuck[0],
        path: '/steps',
        message: `steps wait for each other in a cycle: ${stuck.join(', ')}; remove one of their inputs or after entries`,
      });
      return order;
    }
    for (const [id] of ready) {
      order.push(id);
      pending.delete(id);
    }
  }
  return order;
}

/** Checks each mapping; returns the parameter names the step fills (fixed or mapped). */
function checkInputs(
  plan: ExecutionPlan,
  step: PlanStep,
  tool: ToolDefinition | undefined,
  byId: Map<string, PlanStep>,
  tools: Map<string, ToolDefinition>,
  add: Add,
): Set<string> {
  const filled = new Set(Object.keys(step.arguments ?? {}));
  const properties = (tool?.parametersSchema.properties ?? {}) as Record<string, JsonSchema>;
  const closed = tool?.parametersSchema.additionalProperties === false;
  const check = (name: string, path: string) => {
    if (tool && closed && !Object.hasOwn(properties, name))
      add({
        code: 'unknown_parameter',
        step: step.id,
        path,
        message: `"${tool.name}" has no parameter "${name}" (it takes ${Object.keys(properties).join(', ') || 'none'})`,
      });
  };
  for (const name of Object.keys(step.arguments ?? {}))
    check(name, `/steps/${step.id}/arguments/${escapeJsonPointer(name)}`);
  for (const [name, raw] of Object.entries(step.inputs ?? {})) {
    const path = `/steps/${step.id}/inputs/${escapeJsonPointer(name)}`;
    filled.add(name);
    check(name, path);
    const source = parseValueSource(raw);
    if (!source) {
      add({
        code: 'unknown_source',
        step: step.id,
        path,
        message: `mapping ${JSON.stringify(raw)} is not "<input|step id>#<JSON pointer>"`,
      });
      continue;
    }
    const target = properties[name];
    if (source.from === INPUT_SOURCE) checkInputValue(plan, step, name, source, target, path, add);
    else checkStepValue(step, name, source, target, byId, tools, path, add);
  }
  return filled;
}

function checkInputValue(
  plan: ExecutionPlan,
  step: PlanStep,
  name: string,
  source: ValueSource,
  target: JsonSchema | undefined,
  path: string,
  add: Add,
): void {
  if (plan.input === undefined) return; // The input comes when the plan runs.
  const read = readPointer(plan.input, source.pointer ?? '');
  if (!read.found) {
    add({
      code: 'missing_value',
      step: step.id,
      path,
      message: `the task input has nothing at ${formatValueSource(source)}`,
    });
    return;
  }
  const accepted = schemaTypes(target);
  if (accepted && !typeFits(jsonType(read.value), accepted))
    add({
      code: 'incompatible_value',
      step: step.id,
      path,
      message: `${formatValueSource(source)} is ${jsonType(read.value)} but "${name}" takes ${[...accepted].join(' | ')}`,
    });
}

function checkStepValue(
  step: PlanStep,
  name: string,
  source: ValueSource,
  target: JsonSchema | undefined,
  byId: Map<string, PlanStep>,
  tools: Map<string, ToolDefinition>,
  path: string,
  add: Add,
): void {
  if (source.from === step.id || !byId.has(source.from)) {
    add({
      code: 'unknown_source',
      step: step.id,
      path,
      message: `"${source.from}" is not another step of this plan (steps: ${[...byId.keys()].join(', ')})`,
    });
    return;
  }
  const producer = tools.get(source.from);
  const produced = schemaAtPointer(producer?.returnsSchema, source.pointer ?? '');
  if (
    producer?.returnsSchema &&
    source.pointer &&
    !produced &&
    producer.returnsSchema.additionalProperties === false
  ) {
    add({
      code: 'missing_value',
      step: step.id,
      path,
      message: `"${producer.name}" returns nothing at ${source.pointer}`,
    });
    return;
  }
  const problem = incompatibility(produced, target);
  if (problem)
    add({
      code: 'incompatible_value',
      step: step.id,
      path,
      message: `${formatValueSource(source)} ${problem} ("${name}")`,
    });
}

function checkRequired(
  step: PlanStep,
  tool: ToolDefinition,
  filled: Set<string>,
  label: string,
  add: Add,
): void {
  const required = (tool.parametersSchema.required ?? []) as string[];
  const properties = (tool.parametersSchema.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of required) {
    if (filled.has(name) || properties[name]?.default !== undefined) continue;
    add({
      code: 'missing_required',
      step: step.id,
      path: `/steps/${step.id}/inputs/${escapeJsonPointer(name)}`,
      message: `${label} requires "${name}": give it in arguments or map it in inputs`,
    });
  }
}
