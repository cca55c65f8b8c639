import type { ToolDefinition } from '../tool/tool-definition.js';
import type { DependencyGraph } from './dependency-graph.js';
import { type Add, stepDependencies } from './plan-steps.js';
import type { PlanStep } from './plan-types.js';

// Checks of a plan against the dependency graph: conflicting tools, unmet requirements.

function ancestors(step: PlanStep, byId: Map<string, PlanStep>): Set<string> {
  const found = new Set<string>();
  const queue = stepDependencies(step);
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (found.has(id) || !byId.has(id)) continue;
    found.add(id);
    queue.push(...stepDependencies(byId.get(id)!));
  }
  return found;
}

export function checkGraph(
  step: PlanStep,
  tool: ToolDefinition,
  byId: Map<string, PlanStep>,
  tools: Map<string, ToolDefinition>,
  position: Map<string, number>,
  graph: DependencyGraph,
  add: Add,
  /** Whether the catalog names this tool to the plan's caller; a hidden requirement is not named. */
  known: (qualifiedName: string) => boolean = () => true,
): void {
  const mine = position.get(step.id) ?? Number.POSITIVE_INFINITY;
  for (const [otherId, other] of tools) {
    // Each conflicting pair is reported once, on its later step.
    if ((position.get(otherId) ?? Number.POSITIVE_INFINITY) >= mine) continue;
    const conflict = graph.conflicts(tool.qualifiedName, other.qualifiedName);
    if (conflict)
      add({
        code: 'conflicting_tools',
        step: step.id,
        path: `/steps/${step.id}/tool`,
        message: `"${tool.name}" conflicts with "${other.name}" (step "${otherId}")${conflict.reason ? `: ${conflict.reason}` : ''}; keep only one of them`,
      });
  }
  const before = ancestors(step, byId);
  for (const edge of graph.outgoing(tool.qualifiedName, 'requires')) {
    if (!known(edge.to)) continue;
    const satisfied = [...before].some((id) => tools.get(id)?.qualifiedName === edge.to);
    if (!satisfied)
      add({
        severity: 'warning',
        code: 'missing_requirement',
        step: step.id,
        path: `/steps/${step.id}/tool`,
        message: `"${tool.name}" requires "${edge.to}", which no step before it runs (map its result or list that step in after)`,
      });
  }
}
