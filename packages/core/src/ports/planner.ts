import type { DependencyGraph } from '../planning/dependency-graph.js';
import type { ExecutionPlan } from '../planning/plan-types.js';
import type { RetrievalRequest, RetrievalResult } from '../retrieval/types.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { Principal } from './executor.js';

/** A task to plan: the request in words and the values it comes with. */
export interface PlanningTask {
  task: string;
  /** Values steps may map from (`input#/...`). */
  input?: Record<string, unknown>;
  /** Plans only with tools this principal may see. */
  principal?: Principal;
  /** Most steps in the plan. Default 6. */
  maxSteps?: number;
}

/** What a planner may use: retrieval, the catalog and the dependency graph. */
export interface PlannerContext {
  /** Retrieve tools for a part of the task. */
  retrieve(request: RetrievalRequest): Promise<RetrievalResult>;
  /** The definition of a tool by name or qualified name, or undefined when there is none. */
  tool(name: string): ToolDefinition | undefined;
  graph: DependencyGraph;
}

/**
 * Turns a task into an execution plan. The built-in planner (`createDependencyPlanner`) uses
 * retrieval, the dependency graph and schema compatibility with no model; a model-backed planner
 * plugs in here. Plans are validated before they run, whoever made them.
 *
 * @example
 * const planning = createPlanning(arsenal, { planner: createDependencyPlanner() });
 */
export interface Planner {
  readonly id: string;
  /** Write a plan for the task, using the context to find tools. */
  plan(task: PlanningTask, context: PlannerContext): Promise<ExecutionPlan>;
}
