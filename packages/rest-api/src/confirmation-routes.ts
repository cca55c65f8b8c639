import type { PendingConfirmationInfo } from '@arsenal/core';
import { confirmationsQuerySchema } from './confirmation-schemas.js';
import { parseWith, refuseFormBody, sendJson } from './http-io.js';
import { isIssuedIdShape, ownershipKey, shownId } from './invocation-owners.js';
import type { PendingConfirmationEntry } from './pending-confirmations.js';
import { RestApiError, sendProblem } from './problem-details.js';
import { ownerOf, type RouteDependencies } from './route-context.js';
import type { Route, RouteContext } from './router.js';
import { sendToolResult } from './tool-result-answer.js';

/** An entry as its reader sees it: the owner key stays on the server. */
function entryView(entry: PendingConfirmationEntry, mine: boolean, canSettle: boolean) {
  const { owner: _owner, ...shown } = entry;
  return { ...shown, mine, canSettle };
}

/** A call parked outside this API (in code, through MCP), as the Arsenal lists it. */
function parkedElsewhere(entry: PendingConfirmationInfo, canSettle: boolean) {
  return { ...entry, mine: false, canSettle };
}

/**
 * `GET /confirmations` and `POST /confirmations/{id}/confirm|reject`. A caller lists and settles
 * its own confirmations; a principal `canSettleAnyConfirmation` accepts lists and settles every
 * caller's; one `canReadAllCalls` accepts sees every caller's but may settle only its own (403
 * for the others). To everyone else another caller's id is answered like an unknown one (404).
 * Every caller's includes the calls parked outside this API (in code, through MCP), which the
 * Arsenal lists (`arsenal.pendingConfirmations()`).
 */
export function confirmationRoutes(dependencies: RouteDependencies): Route[] {
  const { arsenal, owners, pendingConfirmations } = dependencies;

  /** A call the Arsenal has parked, wherever it was made (undefined when none is). */
  async function parkedByArsenal(id: string): Promise<PendingConfirmationInfo | undefined> {
    return (await arsenal.pendingConfirmations()).find((entry) => entry.id === id);
  }

  async function settle(context: RouteContext, approve: boolean): Promise<void> {
    refuseFormBody(context.request, approve ? 'Confirming a call' : 'Rejecting a call');
    const id = context.params.id ?? '';
    const key = ownershipKey('confirmation', id);
    let allowed = isIssuedIdShape(id) && (await owners.owns(key, ownerOf(context.principal)));
    if (!allowed && isIssuedIdShape(id)) {
      // Only a principal that may see every caller's looks further than the API's own book: a
      // flood of guessed ids from anyone else must not make the Arsenal list its store each time.
      const seesAll =
        dependencies.canSettleAnyConfirmation(context.principal) ||
        dependencies.canReadAllCalls(context.principal);
      const pending =
        (await pendingConfirmations.get(id)) ?? (seesAll ? await parkedByArsenal(id) : undefined);
      if (pending && dependencies.canSettleAnyConfirmation(context.principal)) {
        allowed = true;
      } else if (pending && dependencies.canReadAllCalls(context.principal)) {
        throw new RestApiError(
          403,
          'permission_denied',
          `Confirmation "${shownId(id)}" belongs to another caller, and this principal may only look at it: it can be ${approve ? 'confirmed' : 'rejected'} by the caller that made the call or by a principal allowed to settle every confirmation (the approve capability).`,
        );
      }
    }
    if (!allowed) {
      sendProblem(context.response, {
        type: 'urn:arsenal:problem:confirmation_invalid',
        title: 'Not Found',
        status: 404,
        detail: `Confirmation "${shownId(id)}" is unknown, expired or was issued to another caller; call the tool again to get a new one.`,
        instance: context.instance,
        code: 'confirmation_invalid',
      });
      return;
    }
    await owners.forget(key);
    await pendingConfirmations.forget(id);
    const result = approve ? await arsenal.confirm(id) : await arsenal.reject(id);
    await sendToolResult(dependencies, context, result);
  }

  return [
    {
      method: 'GET',
      path: '/confirmations',
      async handle(context) {
        const query = parseWith(
          confirmationsQuerySchema,
          Object.fromEntries(context.query),
          'query string',
        );
        const me = ownerOf(context.principal);
        const settleAll = dependencies.canSettleAnyConfirmation(context.principal);
        const seeAll = settleAll || dependencies.canReadAllCalls(context.principal);
        // Filter before the limit: a page of other callers' entries must not hide one's own.
        const entries = await pendingConfirmations.list(Number.MAX_SAFE_INTEGER);
        const booked = new Set(entries.map((entry) => entry.id));
        const views = entries
          .filter((entry) => seeAll || entry.owner === me)
          .map((entry) => {
            const mine = entry.owner === me;
            return entryView(entry, mine, mine || settleAll);
          });
        if (seeAll) {
          for (const entry of await arsenal.pendingConfirmations())
            if (!booked.has(entry.id)) views.push(parkedElsewhere(entry, settleAll));
          views.sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.id.localeCompare(b.id));
        }
        const visible = views.slice(0, query.limit);
        sendJson(context.response, 200, {
          confirmations: visible,
          canSettleAll: settleAll,
          limit: query.limit,
        });
      },
    },
    {
      method: 'POST',
      path: '/confirmations/{id}/confirm',
      handle: (context) => settle(context, true),
    },
    {
      method: 'POST',
      path: '/confirmations/{id}/reject',
      handle: (context) => settle(context, false),
    },
  ];
}
