import type { Arsenal, Planning, Principal, ToolDefinition } from '@arsenal/core';
import type { BodyLimits } from './http-io.js';
import type { InvocationOwnership } from './invocation-owners.js';

/** What the route handlers share: the Arsenal, the limits and who may do what. */
export interface RouteDependencies {
  arsenal: Arsenal;
  limits: BodyLimits;
  /** Who may register and unregister tools. */
  canManageTools(principal: Principal | undefined): boolean;
  /** Which caller started each invocation and received each confirmation. */
  owners: InvocationOwnership;
  /** The API's own path prefix (`/api`), for the links it returns. */
  basePath: string;
  /** The SSE `retry` field, in ms. */
  sseRetryMs: number;
  /** How often an event stream of an invocation another replica runs reads its shared status. */
  sharedPollMs: number;
  /** Dependency graph, planner and plan runs over the same Arsenal. */
  planning: Planning;
}

/** A tool this principal may see (policy does not deny it outright), or undefined. */
export function findVisibleTool(
  dependencies: Pick<RouteDependencies, 'arsenal'>,
  name: string,
  principal: Principal | undefined,
): ToolDefinition | undefined {
  const tool = dependencies.arsenal.registry.get(name);
  if (!tool || principal === undefined) return tool;
  const denied =
    dependencies.arsenal.policy.evaluate({ tool, arguments: {}, principal }).effect === 'deny';
  return denied ? undefined : tool;
}

/** The owner key of a caller: its principal id, or one shared key for anonymous callers. */
export function ownerOf(principal: Principal | undefined): string {
  return principal ? `principal:${principal.id}` : 'anonymous';
}
