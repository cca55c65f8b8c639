import type { Arsenal, HistoryStore, Planning, Principal, ToolDefinition } from '@arsenal/core';
import type { EventStreamLimits } from './event-stream-limits.js';
import type { BodyLimits } from './http-io.js';
import type { InvocationOwnership } from './invocation-owners.js';
import type { PendingConfirmations } from './pending-confirmations.js';

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
  /** Open invocation event streams per caller, bounded. */
  eventStreams: EventStreamLimits;
  /** Dependency graph, planner and plan runs over the same Arsenal. */
  planning: Planning;
  /** Who may approve quarantined tools. */
  canApproveTools(principal: Principal | undefined): boolean;
  /**
   * Whom the console offers to call tools (and confirm those calls). The API itself leaves calls
   * to the security policy; this only shapes what a read-only console shows.
   */
  canCallTools(principal: Principal | undefined): boolean;
  /** Who may read every principal's calls (others read their own). */
  canReadAllCalls(principal: Principal | undefined): boolean;
  /** Who may confirm or reject any caller's pending confirmation (others settle their own). */
  canSettleAnyConfirmation(principal: Principal | undefined): boolean;
  /** The confirmations this API handed out and that still wait, for `GET /confirmations`. */
  pendingConfirmations: PendingConfirmations;
  /** Which argument keys are secrets, redacted in listed confirmations as in audit records. */
  isSecretKey(key: string): boolean;
  /** The audit history behind `/calls`, when one is configured. */
  history: HistoryStore | undefined;
  /** The approved (pinned) tools of the MCP servers, when pinning is in use. */
  pins: PinsProvider | undefined;
  /** A tool in every dialect with token counts. */
  dialects: DialectsProvider;
}

/** One approval of the pinning lock file. */
export interface PinnedToolView {
  server: string;
  tool: string;
  hash: string;
  approvedAt: string;
  contentHash?: string;
}

/** Reads the current approvals (the lock file may change while serving). */
export type PinsProvider = () => Promise<{ pins: PinnedToolView[]; lockFile?: string }>;

/** A tool as one dialect shows it, or why it cannot be shown. */
export type DialectEncodingView =
  | { dialect: string; status: 'encoded'; tokens: number; tool: unknown }
  | { dialect: string; status: 'failed'; error: string }
  | { dialect: string; status: 'not_installed'; packageName: string };

/** Encodes a tool in every dialect and names the tokenizer that counted. */
export type DialectsProvider = (
  tool: ToolDefinition,
) => Promise<{ tokenizer: string; dialects: DialectEncodingView[] }>;

/**
 * A tool this caller may see (`arsenal.isVisible`: an undefined principal is an anonymous
 * caller), or undefined: a hidden tool is as absent as an unknown one.
 */
export function findVisibleTool(
  dependencies: Pick<RouteDependencies, 'arsenal'>,
  name: string,
  principal: Principal | undefined,
): ToolDefinition | undefined {
  const tool = dependencies.arsenal.registry.get(name);
  return tool && dependencies.arsenal.isVisible(tool, principal) ? tool : undefined;
}

/** The owner key of a caller: its principal id, or one shared key for anonymous callers. */
export function ownerOf(principal: Principal | undefined): string {
  return principal ? `principal:${principal.id}` : 'anonymous';
}
