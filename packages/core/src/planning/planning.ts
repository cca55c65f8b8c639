import type { Arsenal } from '../arsenal/arsenal.js';
import type { Planner, PlanningTask } from '../ports/planner.js';
import {
  type DeclaredDependency,
  DependencyGraph,
  type DependencyKind,
} from './dependency-graph.js';
import { createDependencyPlanner } from './dependency-planner.js';
import { type PlanHost, type RunPlanOptions, runPlan } from './plan-runner.js';
import type { ExecutionPlan, PlanRun, PlanValidation } from './plan-types.js';
import { validatePlan } from './plan-validation.js';

/**
 * Options of `createPlanning`: the planner that writes plans, and dependencies declared on top of
 * the tools' own.
 */
export interface PlanningOptions {
  /** Default: the built-in dependency planner (no model). */
  planner?: Planner;
  /** Edges declared in config, on top of the tools' own `dependencies`. */
  dependencies?: readonly DeclaredDependency[];
}

/**
 * Planning over an Arsenal: the dependency graph of its catalog (kept current as tools come and
 * go), plans made by a `Planner`, validated against the catalog and run through the engine.
 *
 * @example
 * const planning = createPlanning(arsenal);
 * const plan = await planning.plan({ task: 'fetch the orders, then store them', input });
 * const run = await planning.run(plan, { principal });
 */
export class Planning {
  readonly planner: Planner;
  readonly #arsenal: Arsenal;
  readonly #graph = new DependencyGraph();
  readonly #unsubscribe: () => void;
  #stale = true;

  constructor(arsenal: Arsenal, options: PlanningOptions = {}) {
    this.#arsenal = arsenal;
    this.planner = options.planner ?? createDependencyPlanner();
    for (const edge of options.dependencies ?? []) this.#graph.declare(edge);
    this.#unsubscribe = arsenal.registry.onChange(() => {
      this.#stale = true;
    });
  }

  /** The dependency graph of the current catalog. */
  get graph(): DependencyGraph {
    if (this.#stale) {
      this.#stale = false;
      this.#graph.update(
        this.#arsenal.registry.list(),
        (name) => this.#arsenal.registry.get(name)?.qualifiedName,
      );
    }
    return this.#graph;
  }

  /** Add an edge at run time (a new graph version). */
  declare(edge: DeclaredDependency): void {
    this.#graph.declare(edge);
    this.#stale = true;
  }

  /** Remove a declared dependency; false when it was not declared. */
  undeclare(edge: { from: string; to: string; kind: DependencyKind }): boolean {
    const removed = this.#graph.undeclare(edge);
    this.#stale ||= removed;
    return removed;
  }

  /** Write a plan for a task with the configured planner. */
  plan(task: PlanningTask): Promise<ExecutionPlan> {
    return this.planner.plan(task, {
      retrieve: (request) => this.#arsenal.retrieve(request),
      tool: (name) => this.#arsenal.registry.get(name),
      graph: this.graph,
    });
  }

  /** Check a plan against the catalog and the dependency graph without running it. */
  validate(plan: ExecutionPlan): PlanValidation {
    return validatePlan(plan, this.#host());
  }

  /** Run a plan's steps in dependency order. */
  run(plan: ExecutionPlan, options?: RunPlanOptions): Promise<PlanRun> {
    return runPlan(this.#host(), plan, options);
  }

  /** Stop following the registry's changes. */
  close(): void {
    this.#unsubscribe();
  }

  #host(): PlanHost {
    return {
      tool: (name) => this.#arsenal.registry.get(name),
      graph: this.graph,
      execute: (call) => this.#arsenal.execute(call),
    };
  }
}

/** Planning over an Arsenal: make plans for a task, validate them and run them. */
export function createPlanning(arsenal: Arsenal, options?: PlanningOptions): Planning {
  return new Planning(arsenal, options);
}
