import { ArsenalError, type Issue } from '../errors/arsenal-error.js';
import { isoTime } from '../events/iso-time.js';
import { createIdSequence, createUuidSequence } from '../hash/id-sequence.js';
import type { AuditRecord } from '../ports/history-store.js';
import type { ResolvedTool } from '../registry/types.js';
import { redactSecrets } from './redaction.js';
import type {
  PendingConfirmation,
  ToolCall,
  ToolResult,
  ToolResultError,
  ToolResultStatus,
} from './types.js';

/** Everything the pipeline knows about one call as it moves through the steps. */
export interface CallState {
  call: ToolCall;
  callId: string;
  traceId: string;
  spanId: string;
  queuedAt: number;
  startedAt?: number;
  resolved?: ResolvedTool;
  /** Validated arguments (defaults applied). */
  arguments: Record<string, unknown>;
  /** What the audit record shows when the arguments could not be used as given. */
  auditArguments?: Record<string, unknown>;
  attempt: number;
  /** Set once a human confirmed the call. */
  confirmed?: boolean;
  /** Why the call waits for a confirmation, once it is parked. */
  confirmationReason?: string;
}

/** The outcome of a step, before timestamps and ids are attached. */
export interface Outcome {
  status: ToolResultStatus;
  result?: unknown;
  error?: ToolResultError;
  cached?: boolean;
  confirmation?: PendingConfirmation;
}

// Call, trace and span ids come from per-process sequences: a random prefix and a counter, as
// unique as random ids at a fraction of their cost (three random UUIDs per call were a tenth of
// the engine's time).
const nextCallId = createUuidSequence('call_');
const nextTraceId = createIdSequence(32);
const nextSpanId = createIdSequence(16);

/**
 * A call's state with every field present from the start, in one order: the steps that fill in
 * the rest (resolution, start time, confirmation) then change values, not the object's shape,
 * so every function handed a state sees one shape whichever way the call went.
 */
export function newCallState(call: ToolCall, now: number): CallState {
  return {
    call,
    callId: nextCallId(),
    traceId: typeof call.traceId === 'string' && call.traceId !== '' ? call.traceId : nextTraceId(),
    spanId: nextSpanId(),
    queuedAt: now,
    startedAt: undefined,
    resolved: undefined,
    arguments: {},
    auditArguments: undefined,
    attempt: 0,
    confirmed: undefined,
    confirmationReason: undefined,
  };
}

/**
 * Adds the caller's span and the principal to an event of a call, each only when the call has
 * one. Set in place rather than spread into the event: a call emits three events, and spreading
 * small objects into each cost more than the rest of building them.
 */
export function withCallContext<Event extends { parentSpanId?: string; principalId?: string }>(
  event: Event,
  state: CallState,
): Event {
  const parent = state.call.parentSpanId;
  if (typeof parent === 'string' && parent !== '') event.parentSpanId = parent;
  const principalId = state.call.principal?.id;
  if (principalId !== undefined) event.principalId = principalId;
  return event;
}

/** The span fields of a call's events. */
export function callSpan(state: CallState): { spanId: string; parentSpanId?: string } {
  const parent = state.call.parentSpanId;
  return typeof parent === 'string' && parent !== ''
    ? { spanId: state.spanId, parentSpanId: parent }
    : { spanId: state.spanId };
}

/** A JSON-safe description of a thrown value; non-Error values keep their text. */
export function describeError(
  value: unknown,
  fallbackCode = 'execution_failed',
  extra?: { issues?: readonly Issue[]; suggestions?: readonly string[]; retryAfterMs?: number },
): ToolResultError {
  let error: ToolResultError;
  if (ArsenalError.isInstance(value)) {
    error = {
      code: value.code,
      message: value.message,
      errorType: value.name,
      retryable: value.retryable,
    };
  } else if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    error = {
      code: fallbackCode,
      message: value.message || String(value),
      errorType: value.name || 'Error',
      retryable: false,
      ...(typeof code === 'string' ? { code: `${fallbackCode}:${code}` } : {}),
    };
  } else {
    let text: string;
    try {
      text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
    } catch {
      text = String(value);
    }
    error = {
      code: fallbackCode,
      message: `The tool threw a non-Error value: ${text}`,
      errorType: value === null ? 'null' : typeof value,
      retryable: false,
    };
  }
  if (extra?.issues) error.issues = extra.issues;
  if (extra?.suggestions) error.suggestions = extra.suggestions;
  if (extra?.retryAfterMs !== undefined) error.retryAfterMs = extra.retryAfterMs;
  return error;
}

export function buildResult(state: CallState, outcome: Outcome, completedAt: number): ToolResult {
  const result: ToolResult = {
    callId: state.callId,
    tool: typeof state.call?.tool === 'string' ? state.call.tool : '',
    status: outcome.status,
    queuedAt: isoTime(state.queuedAt),
    completedAt: isoTime(completedAt),
    durationMs: completedAt - state.queuedAt,
    attempt: state.attempt,
    traceId: state.traceId,
    spanId: state.spanId,
  };
  if (state.resolved) result.qualifiedName = state.resolved.definition.qualifiedName;
  if (state.startedAt !== undefined) result.startedAt = isoTime(state.startedAt);
  if (outcome.status === 'success') result.result = outcome.result;
  if (outcome.error) result.error = outcome.error;
  if (outcome.cached) result.cached = true;
  if (outcome.confirmation) result.confirmation = outcome.confirmation;
  return result;
}

export function buildAuditRecord(
  state: CallState,
  result: ToolResult,
  isSecret: ((key: string) => boolean) | undefined,
): AuditRecord {
  const definition = state.resolved?.definition;
  const record: AuditRecord = {
    id: result.callId,
    tool: definition?.name ?? result.tool,
    arguments: (state.auditArguments ?? redactSecrets(state.arguments, isSecret)) as Record<
      string,
      unknown
    >,
    status: result.status,
    queuedAt: result.queuedAt,
    completedAt: result.completedAt,
    durationMs: result.durationMs,
    attempt: result.attempt,
    traceId: result.traceId,
    spanId: result.spanId,
  };
  if (definition) record.qualifiedName = definition.qualifiedName;
  const principal = state.call?.principal;
  if (principal?.id !== undefined) record.principalId = principal.id;
  if (principal?.tenant !== undefined) record.tenant = principal.tenant;
  if (result.startedAt) record.startedAt = result.startedAt;
  if (result.error) {
    record.errorCode = result.error.code;
    record.errorMessage = result.error.message;
  }
  if (typeof state.call?.query === 'string') record.query = state.call.query;
  // Most calls have no metadata: no empty object is made for them.
  if (result.cached || result.confirmation || state.confirmed || state.call?.parentSpanId) {
    const metadata: Record<string, unknown> = {};
    if (result.cached) metadata.cached = true;
    if (result.confirmation) metadata.confirmationId = result.confirmation.id;
    if (state.confirmed) metadata.confirmed = true;
    if (state.call?.parentSpanId) metadata.parentSpanId = state.call.parentSpanId;
    record.metadata = metadata;
  }
  return record;
}
