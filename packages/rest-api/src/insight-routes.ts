import type { AuditRecord, Principal } from '@arsenal/core';
import { pageOfCalls } from './calls-paging.js';
import { callsQuerySchema, emptyQuerySchema } from './console-schemas.js';
import { parseWith, sendJson } from './http-io.js';
import { RestApiError } from './problem-details.js';
import type { RouteDependencies } from './route-context.js';
import type { Route } from './router.js';

function principalView(principal: Principal | undefined) {
  if (!principal) return null;
  return {
    id: principal.id,
    ...(principal.tenant ? { tenant: principal.tenant } : {}),
    capabilities: [...(principal.capabilities ?? [])],
  };
}

/** Audit records carry more than the console shows; keep what a reader needs. */
function callView(record: AuditRecord) {
  const { metadata: _metadata, spanId: _spanId, ...rest } = record;
  return rest;
}

/** `/me`, `/health` and `/calls`: what the console reads to show who, how well and what ran. */
export function insightRoutes(dependencies: RouteDependencies): Route[] {
  const { arsenal } = dependencies;
  return [
    {
      method: 'GET',
      path: '/me',
      async handle(context) {
        parseWith(emptyQuerySchema, Object.fromEntries(context.query), 'query string');
        sendJson(context.response, 200, {
          principal: principalView(context.principal),
          permissions: {
            manageTools: dependencies.canManageTools(context.principal),
            approveTools: dependencies.canApproveTools(context.principal),
            readAllCalls: dependencies.canReadAllCalls(context.principal),
            callTools: dependencies.canCallTools(context.principal),
          },
        });
      },
    },
    {
      method: 'GET',
      path: '/health',
      async handle(context) {
        parseWith(emptyQuerySchema, Object.fromEntries(context.query), 'query string');
        const visible = arsenal.visibleTools(context.principal);
        const breakers = { closed: 0, open: 0, halfOpen: 0 };
        const tools = visible.map((tool) => {
          const health = arsenal.health(tool.qualifiedName);
          if (health.circuitState === 'open') breakers.open++;
          else if (health.circuitState === 'half_open') breakers.halfOpen++;
          else breakers.closed++;
          return {
            qualifiedName: tool.qualifiedName,
            name: tool.name,
            namespace: tool.namespace,
            circuitState: health.circuitState,
            successRate: health.successRate,
            totalCalls: health.totalCalls,
            successCount: health.successCount,
            failureCount: health.failureCount,
            consecutiveFailures: health.consecutiveFailures,
            averageLatencyMs: health.averageLatencyMs,
            p50LatencyMs: health.p50LatencyMs,
            p95LatencyMs: health.p95LatencyMs,
            ...(health.lastSuccessAt ? { lastSuccessAt: health.lastSuccessAt } : {}),
            ...(health.lastFailureAt ? { lastFailureAt: health.lastFailureAt } : {}),
          };
        });
        sendJson(context.response, 200, { tools, breakers });
      },
    },
    {
      method: 'GET',
      path: '/calls',
      async handle(context) {
        const query = parseWith(
          callsQuerySchema,
          Object.fromEntries(context.query),
          'query string',
        );
        const history = dependencies.history;
        if (!history) {
          throw new RestApiError(
            501,
            'not_supported',
            'No audit history is configured, so there are no recent calls to show; add a `history:` section to arsenal.yaml (e.g. use: "@arsenal/history-jsonl").',
          );
        }
        const auditor = dependencies.canReadAllCalls(context.principal);
        if (
          !auditor &&
          query.principal !== undefined &&
          query.principal !== context.principal?.id
        ) {
          throw new RestApiError(
            403,
            'permission_denied',
            `${context.principal ? `Principal "${context.principal.id}"` : 'An anonymous caller'} may read only its own calls; drop the principal filter, or use a principal allowed to read every call.`,
          );
        }
        const principalId = auditor ? query.principal : context.principal?.id;
        const { calls, nextBefore } = await pageOfCalls(history, {
          filters: {
            ...(query.tool ? { tool: query.tool } : {}),
            ...(principalId ? { principalId } : {}),
            ...(query.status ? { status: query.status } : {}),
          },
          ...(query.before ? { before: new Date(query.before).toISOString() } : {}),
          limit: query.limit,
          // Anonymous callers of a server without authentication see the calls made without one.
          keep: auditor || principalId ? () => true : (record) => !record.principalId,
        });
        sendJson(context.response, 200, {
          calls: calls.map(callView),
          limit: query.limit,
          ...(nextBefore !== undefined ? { nextBefore } : {}),
        });
      },
    },
  ];
}
