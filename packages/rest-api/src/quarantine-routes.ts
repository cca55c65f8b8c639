import { createToolDefinition, type Principal, type ToolDefinition } from '@arsenal/core';
import { toToolName, UPSTREAM_NAME_METADATA_KEY } from '@arsenal/core/adapter';
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
 * The tool a pin stands for, as the policy would see it: the registered tool of that server and
 * upstream name, or (its server not connected now) one built from the pin's names, judged by the
 * rules on names and namespaces. Undefined when neither can be had: the pin is then not shown.
 */
function pinnedTool(
  registered: readonly ToolDefinition[],
  pin: PinnedToolView,
): ToolDefinition | undefined {
  const found = registered.find(
    (tool) => tool.metadata.mcpServer === pin.server && tool.metadata.mcpName === pin.tool,
  );
  if (found) return found;
  const sibling = registered.find((tool) => tool.metadata.mcpServer === pin.server);
  try {
    return createToolDefinition({
      name: toToolName(pin.tool) || 'pinned_tool',
      namespace: sibling?.namespace ?? pin.server,
      description: `The tool "${pin.tool}" approved for the MCP server "${pin.server}".`,
      metadata: {
        [UPSTREAM_NAME_METADATA_KEY]: pin.tool,
        mcpServer: pin.server,
        mcpName: pin.tool,
      },
    });
  } catch {
    return undefined;
  }
}

/** The pins whose tools the caller may see (`arsenal.isVisible`). */
function visiblePins(
  dependencies: RouteDependencies,
  pins: readonly PinnedToolView[],
  principal: Principal | undefined,
): PinnedToolView[] {
  const registered = dependencies.arsenal.list();
  return pins.filter((pin) => {
    const tool = pinnedTool(registered, pin);
    return tool !== undefined && dependencies.arsenal.isVisible(tool, principal);
  });
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
            tool: canApprove ? tool : arsenal.viewFor(tool, context.principal),
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
