import type { Planner, PlannerContext, PlanningTask } from '../ports/planner.js';
import { decomposeQuery } from '../retrieval/query-decomposition.js';
import { escapeJsonPointer } from '../schema/json-pointer.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { ExecutionPlan, PlanStep } from './plan-types.js';
import { INPUT_SOURCE, incompatibility, schemaAtPointer, schemaTypes } from './value-mapping.js';

/** Options of the dependency planner: tools weighed per clause, and fallbacks kept per step. */
export interface DependencyPlannerOptions {
  /** Tools considered per clause of the task (the best one runs, the others may be fallbacks). */
  candidatesPerClause?: number;
  /** Fallbacks kept per step. Default 2. */
  maxFallbacks?: number;
}

interface Chosen {
  tool: ToolDefinition;
  alternatives: ToolDefinition[];
}

/**
 * Plans without a model: the task is split into clauses ("fetch the orders, then convert them
 * to CSV and store the file"), each clause's best tool becomes a step, the tools those steps
 * require are put before them, and each parameter is wired to the latest earlier step that
 * returns a value of that name and a fitting type, else to the task input of that name, else
 * (for a required parameter) to the whole result of the step before. Other good tools for a
 * clause that take the same inputs become its fallbacks.
 */
export function createDependencyPlanner(options: DependencyPlannerOptions = {}): Planner {
  const perClause = options.candidatesPerClause ?? 4;
  const maxFallbacks = options.maxFallbacks ?? 2;
  return {
    id: 'arsenal:dependency-planner',
    async plan(task: PlanningTask, context: PlannerContext): Promise<ExecutionPlan> {
      const clauses = decomposeQuery(task.task);
      const chosen: Chosen[] = [];
      const seen = new Set<string>();
      for (const clause of clauses.length > 0 ? clauses : [task.task]) {
        const result = await context.retrieve({
          query: clause,
          limit: perClause,
          principal: task.principal,
        });
        const ranked = result.tools.map((scored) => scored.tool);
        const best = ranked.find((tool) => !seen.has(tool.qualifiedName));
        if (!best) continue;
        seen.add(best.qualifiedName);
        chosen.push({ tool: best, alternatives: ranked.filter((tool) => tool !== best) });
      }
      const ordered = withRequirements(chosen, context);
      const steps = wire(ordered.slice(0, task.maxSteps ?? 6), task, maxFallbacks);
      return { task: task.task, ...(task.input ? { input: task.input } : {}), steps };
    },
  };
}

/** The chosen tools in clause order, each preceded by the tools it requires (once). */
function withRequirements(chosen: Chosen[], context: PlannerContext): Chosen[] {
  const ordered: Chosen[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (entry: Chosen) => {
    const name = entry.tool.qualifiedName;
    if (placed.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const edge of context.graph.outgoing(name, 'requires')) {
      const required = context.tool(edge.to);
      if (required)
        place(chosen.find((c) => c.tool === required) ?? { tool: required, alternatives: [] });
    }
    visiting.delete(name);
    placed.add(name);
    ordered.push(entry);
  };
  for (const entry of chosen) place(entry);
  return ordered;
}

const propertiesOf = (schema: JsonSchema | undefined) =>
  (schema?.properties ?? {}) as Record<string, JsonSchema>;

function wire(chosen: Chosen[], task: PlanningTask, maxFallbacks: number): PlanStep[] {
  const steps: PlanStep[] = [];
  const ids = new Set<string>();
  chosen.forEach(({ tool, alternatives }, index) => {
    let id = tool.name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60) || 'step';
    for (let n = 2; ids.has(id) || id === INPUT_SOURCE; n++) id = `${tool.name.slice(0, 56)}_${n}`;
    ids.add(id);
    const inputs: Record<string, string> = {};
    const parameters = propertiesOf(tool.parametersSchema);
    const required = new Set((tool.parametersSchema.required ?? []) as string[]);
    const names = [...required, ...Object.keys(parameters).filter((name) => !required.has(name))];
    for (const name of names) {
      const source =
        fromEarlierStep(name, parameters[name], chosen, steps, index) ??
        (task.input && Object.hasOwn(task.input, name)
          ? `${INPUT_SOURCE}#/${escapeJsonPointer(name)}`
          : undefined);
      if (source) inputs[name] = source;
    }
    // A required parameter nothing names takes what the step before returns, if that is clear:
    // its whole result when the type fits, else its one unused field of a fitting type.
    const previous = steps.at(-1);
    const unfilled = [...required].filter((name) => !(name in inputs));
    if (previous && unfilled.length === 1) {
      const name = unfilled[0]!;
      const returns = chosen[index - 1]!.tool.returnsSchema;
      const used = new Set(Object.values(inputs));
      const fields = Object.entries(propertiesOf(returns))
        .filter(
          ([, schema]) => !incompatibility(schema, parameters[name]) && schemaTypesKnown(schema),
        )
        .map(([field]) => `${previous.id}#/${escapeJsonPointer(field)}`)
        .filter((source) => !used.has(source));
      if (returns && fields.length === 1) inputs[name] = fields[0]!;
      else if (!incompatibility(returns, parameters[name]) && fields.length === 0)
        inputs[name] = previous.id;
    }
    const filled = new Set(Object.keys(inputs));
    const fallbacks = alternatives
      .filter((alternative) =>
        ((alternative.parametersSchema.required ?? []) as string[]).every((name) =>
          filled.has(name),
        ),
      )
      .slice(0, maxFallbacks)
      .map((alternative) => alternative.qualifiedName);
    const step: PlanStep = { id, tool: tool.qualifiedName };
    if (Object.keys(inputs).length > 0) step.inputs = inputs;
    if (fallbacks.length > 0) step.fallbacks = fallbacks;
    steps.push(step);
  });
  return steps;
}

/** `<step>#/<name>` of the latest earlier step whose result has `name` of a fitting type. */
function fromEarlierStep(
  name: string,
  target: JsonSchema | undefined,
  chosen: Chosen[],
  steps: PlanStep[],
  index: number,
): string | undefined {
  for (let earlier = index - 1; earlier >= 0; earlier--) {
    const pointer = `/${escapeJsonPointer(name)}`;
    const produced = schemaAtPointer(chosen[earlier]!.tool.returnsSchema, pointer);
    if (
      produced &&
      Object.hasOwn(propertiesOf(chosen[earlier]!.tool.returnsSchema), name) &&
      !incompatibility(produced, target)
    )
      return `${steps[earlier]!.id}#${pointer}`;
  }
  return undefined;
}

const schemaTypesKnown = (schema: JsonSchema) => schemaTypes(schema) !== undefined;
