import type { PlanIssue, PlanStep } from './plan-types.js';
import { INPUT_SOURCE, parseValueSource } from './value-mapping.js';

// What the plan checks share: a step's dependencies, and how a check reports a problem.

/** A step's dependencies: the steps its inputs read and those it runs after. */
export function stepDependencies(step: PlanStep): string[] {
  const sources = Object.values(step.inputs ?? {})
    .map((value) => parseValueSource(value)?.from)
    .filter((from): from is string => from !== undefined && from !== INPUT_SOURCE);
  return [...new Set([...sources, ...(step.after ?? [])])];
}

/** Reports one problem found in a plan; `severity` defaults to an error. */
export type Add = (
  issue: Omit<PlanIssue, 'severity'> & { severity?: PlanIssue['severity'] },
) => void;
