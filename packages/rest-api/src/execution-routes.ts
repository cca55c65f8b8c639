import type { InvocationStatus, ToolCall } from '@arsenal/core';
import { callerKey } from '@arsenal/http';
import { parseWith, readJsonBody, refuseFormBody, sendJson } from './http-io.js';
import { isIssuedIdShape, ownershipKey, shownId } from './invocation-owners.js';
import { RestApiError } from './problem-details.js';
import { ownerOf, type RouteDependencies } from './route-context.js';
import type { Route, RouteContext } from './router.js';
import { executeBodySchema } from './schemas.js';
import { streamInvocation, streamSharedInvocation } from './sse.js';
import { recordPendingConfirmation, sendToolResult } from './tool-result-answer.js';

/** An AbortSignal that fires when the client goes away before its answer was sent. */
function clientGone(context: RouteContext): AbortSignal {
  const controller = new AbortController();
  context.response.once('close', () => {
    if (!context.response.writableFinished) controller.abort(new Error('The client went away.'));
  });
  return controller.signal;
}

/**
 * The invocation id in the path and its status (from whichever replica runs it), if the caller
 * owns it; otherwise a 404, whoever owns it. Shared ownership that cannot be checked is a 503.
 */
async function ownedInvocation(
  dependencies: RouteDependencies,
  context: RouteContext,
): Promise<{ id: string; status: InvocationStatus }> {
  const id = context.params.id ?? '';
  const owned =
    isIssuedIdShape(id) &&
    (await dependencies.owners.owns(ownershipKey('invocation', id), ownerOf(context.principal)));
  const status = owned ? await dependencies.arsenal.findInvocation(id) : undefined;
  if (!status) {
    throw new RestApiError(
      404,
      'invocation_not_found',
      `Invocation "${shownId(id)}" is unknown, expired or was started by another caller; start the call again with POST /execute.`,
    );
  }
  return { id, status };
}

/**
 * Keep an expiring ownership record alive while the invocation runs here (it ran past the
 * records' lifetime otherwise, and its owner could no longer read or cancel it). A failed write
 * is retried at the next round; the record then lives its full time after the call ends.
 */
function keepOwnedWhileRunning(dependencies: RouteDependencies, id: string, owner: string): void {
  const every = dependencies.owners.refreshEveryMs;
  if (every === undefined) return;
  const key = ownershipKey('invocation', id);
  const timer = setInterval(() => {
    Promise.resolve(dependencies.owners.remember(key, owner)).catch(() => undefined);
  }, every);
  timer.unref();
  dependencies.arsenal
    .result(id)
    .catch(() => undefined)
    .finally(() => clearInterval(timer));
}

/**
 * An async call the policy parks for a human ends its invocation `pending_confirmation`: list it
 * then, under the caller that started it, as a synchronous call is listed when answered.
 */
function listWhenPending(dependencies: RouteDependencies, id: string, call: ToolCall): void {
  dependencies.arsenal
    .result(id)
    .then((result) => recordPendingConfirmation(dependencies, call.principal, call, result))
    .catch(() => undefined);
}

/** `/execute` and `/invocations/{id}` (status, cancel, events). */
export function executionRoutes(dependencies: RouteDependencies): Route[] {
  const { arsenal, owners, basePath } = dependencies;
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
          // A tool hidden from this caller answers as an unknown one; refusals name no rule.
          audience: 'caller',
          ...(context.principal ? { principal: context.principal } : {}),
          ...(body.timeoutMs !== undefined ? { timeoutMs: body.timeoutMs } : {}),
          ...(body.query !== undefined ? { query: body.query } : {}),
          ...(body.traceId !== undefined ? { traceId: body.traceId } : {}),
        };
        if (body.mode === 'sync') {
          const result = await arsenal.execute({ ...call, signal: clientGone(context) });
          await sendToolResult(dependencies, context, result, call);
          return;
        }
        const id = arsenal.invoke(call);
        // One turn first: the invocation's start is then sent to the shared store ahead of its
        // owner, so another replica asked right after the 202 already finds it.
        await Promise.resolve();
        try {
          await owners.remember(ownershipKey('invocation', id), ownerOf(context.principal));
          keepOwnedWhileRunning(dependencies, id, ownerOf(context.principal));
          listWhenPending(dependencies, id, call);
        } catch (error) {
          // Nobody could ever read or cancel it: stop it rather than run it unowned.
          await arsenal.cancelInvocation(id).catch(() => false);
          throw error;
        }
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
        const { status } = await ownedInvocation(dependencies, context);
        const confirmation = status.result?.confirmation;
        if (confirmation) {
          await owners.remember(
            ownershipKey('confirmation', confirmation.id),
            ownerOf(context.principal),
          );
        }
        sendJson(context.response, 200, status);
      },
    },
    {
      method: 'POST',
      path: '/invocations/{id}/cancel',
      async handle(context) {
        refuseFormBody(context.request, 'Cancelling an invocation');
        const { id, status } = await ownedInvocation(dependencies, context);
        // Here at once; on another replica at its next sync round (the status says running until then).
        const cancelled = await arsenal.cancelInvocation(id);
        // Already finished: nothing to cancel, and the status says how it ended.
        sendJson(
          context.response,
          cancelled ? 202 : 200,
          (await arsenal.findInvocation(id)) ?? status,
        );
      },
    },
    {
      method: 'GET',
      path: '/invocations/{id}/events',
      async handle(context) {
        const { id, status } = await ownedInvocation(dependencies, context);
        dependencies.eventStreams.admit(
          callerKey(context.request, context.principal),
          context.response,
        );
        if (arsenal.status(id)) {
          await streamInvocation(arsenal, id, context.response, dependencies.sseRetryMs);
        } else {
          await streamSharedInvocation(arsenal, status, context.response, {
            retryMs: dependencies.sseRetryMs,
            pollMs: dependencies.sharedPollMs,
          });
        }
      },
    },
  ];
}
