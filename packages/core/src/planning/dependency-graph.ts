import type { ToolDefinition, ToolDependency } from '../tool/tool-definition.js';
import { PlanError } from './plan-error.js';

/** How one tool depends on another: `requires` it first, `suggests` it, or `conflicts` with it. */
export type DependencyKind = ToolDependency['kind'];

/** `from` requires / suggests / conflicts with `to`. Tools are named by qualified name. */
export interface DependencyEdge {
  from: string;
  to: string;
  kind: DependencyKind;
  reason?: string;
  /** Where the edge came from: the tool's own definition, or declared (config, run time). */
  origin: 'tool' | 'declared';
}

/** An edge as declared in config or at run time; tool names may be short (`mail.send`). */
export interface DeclaredDependency {
  from: string;
  to: string;
  kind: DependencyKind;
  reason?: string;
}

/** What one change to the graph did. */
export interface GraphChange {
  version: number;
  added: DependencyEdge[];
  removed: DependencyEdge[];
}

/** The graph as JSON (what `toJSON` returns), for saving or showing it. */
export interface DependencyGraphJson {
  version: number;
  nodes: string[];
  edges: DependencyEdge[];
  /** Dependencies naming a tool the graph does not hold. */
  unresolved: DeclaredDependency[];
}

const edgeKey = (edge: { from: string; to: string; kind: string }) =>
  `${edge.from}\u0000${edge.to}\u0000${edge.kind}`;

/**
 * Tools and their dependencies: `requires` (must run first), `suggests` (often useful before)
 * and `conflicts` (never in one plan). Built from tool definitions plus declared edges; every
 * change bumps `version` and is kept in `changes`.
 */
export class DependencyGraph {
  #nodes = new Set<string>();
  #edges = new Map<string, DependencyEdge>();
  #unresolved: DeclaredDependency[] = [];
  readonly #declared = new Map<string, DeclaredDependency>();
  #version = 0;
  readonly #changes: GraphChange[] = [];
  /** Changes kept; older ones are dropped. */
  static readonly MAX_CHANGES = 100;

  get version(): number {
    return this.#version;
  }

  /** Recent changes, oldest first. */
  get changes(): readonly GraphChange[] {
    return this.#changes;
  }

