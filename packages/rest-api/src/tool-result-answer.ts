import type { Principal, ToolCall, ToolResult } from '@arsenal/core';
import { redactSecrets } from '@arsenal/core/adapter';
import { sendJson } from './http-io.js';
import { ownershipKey } from './invocation-owners.js';
import { problemFromToolResult, sendProblem } from './problem-details.js';
import { ownerOf, type RouteDependencies } from './route-context.js';
import type { RouteContext } from './router.js';

/**
 * A call answered `pending_confirmation`: record who may settle it (its caller) and what waits,
 * so `GET /confirmations` lists it here and, with a shared store, on every replica.
 */
export async function recordPendingConfirmation(
  dependencies: RouteDependencies,
  principal: Principal | undefined,
  call: Pick<ToolCall, 'arguments'>,
  result: ToolResult,
): Promise<void> {
  const confirmation = result.confirmation;
  if (result.status !== 'pending_confirmation' || !confirmation) return;
  const owner = ownerOf(principal);
  await dependencies.owners.remember(ownershipKey('confirmation', confirmation.id), owner);
  const redacted = redactSecrets(call.arguments ?? {}, (key) => dependencies.isSecretKey(key));
  await dependencies.pendingConfirmations.add({
    id: confirmation.id,
    tool: result.tool,
    ...(result.qualifiedName ? { qualifiedName: result.qualifiedName } : {}),
    arguments:
      typeof redacted === 'object' && redacted !== null && !Array.isArray(redacted)
        ? (redacted as Record<string, unknown>)
        : {},
    ...(principal ? { principalId: principal.id } : {}),
    ...(principal?.tenant !== undefined ? { tenant: principal.tenant } : {}),
    reason: confirmation.reason,
    requestedAt: result.queuedAt,
    expiresAt: confirmation.expiresAt,
    owner,
  });
}

/**
 * Answer with a call's outcome: 200 on success, 202 when it waits for a confirmation (whose id
 * its caller, or a principal that may settle any, may then settle), a problem for the rest.
 */
export async function sendToolResult(
  dependencies: RouteDependencies,
  context: RouteContext,
  result: ToolResult,
  call: Pick<ToolCall, 'arguments'> = {},
): Promise<void> {
  if (result.status === 'success') {
    sendJson(context.response, 200, result);
    return;
  }
  if (result.status === 'pending_confirmation' && result.confirmation) {
    await recordPendingConfirmation(dependencies, context.principal, call, result);
    const at = `${dependencies.basePath}/confirmations/${encodeURIComponent(result.confirmation.id)}`;
    sendJson(context.response, 202, result, { link: `<${at}/confirm>; rel="confirm"` });
    return;
  }
  const { problem, headers } = problemFromToolResult(result, context.instance);
  sendProblem(context.response, problem, headers);
}
