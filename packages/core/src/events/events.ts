/** Fields every event carries. */
export interface EventBase {
  /** ISO timestamp. */
  time: string;
  traceId?: string;
}

/** A tool was added to the catalog or its definition changed. */
export interface ToolRegisteredEvent extends EventBase {
  type: 'tool.registered';
  tool: string;
  qualifiedName: string;
  contentHash: string;
  change: 'added' | 'updated';
}

/** A tool was removed from the catalog. */
export interface ToolUnregisteredEvent extends EventBase {
  type: 'tool.unregistered';
  tool: string;
  qualifiedName: string;
}

/** The poisoning detector flagged a tool's text: what it found, and where. */
export interface ToolFlaggedEvent extends EventBase {
  type: 'tool.flagged';
  tool: string;
  findings: readonly { path: string; message: string }[];
}

/** An imported tool the poisoning detector flagged: withheld from models until approved. */
export interface ToolQuarantinedEvent extends EventBase {
  type: 'tool.quarantined';
  tool: string;
  qualifiedName: string;
  /** Where the tool came from (`mcp_server`, `catalog`...). */
  source: string;
  contentHash: string;
  findings: readonly { path: string; message: string; rule: string }[];
}

/** A quarantined tool approved by an operator and registered. */
export interface ToolApprovedEvent extends EventBase {
  type: 'tool.approved';
  tool: string;
  qualifiedName: string;
  contentHash: string;
}

/**
 * A retrieval finished: the query, the tools returned with their scores, how many candidates were
 * weighed and filtered out, and how long it took.
 */
export interface RetrievalCompletedEvent extends EventBase {
  type: 'retrieval.completed';
  query: string;
  principalId?: string;
  results: readonly { tool: string; score: number }[];
  candidateCount: number;
  filteredCount: number;
  timings: { embeddingMs: number; searchMs: number; totalMs: number };
}

/** Where a call sits in its trace: W3C ids, so exporters and remote tools can join the trace. */
export interface CallSpan {
  /** The call's own span id (16 hex digits), the same in every event of the call. */
  spanId?: string;
  /** The caller's span, when the call carried `parentSpanId`. */
  parentSpanId?: string;
}

/** An attempt of a call started (attempt 1, then one per retry). */
export interface ExecutionStartedEvent extends EventBase, CallSpan {
  type: 'execution.started';
  callId: string;
  tool: string;
  principalId?: string;
  attempt: number;
}

/** A call ended: its status, error code when it failed, and how long it took. */
export interface ExecutionCompletedEvent extends EventBase, CallSpan {
  type: 'execution.completed';
  callId: string;
  tool: string;
  principalId?: string;
  status: string;
  errorCode?: string;
  durationMs: number;
  attempt: number;
}

/** A tool's circuit breaker changed state (`closed`, `open`, `half_open`). */
export interface CircuitChangedEvent extends EventBase {
  type: 'circuit.changed';
  tool: string;
  from: 'closed' | 'open' | 'half_open';
  to: 'closed' | 'open' | 'half_open';
}

/** The policy decided on a call: allowed, denied or sent for confirmation, and why. */
export interface PolicyDecisionEvent extends EventBase, CallSpan {
  type: 'policy.decision';
  /** The call decided on (absent for decisions outside a call). */
  callId?: string;
  tool: string;
  principalId?: string;
  decision: 'allow' | 'deny' | 'confirm';
  reason: string;
}

/** A call waits for a human to confirm it, or was confirmed, rejected or let expire. */
export interface ConfirmationEvent extends EventBase {
  type: 'confirmation.requested' | 'confirmation.resolved';
  confirmationId: string;
  tool: string;
  outcome?: 'confirmed' | 'rejected' | 'expired';
}

/** An invocation (a long call run with `invoke`) changed state. */
export interface InvocationEvent extends EventBase {
  type: 'invocation.changed';
  invocationId: string;
  tool: string;
  state: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
  progress?: number;
}

/** A call was refused by a rate limit or a concurrency limit. */
export interface RateLimitedEvent extends EventBase {
  type: 'rate.limited';
  tool: string;
  principalId?: string;
  scope: 'tool' | 'principal' | 'concurrency';
  retryAfterMs: number;
}

/** A call failed with a retryable error and is tried again after a delay. */
export interface ExecutionRetryEvent extends EventBase, CallSpan {
  type: 'execution.retry';
  callId: string;
  tool: string;
  /** The attempt about to start (2 for the first retry). */
  attempt: number;
  delayMs: number;
  errorCode: string;
}

/** An audit record could not be written to the history store. */
export interface AuditFailedEvent extends EventBase {
  type: 'audit.failed';
  callId: string;
  tool: string;
  message: string;
}

/** A running tool asked the caller's client something (elicitation, sampling, roots). */
export interface ClientRequestEvent extends EventBase {
  type: 'execution.client_request';
  callId: string;
  tool: string;
  kind: 'elicit' | 'sample' | 'list_roots';
  principalId?: string;
  /** How it ended: answered, refused by the client, or failed (no answer, cancelled). */
  outcome: 'answered' | 'declined' | 'failed';
}

/** Shared state this process keeps in a StateStore (Redis...) that replicas read. */
export type SharedStateKind =
  | 'rate_limits'
  | 'breakers'
  | 'health'
  | 'invocations'
  | 'confirmations'
  | 'outcomes';

/**
 * The shared StateStore stopped answering (once per outage). Until it answers again each kind of
 * state degrades as documented: rate limits refuse calls, everything else falls back to this
 * process's own state.
 */
export interface StateUnavailableEvent extends EventBase {
  type: 'state.unavailable';
  /** The kind of state whose operation failed first. */
  kind: SharedStateKind;
  /** Why it failed; passwords are never part of it. */
  message: string;
}

/** The shared StateStore answers again after an outage. */
export interface StateRecoveredEvent extends EventBase {
  type: 'state.recovered';
  /** The kind of state whose operation succeeded first. */
  kind: SharedStateKind;
  /** How long the store was unavailable. */
  downForMs: number;
}

/** Every event Arsenal emits. Switch on `type`. */
export type ArsenalEvent =
  | ToolRegisteredEvent
  | ToolUnregisteredEvent
  | ToolFlaggedEvent
  | ToolQuarantinedEvent
  | ToolApprovedEvent
  | RetrievalCompletedEvent
  | ExecutionStartedEvent
  | ExecutionCompletedEvent
  | CircuitChangedEvent
  | PolicyDecisionEvent
  | ConfirmationEvent
  | InvocationEvent
  | RateLimitedEvent
  | ExecutionRetryEvent
  | ClientRequestEvent
  | AuditFailedEvent
  | StateUnavailableEvent
  | StateRecoveredEvent;

/** The `type` of every event Arsenal emits. */
export type ArsenalEventType = ArsenalEvent['type'];

/**
 * Receives every event. Implementations must not throw and must return quickly.
 *
 * @example
 * const telemetry: Telemetry = {
 *   emit(event) {
 *     if (event.type === 'execution.completed') console.log(event.tool, event.status);
 *   },
 * };
 * const arsenal = createArsenal({ telemetry });
 */
export interface Telemetry {
  /** Receive one event. Must not throw or block: emitters ignore what it throws. */
  emit(event: ArsenalEvent): void;
  /** Flush what is buffered and release resources. */
  close?(): Promise<void>;
}