  get nodes(): string[] {
    return [...this.#nodes].sort();
  }

  get edges(): DependencyEdge[] {
    return [...this.#edges.values()];
  }

  get unresolved(): DeclaredDependency[] {
    return [...this.#unresolved];
  }

  /** Declare an edge (config or run time); it applies at the next `update`. */
  declare(edge: DeclaredDependency): void {
    if (edge.from === edge.to) {
      throw new PlanError(
        `A tool cannot depend on itself ("${edge.from}" ${edge.kind} "${edge.to}"); name two different tools.`,
      );
    }
    this.#declared.set(edgeKey(edge), { ...edge });
  }

  /** Forget a declared edge; it disappears at the next `update`. */
  undeclare(edge: { from: string; to: string; kind: DependencyKind }): boolean {
    return this.#declared.delete(edgeKey(edge));
  }

  /**
   * Rebuild from the catalog: `resolve` turns a name into a qualified name (undefined when no
   * such tool). Returns the change, with `version` bumped only when something changed.
   */
  update(
    tools: Iterable<ToolDefinition>,
    resolve: (name: string) => string | undefined,
  ): GraphChange {
    const nodes = new Set<string>();
    const edges = new Map<string, DependencyEdge>();
    const unresolved: DeclaredDependency[] = [];
    const add = (edge: DeclaredDependency, origin: DependencyEdge['origin']) => {
      const from = resolve(edge.from);
      const to = resolve(edge.to);
      if (!from || !to || from === to) {
        unresolved.push({ ...edge });
        return;
      }
      const resolved: DependencyEdge = { from, to, kind: edge.kind, origin };
      if (edge.reason !== undefined) resolved.reason = edge.reason;
      edges.set(edgeKey(resolved), resolved);
    };
    for (const tool of tools) {
      nodes.add(tool.qualifiedName);
      for (const dependency of tool.dependencies) {
        const edge: DeclaredDependency = {
          from: tool.qualifiedName,
          to: dependency.tool,
          kind: dependency.kind,
        };
        if (dependency.reason !== undefined) edge.reason = dependency.reason;
        add(edge, 'tool');
      }
    }
    for (const edge of this.#declared.values()) add(edge, 'declared');

    const added = [...edges.values()].filter((edge) => !this.#edges.has(edgeKey(edge)));
    const removed = [...this.#edges.values()].filter((edge) => !edges.has(edgeKey(edge)));
    this.#nodes = nodes;
    this.#edges = edges;
    this.#unresolved = unresolved;
    if (added.length === 0 && removed.length === 0) {
      return { version: this.#version, added, removed };
    }
    const change = { version: ++this.#version, added, removed };
    this.#changes.push(change);
    if (this.#changes.length > DependencyGraph.MAX_CHANGES) this.#changes.shift();
    return change;
  }

  /** Edges leaving `tool` (of one kind when given). */
  outgoing(tool: string, kind?: DependencyKind): DependencyEdge[] {
    return this.edges.filter((edge) => edge.from === tool && (!kind || edge.kind === kind));
  }

  /** Whether the two tools conflict (in either direction). */
  conflicts(a: string, b: string): DependencyEdge | undefined {
    return this.edges.find(
      (edge) =>
        edge.kind === 'conflicts' &&
        ((edge.from === a && edge.to === b) || (edge.from === b && edge.to === a)),
    );
  }

  /** Every cycle of `requires` edges, each named tool by tool and closed (`a → b → a`). */
  cycles(): string[][] {
    const requires = new Map<string, string[]>();
    for (const edge of this.#edges.values()) {
      if (edge.kind !== 'requires') continue;
      requires.set(edge.from, [...(requires.get(edge.from) ?? []), edge.to]);
    }
    const found = new Map<string, string[]>();
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (node: string) => {
      state.set(node, 'open');
      path.push(node);
      for (const next of requires.get(node) ?? []) {
        if (state.get(next) === 'open') {
          const cycle = path.slice(path.indexOf(next));
          // One entry per cycle whichever node it was entered from.
          const start = cycle.indexOf([...cycle].sort()[0]!);
          const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
          found.set(rotated.join('\u0000'), [...rotated, rotated[0]!]);
        } else if (!state.has(next)) visit(next);
      }
      path.pop();
      state.set(node, 'done');
    };
    for (const node of [...requires.keys()].sort()) if (!state.has(node)) visit(node);
    return [...found.values()];
  }

  /**
   * `tools` with everything they require, dependencies first (ties by name). Throws a
   * `PlanError` naming the cycle when requirements loop.
   */
  order(tools: Iterable<string> = this.#nodes): string[] {
    const cycle = this.cycles()[0];
    if (cycle) {
      throw new PlanError(
        `Tools require each other in a cycle: ${cycle.join(' → ')}. Remove one of these requires edges.`,
        { code: 'dependency_cycle' },
      );
    }
    const ordered: string[] = [];
    const seen = new Set<string>();
    const visit = (node: string) => {
      if (seen.has(node)) return;
      seen.add(node);
      const required = this.outgoing(node, 'requires')
        .map((edge) => edge.to)
        .sort();
      for (const next of required) visit(next);
      ordered.push(node);
    };
    for (const tool of [...tools].sort()) visit(tool);
    return ordered;
  }

  /** The graph as JSON: nodes, edges and the dependencies naming tools it does not hold. */
  toJSON(): DependencyGraphJson {
    return {
      version: this.#version,
      nodes: this.nodes,
      edges: this.edges.sort((a, b) => edgeKey(a).localeCompare(edgeKey(b))),
      unresolved: this.unresolved,
    };
  }
}
