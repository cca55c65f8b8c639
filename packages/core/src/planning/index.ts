export type {
  DeclaredDependency,
  DependencyEdge,
  DependencyGraphJson,
  DependencyKind,
  GraphChange,
} from './dependency-graph.js';
export { DependencyGraph } from './dependency-graph.js';
export type { DependencyPlannerOptions } from './dependency-planner.js';
export { createDependencyPlanner } from './dependency-planner.js';
export { toDot, toMermaid } from './graph-export.js';
export { PlanError } from './plan-error.js';
export type { PlanHost, RunPlanOptions } from './plan-runner.js';
export { runPlan } from './plan-runner.js';
export { stepDependencies } from './plan-steps.js';
export type {
  ExecutionPlan,
  PlanIssue,
  PlanProgress,
  PlanRun,
  PlanRunStatus,
  PlanStep,
  PlanValidation,
  StepAttempt,
  StepRun,
  StepStatus,
  ValueSource,
} from './plan-types.js';
export type { PlanCatalog } from './plan-validation.js';
export { validatePlan } from './plan-validation.js';
export type { PlanningOptions } from './planning.js';
export { createPlanning, Planning } from './planning.js';
export { formatValueSource, parseValueSource, readPointer } from './value-mapping.js';
