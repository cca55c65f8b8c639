import type { ToolCall, ToolResult } from '@arsenal/core';
import { parseWith, readJsonBody, sendJson } from './http-io.js';
import { problemFromToolResult, RestApiError, sendProblem } from './problem-details.js';
import { ownerOf, type RouteDependencies } from './route-context.js';
import type { Route, RouteContext } from './router.js';
import { executeBodySchema } from './schemas.js';
import { streamInvocation } from './sse.js';

/** An AbortSignal that fires when the client goes away before its answer was sent. */
function clientGone(context: RouteContext): AbortSignal {
  const controller = new AbortController();
  context.response.once('close', () => {
    if (!context.response.writableFinished) controller.abort(new Error('The client went away.'));
  });
  return controller.signal;
}

/** The invocation id in the path, if the caller owns it; otherwise a 404 (whoever owns it). */
function ownedInvocation(dependencies: RouteDependencies, context: RouteContext): string {
  const id = context.params.id ?? '';
  const status = dependencies.owners.owns(id, ownerOf(context.principal))
    ? dependencies.arsenal.status(id)
    : undefined;
  if (!status) {
    throw new RestApiError(
      404,
      'invocation_not_found',
      `Invocation "${id}" is unknown, expired or was started by another caller; start the call again with POST /execute.`,
    );
  }
  return id;
}

/**
 * Answer with a call's outcome: 200 on success, 202 when it waits for a confirmation (whose id
 * only this caller may then settle), a problem document for everything else.
 */
function sendToolResult(
  dependencies: RouteDependencies,
  context: RouteContext,
  result: ToolResult,
): void {
  if (result.status === 'success') {
    sendJson(context.response, 200, result);
    return;
  }
  if (result.status === 'pending_confirmation' && result.confirmation) {
    dependencies.owners.remember(result.confirmation.id, ownerOf(context.principal));
    const at = `${dependencies.basePath}/confirmations/${encodeURIComponent(result.confirmation.id)}`;
    sendJson(context.response, 202, result, { link: `<${at}/confirm>; rel="confirm"` });
    return;
  }
  const { problem, headers } = problemFromToolResult(result, context.instance);
  sendProblem(context.response, problem, headers);
}

/** `/execute`, `/invocations/{id}` (status, cancel, events) and `/confirmations/{id}`. */
export function executionRoutes(dependencies: RouteDependencies): Route[] {
  const { arsenal, owners, basePath } = dependencies;

  async function settleConfirmation(context: RouteContext, approve: boolean): Promise<void> {
    const id = context.params.id ?? '';
    if (!owners.owns(id, ownerOf(context.principal))) {
      sendProblem(context.response, {
        type: 'urn:arsenal:problem:confirmation_invalid',
        title: 'Not Found',
        status: 404,
        detail: `Confirmation "${id}" is unknown, expired or was issued to another caller; call the tool again to get a new one.`,
        instance: context.instance,
        code: 'confirmation_invalid',
      });
      return;
    }
    owners.forget(id);
    const result = approve ? await arsenal.confirm(id) : await arsenal.reject(id);
    sendToolResult(dependencies, context, result);
  }

  return [
    {
      method: 'POST',
      path: '/execute',
      async handle(context) {
        const body = parseWith(
          executeBodySchema,
          await readJsonBody(context.request, context.response, dependencies.limits),
          'execute request',
        );
        const call: ToolCall = {
          tool: body.tool,
          arguments: body.arguments ?? {},
          ...(context.principal ? { principal: context.principal } : {}),
          ...(body.timeoutMs !== undefined ? { timeoutMs: body.timeoutMs } : {}),
          ...(body.query !== undefined ? { query: body.query } : {}),
          ...(body.traceId !== undefined ? { traceId: body.traceId } : {}),
        };
        if (body.mode === 'sync') {
          const result = await arsenal.execute({ ...call, signal: clientGone(context) });
          sendToolResult(dependencies, context, result);
          return;
        }
        const id = arsenal.invoke(call);
        owners.remember(id, ownerOf(context.principal));
        const status = `${basePath}/invocations/${encodeURIComponent(id)}`;
        sendJson(
          context.response,
          202,
          { invocationId: id, status, events: `${status}/events` },
          { location: status },
        );
      },
    },
    {
      method: 'GET',
      path: '/invocations/{id}',
      async handle(context) {
        const id = ownedInvocation(dependencies, context);
        const status = arsenal.status(id);
        const confirmation = status?.result?.confirmation;
        if (confirmation) owners.remember(confirmation.id, ownerOf(context.principal));
        sendJson(context.response, 200, status);
      },
    },
    {
      method: 'POST',
      path: '/invocations/{id}/cancel',
      async handle(context) {
        const id = ownedInvocation(dependencies, context);
        const cancelled = arsenal.cancel(id);
        // Already finished: nothing to cancel, and the status says how it ended.
        sendJson(context.response, cancelled ? 202 : 200, arsenal.status(id));
      },
    },
    {
      method: 'GET',
      path: '/invocations/{id}/events',
      async handle(context) {
        const id = ownedInvocation(dependencies, context);
        await streamInvocation(arsenal, id, context.response, dependencies.sseRetryMs);
      },
    },
    {
      method: 'POST',
      path: '/confirmations/{id}/confirm',
      handle: (context) => settleConfirmation(context, true),
    },
    {
      method: 'POST',
      path: '/confirmations/{id}/reject',
      handle: (context) => settleConfirmation(context, false),
    },
  ];
}
