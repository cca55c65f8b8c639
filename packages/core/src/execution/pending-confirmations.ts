import { InvalidArgumentError } from '../errors/index.js';
import type { CallState } from './call-outcome.js';
import type { ConfirmationStore } from './confirmation.js';
import { redactSecrets } from './redaction.js';
import type { ParkedCall, SharedConfirmations } from './shared-state/shared-confirmations.js';
import type { PendingConfirmationInfo } from './types.js';

/** Most pending confirmations one listing answers with, unless asked for fewer. */
export const MAX_PENDING_LISTED = 1_000;

/** The limit a listing asked for, checked: a whole number from 1 to MAX_PENDING_LISTED. */
export function pendingLimit(limit: number | undefined): number {
  if (limit === undefined) return MAX_PENDING_LISTED;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new InvalidArgumentError(
      `pendingConfirmations({ limit }) takes a whole number of at least 1, got ${String(limit)}.`,
    );
  }
  return Math.min(limit, MAX_PENDING_LISTED);
}

export interface PendingListParts {
  confirmations: ConfirmationStore<CallState>;
  shared: SharedConfirmations | undefined;
  isSecretKey: ((key: string) => boolean) | undefined;
}

function redacted(
  value: unknown,
  isSecret: ((key: string) => boolean) | undefined,
): Record<string, unknown> {
  const copy = redactSecrets(value ?? {}, isSecret);
  return typeof copy === 'object' && copy !== null && !Array.isArray(copy)
    ? (copy as Record<string, unknown>)
    : {};
}

function fromState(
  id: string,
  state: CallState,
  expiresAt: number,
  isSecret: PendingListParts['isSecretKey'],
): PendingConfirmationInfo {
  const info: PendingConfirmationInfo = {
    id,
    tool: state.call.tool,
    arguments: redacted(state.arguments, isSecret),
    reason: state.confirmationReason ?? '',
    requestedAt: new Date(state.queuedAt).toISOString(),
    expiresAt: new Date(expiresAt).toISOString(),
  };
  const qualifiedName = state.resolved?.definition.qualifiedName;
  if (qualifiedName) info.qualifiedName = qualifiedName;
  const principal = state.call.principal;
  if (principal?.id !== undefined) info.principalId = principal.id;
  if (principal?.tenant !== undefined) info.tenant = principal.tenant;
  return info;
}

function fromParked(
  id: string,
  parked: ParkedCall,
  isSecret: PendingListParts['isSecretKey'],
): PendingConfirmationInfo {
  const call = parked.call;
  const info: PendingConfirmationInfo = {
    id,
    tool: call.tool,
    arguments: redacted(call.arguments, isSecret),
    reason: typeof parked.reason === 'string' ? parked.reason : '',
    requestedAt: new Date(
      typeof parked.requestedAt === 'number' ? parked.requestedAt : parked.expiresAt,
    ).toISOString(),
    expiresAt: new Date(parked.expiresAt).toISOString(),
  };
  if (typeof parked.qualifiedName === 'string' && parked.qualifiedName !== '')
    info.qualifiedName = parked.qualifiedName;
  const principal = call.principal;
  if (typeof principal?.id === 'string') info.principalId = principal.id;
  if (typeof principal?.tenant === 'string') info.tenant = principal.tenant;
  return info;
}

/**
 * The calls waiting for a human: those parked here, and with shared state those parked on any
 * replica, less those a replica resolved (when the store cannot be read, this replica's own). Soonest to
 * expire first, at most `limit`.
 */
export async function listPendingConfirmations(
  parts: PendingListParts,
  limit: number,
): Promise<PendingConfirmationInfo[]> {
  const shared = await parts.shared?.list();
  const byId = new Map<string, PendingConfirmationInfo>();
  for (const { id, payload, expiresAt } of parts.confirmations.list())
    if (!shared?.claimed.has(id))
      byId.set(id, fromState(id, payload, expiresAt, parts.isSecretKey));
  for (const { id, parked } of shared?.open ?? [])
    if (!byId.has(id)) byId.set(id, fromParked(id, parked, parts.isSecretKey));
  return [...byId.values()]
    .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.id.localeCompare(b.id))
    .slice(0, limit);
}
