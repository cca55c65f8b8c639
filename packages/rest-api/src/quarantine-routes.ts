import type { Principal } from '@arsenal/core';
import { emptyQuerySchema } from './console-schemas.js';
import { parseWith, refuseFormBody, sendJson } from './http-io.js';
import { RestApiError } from './problem-details.js';
import type { PinnedToolView, RouteDependencies } from './route-context.js';
import type { Route, RouteContext } from './router.js';

function requireApprover(dependencies: RouteDependencies, context: RouteContext): void {
  if (dependencies.canApproveTools(context.principal)) return;
  const who = context.principal ? `Principal "${context.principal.id}"` : 'An anonymous caller';
  throw new RestApiError(
    403,
    'permission_denied',
    `${who} may not approve quarantined tools; the console is read-only for it. Use a principal holding the capability the server names for approvals (default "admin").`,
  );
}

/**
 * A pin names an upstream tool of an MCP server: it is shown when that tool is registered and the
 * caller may see it. A pin of a tool not registered now names nothing the rule can judge, so it
 * stays hidden (fail closed).
 */
function visiblePins(
  dependencies: RouteDependencies,
  pins: readonly PinnedToolView[],
  principal: Principal | undefined,
): PinnedToolView[] {
  const shown = new Set(
    dependencies.arsenal
      .visibleTools(principal)
      .map((tool) => JSON.stringify([tool.metadata.mcpServer, tool.metadata.mcpName])),
  );
  return pins.filter((pin) => shown.has(JSON.stringify([pin.server, pin.tool])));
}

/** `/quarantine`, `/quarantine/{name}/approve` and `/pins`. */
export function quarantineRoutes(dependencies: RouteDependencies): Route[] {
  const { arsenal } = dependencies;
  return [
    {
      method: 'GET',
      path: '/quarantine',
      async handle(context) {
        parseWith(emptyQuerySchema, Object.fromEntries(context.query), 'query string');
        const canApprove = dependencies.canApproveTools(context.principal);
        // Approvers see every held tool; others only those the policy would let them see once
        // approved, as in the catalog (a held tool must not reveal a namespace hidden from them).
        const tools = arsenal
          .quarantined()
          .filter(({ tool }) => canApprove || arsenal.isVisible(tool, context.principal))
          .map(({ tool, findings, quarantinedAt }) => ({
            tool,
            quarantinedAt,
            findings: findings.map((finding) => ({ ...finding })),
          }));
        sendJson(context.response, 200, { tools, canApprove });
      },
    },
    {
      method: 'POST',
      path: '/quarantine/{name}/approve',
      async handle(context) {
        refuseFormBody(context.request, 'Approving a quarantined tool');
        requireApprover(dependencies, context);
        const name = context.params.name ?? '';
        if (arsenal.quarantined().length === 0) {
          throw new RestApiError(
            404,
            'tool_not_found',
            `Cannot approve "${name}": no tool is quarantined (GET /quarantine lists the held ones).`,
          );
        }
        // Throws ToolNotFoundError (404) for a tool that is not held, and 422 for an ambiguous name.
        const approved = await arsenal.approveQuarantined(name);
        sendJson(context.response, 200, { approved });
      },
    },
    {
      method: 'GET',
      path: '/pins',
      async handle(context) {
        parseWith(emptyQuerySchema, Object.fromEntries(context.query), 'query string');
        const found = dependencies.pins ? await dependencies.pins() : { pins: [] };
        const pins = visiblePins(dependencies, found.pins, context.principal);
        sendJson(context.response, 200, { ...found, pins });
      },
    },
  ];
}
