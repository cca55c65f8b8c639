import {
  type PlanHost,
  type Principal,
  runPlan,
  toDot,
  toMermaid,
  validatePlan,
} from '@arsenal/core';
import { parseWith, readJsonBody, sendJson } from './http-io.js';
import {
  graphQuerySchema,
  planBodySchema,
  planTaskBodySchema,
  runPlanBodySchema,
} from './plan-schemas.js';
import { findVisibleTool, type RouteDependencies } from './route-context.js';
import type { Route, RouteContext } from './router.js';

/** Plans see only the tools their caller may see; every call still goes through policy. */
function hostFor(dependencies: RouteDependencies, principal: Principal | undefined): PlanHost {
  return {
    tool: (name) => findVisibleTool(dependencies, name, principal),
    graph: dependencies.planning.graph,
    execute: (call) => dependencies.arsenal.execute({ ...call, audience: 'caller' }),
  };
}

async function body<T>(
  dependencies: RouteDependencies,
  context: RouteContext,
  parse: (value: unknown) => T,
): Promise<T> {
  return parse(await readJsonBody(context.request, context.response, dependencies.limits));
}

/** `/graph`, `/plan`, `/plan/validate` and `/plan/run`. */
export function planRoutes(dependencies: RouteDependencies): Route[] {
  const { planning } = dependencies;
  return [
    {
      method: 'GET',
      path: '/graph',
      async handle(context) {
        const { format } = parseWith(
          graphQuerySchema,
          Object.fromEntries(context.query),
          'graph query',
        );
        const full = planning.graph.toJSON();
        const visible = new Set(
          full.nodes.filter((node) => findVisibleTool(dependencies, node, context.principal)),
        );
        const graph = {
          ...full,
          nodes: full.nodes.filter((node) => visible.has(node)),
          edges: full.edges.filter((edge) => visible.has(edge.from) && visible.has(edge.to)),
          // An unresolved name may be a hidden tool not registered now (its server down, or
          // held in quarantine): only those who manage the catalog see them.
          unresolved: dependencies.canManageTools(context.principal)
            ? full.unresolved.filter((edge) => visible.has(edge.from))
            : [],
        };
        if (format === 'json') {
          sendJson(context.response, 200, graph);
          return;
        }
        const text = format === 'mermaid' ? toMermaid(graph) : toDot(graph);
        context.response.writeHead(200, {
          'content-type': `${format === 'mermaid' ? 'text/vnd.mermaid' : 'text/vnd.graphviz'}; charset=utf-8`,
          'content-length': Buffer.byteLength(text),
          'cache-control': 'no-store',
        });
        context.response.end(text);
      },
    },
    {
      method: 'POST',
      path: '/plan',
      async handle(context) {
        const task = await body(dependencies, context, (value) =>
          parseWith(planTaskBodySchema, value, 'planning request'),
        );
        // The planner adds the tools a chosen one requires: only those this caller may see.
        const plan = await planning.planner.plan(
          { ...task, ...(context.principal ? { principal: context.principal } : {}) },
          {
            retrieve: (request) =>
              dependencies.arsenal.retrieve({ ...request, audience: 'caller' }),
            tool: (name) => findVisibleTool(dependencies, name, context.principal),
            graph: planning.graph,
          },
        );
        const validation = validatePlan(plan, hostFor(dependencies, context.principal));
        sendJson(context.response, 200, { plan, validation });
      },
    },
    {
      method: 'POST',
      path: '/plan/validate',
      async handle(context) {
        const { plan } = await body(dependencies, context, (value) =>
          parseWith(planBodySchema, value, 'plan'),
        );
        sendJson(
          context.response,
          200,
          validatePlan(plan, hostFor(dependencies, context.principal)),
        );
      },
    },
    {
      method: 'POST',
      path: '/plan/run',
      async handle(context) {
        const { plan, concurrency } = await body(dependencies, context, (value) =>
          parseWith(runPlanBodySchema, value, 'plan run request'),
        );
        const controller = new AbortController();
        context.response.once('close', () => {
          if (!context.response.writableFinished) controller.abort();
        });
        const run = await runPlan(hostFor(dependencies, context.principal), plan, {
          principal: context.principal,
          signal: controller.signal,
          ...(concurrency ? { concurrency } : {}),
        });
        sendJson(context.response, 200, run);
      },
    },
  ];
}
