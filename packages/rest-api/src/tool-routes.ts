import {
  type Principal,
  type RetrievalRequest,
  type ToolDefinition,
  type ToolDefinitionInput,
  ToolNotFoundError,
} from '@arsenal/core';
import { parseWith, readJsonBody, sendJson } from './http-io.js';
import { RestApiError } from './problem-details.js';
import { findVisibleTool, type RouteDependencies } from './route-context.js';
import type { Route, RouteContext } from './router.js';
import { listToolsQuerySchema, registerToolBodySchema, searchBodySchema } from './schemas.js';

/** The one 404 for a tool that is unknown or hidden from the caller; it suggests visible ones. */
function notFound(dependencies: RouteDependencies, name: string, principal: Principal | undefined) {
  return new ToolNotFoundError(name, dependencies.arsenal.suggestVisible(name, principal));
}

/** A tool this principal may see, or the same 404 as for a tool that does not exist. */
export function visibleTool(
  dependencies: RouteDependencies,
  name: string,
  principal: Principal | undefined,
): ToolDefinition {
  const tool = findVisibleTool(dependencies, name, principal);
  if (!tool) throw notFound(dependencies, name, principal);
  return tool;
}

function requireManager(dependencies: RouteDependencies, context: RouteContext): void {
  if (dependencies.canManageTools(context.principal)) return;
  const who = context.principal ? `Principal "${context.principal.id}"` : 'An anonymous caller';
  throw new RestApiError(
    403,
    'permission_denied',
    `${who} may not register or unregister tools; use a principal holding the "admin" capability (or the one canManageTools accepts).`,
  );
}

/** Whether a tool holds every word of a catalog text search in its name, namespace or description. */
function matchesText(words: readonly string[]): (tool: ToolDefinition) => boolean {
  if (words.length === 0) return () => true;
  return (tool) => {
    const text = `${tool.namespace} ${tool.name} ${tool.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  };
}

/** How many tools are in each namespace, source and tag (any key, `__proto__` too). */
function facetsOf(tools: readonly ToolDefinition[]) {
  const namespaces = new Map<string, number>();
  const sources = new Map<string, number>();
  const tags = new Map<string, number>();
  const count = (into: Map<string, number>, key: string) => into.set(key, (into.get(key) ?? 0) + 1);
  for (const tool of tools) {
    count(namespaces, tool.namespace);
    count(sources, tool.source);
    for (const tag of tool.tags) count(tags, tag);
  }
  return {
    namespaces: Object.fromEntries(namespaces),
    sources: Object.fromEntries(sources),
    tags: Object.fromEntries(tags),
  };
}

/** `/tools`: list, get, register, unregister and search. */
export function toolRoutes(dependencies: RouteDependencies): Route[] {
  const { arsenal } = dependencies;
  return [
    {
      method: 'GET',
      path: '/tools',
      async handle(context) {
        const query = parseWith(
          listToolsQuerySchema,
          Object.fromEntries(context.query),
          'query string',
        );
        const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        const all = arsenal
          .visibleTools(context.principal, {
            ...(query.namespace ? { namespace: query.namespace } : {}),
            ...(query.source ? { source: query.source } : {}),
            ...(query.tag ? { tag: query.tag } : {}),
          })
          .filter(matchesText(words));
        const tools = all.slice(query.offset, query.offset + query.limit);
        const next = query.offset + tools.length;
        sendJson(context.response, 200, {
          tools: tools.map((tool) => arsenal.viewFor(tool, context.principal)),
          total: all.length,
          offset: query.offset,
          limit: query.limit,
          ...(next < all.length ? { nextOffset: next } : {}),
          ...(query.facets === 'true'
            ? { facets: facetsOf(arsenal.visibleTools(context.principal)) }
            : {}),
        });
      },
    },
    {
      method: 'GET',
      path: '/tools/{name}',
      async handle(context) {
        const name = context.params.name ?? '';
        const tool = visibleTool(dependencies, name, context.principal);
        sendJson(context.response, 200, arsenal.viewFor(tool, context.principal));
      },
    },
    {
      method: 'POST',
      path: '/tools',
      async handle(context) {
        requireManager(dependencies, context);
        const body = parseWith(
          registerToolBodySchema,
          await readJsonBody(context.request, context.response, dependencies.limits),
          'tool definition',
        );
        // Tools arriving over the network are imported: the poisoning detector quarantines them.
        const summary = await arsenal.register(body as ToolDefinitionInput, { origin: 'imported' });
        const failure = summary.failed[0];
        if (failure) throw failure.error;
        const warnings = summary.warnings.map(({ path, message }) => ({ path, message }));
        const tool = summary.tools[0];
        if (!tool) {
          sendJson(context.response, 202, { change: 'quarantined', warnings });
          return;
        }
        const change = summary.added > 0 ? 'added' : summary.updated > 0 ? 'updated' : 'unchanged';
        sendJson(
          context.response,
          change === 'added' ? 201 : 200,
          { tool, change, warnings },
          {
            location: `${dependencies.basePath}/tools/${encodeURIComponent(tool.qualifiedName)}`,
          },
        );
      },
    },
    {
      method: 'DELETE',
      path: '/tools/{name}',
      async handle(context) {
        requireManager(dependencies, context);
        const name = context.params.name ?? '';
        const removed = await arsenal.unregister(name);
        if (removed.length === 0) throw notFound(dependencies, name, context.principal);
        sendJson(context.response, 200, { removed: removed.map((tool) => tool.qualifiedName) });
      },
    },
    {
      method: 'POST',
      path: '/tools/search',
      async handle(context) {
        const body = parseWith(
          searchBodySchema,
          await readJsonBody(context.request, context.response, dependencies.limits),
          'search request',
        );
        const result = await arsenal.retrieve({
          ...(body as Omit<RetrievalRequest, 'principal'>),
          ...(context.principal ? { principal: context.principal } : {}),
          audience: 'caller',
        });
        sendJson(context.response, 200, {
          ...result,
          tools: result.tools.map((scored) => ({
            ...scored,
            tool: arsenal.viewFor(scored.tool, context.principal),
          })),
        });
      },
    },
  ];
}
