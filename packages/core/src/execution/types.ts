import type { Issue } from '../errors/arsenal-error.js';
import type {
  ClientRequests,
  Principal,
  ProgressUpdate,
  ToolInputRequest,
  ToolInputResponse,
  ToolLogEntry,
} from '../ports/executor.js';
import type { ToolHealth } from '../tool/tool-definition.js';

/** Milliseconds since the epoch. Inject a fake one in tests. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * A call's cancellation without an AbortSignal (see `ToolCall.cancellation`).
 *
 * @example
 * ```ts
 * class Cancel implements CallCancellation {
 *   aborted = false;
 *   reason: unknown;
 *   #listeners = new Set<(reason: unknown) => void>();
 *   abort(reason: unknown): void {
 *     if (this.aborted) return;
 *     this.aborted = true;
 *     this.reason = reason;
 *     for (const listener of this.#listeners) listener(reason);
 *     this.#listeners.clear();
 *   }
 *   onAbort(listener: (reason: unknown) => void): () => void {
 *     if (this.aborted) {
 *       listener(this.reason);
 *       return () => {};
 *     }
 *     this.#listeners.add(listener);
 *     return () => this.#listeners.delete(listener);
 *   }
 * }
 * ```
 */
export interface CallCancellation {
  /** Whether the call has been cancelled. */
  readonly aborted: boolean;
  /** Why, once it has. */
  readonly reason?: unknown;
  /**
   * Run `listener` once when the call is cancelled (at once when it already is); returns the
   * function that stops listening.
   */
  onAbort(listener: (reason: unknown) => void): () => void;
}

/** One request to run a tool, as a model or an application makes it. */
export interface ToolCall {
  /** Tool name, `namespace.name`, qualified name (`ns.name:1.0.0`) or alias. */
  tool: string;
  /** A JSON object. Absent means `{}`. */
  arguments?: unknown;
  /**
   * The dialect the arguments come in (`openai`, `anthropic`, `gemini`, `mcp`) when a model sent
   * them for a tool list encoded by that transcoder: `Arsenal.execute` decodes them back to the
   * tool's own schema first (OpenAI strict's `null` for an optional property means absent).
   */
  dialect?: string;
  principal?: Principal;
  /**
   * Who reads the answer. `'operator'` (default): in-process code, whose refusals name the
   * policy rule. `'caller'`: a client of a served surface (REST, MCP, A2A, UTCP): a tool the
   * policy hides from its principal (or from an anonymous caller) answers exactly as an unknown
   * one, suggestions name only tools it may see, and refusals carry no policy rule text.
   */
  audience?: 'operator' | 'caller';
  /** Per-attempt timeout; default the engine's `defaultTimeoutMs`. */
  timeoutMs?: number;
  /** Retries after the first attempt (retryable errors, idempotent tools only). */
  retries?: number;
  traceId?: string;
  parentSpanId?: string;
  /** `true` asks for a confirmation even when policy would not. A call cannot waive one. */
  requireConfirmation?: boolean;
  /** Aborting it cancels the call. */
  signal?: AbortSignal;
  /**
   * Cancels the call as `signal` does, for a caller that keeps no AbortSignal per call (a server
   * answering many calls: a signal and its listeners cost more than the engine's own work on a
   * call). With both, whichever aborts first cancels the call.
   */
  cancellation?: CallCancellation;
  /** Told about each progress update the tool reports while it runs. */
  onProgress?: (update: ProgressUpdate) => void;
  /** Log entries the running tool reports through `context.log`. A listener that throws is ignored. */
  onLog?: (entry: ToolLogEntry) => void;
  /**
   * Answers a running tool's request for input (an A2A task in `input-required`, say). Without
   * it such tools report that input is needed. The call's timeout keeps running while it waits.
   */
  onInputRequest?: (request: ToolInputRequest) => Promise<ToolInputResponse>;
  /**
   * What the running tool may ask of the caller's client (elicitation, sampling, roots), e.g. an
   * MCP server passing its client's capabilities on. Each request is recorded as an event.
   */
  client?: ClientRequests;
  /** The user request the tool was retrieved for; kept in the audit record. */
  query?: string;
  /** Use the result cache for this call when the tool allows it. Default true. */
  cache?: boolean;
  metadata?: Record<string, unknown>;
}

/** How a call ended: `success`, or which kind of failure or wait. */
export type ToolResultStatus =
  | 'success'
  | 'failure'
  | 'timeout'
  | 'permission_denied'
  | 'circuit_open'
  | 'pending_confirmation'
  | 'cancelled'
  | 'rate_limited'
  | 'not_found'
  | 'invalid_arguments';

/** What went wrong, in a JSON-safe shape a model or UI can show. */
export interface ToolResultError {
  code: string;
  message: string;
  /** The error's class name (`ValidationError`, `TypeError`...). */
  errorType: string;
  retryable: boolean;
  issues?: readonly Issue[];
  suggestions?: readonly string[];
  retryAfterMs?: number;
}

/** A call parked until a human confirms it (`confirm(id)`) or rejects it (`reject(id)`). */
export interface PendingConfirmation {
  id: string;
  /** ISO timestamp after which `confirm(id)` is refused. */
  expiresAt: string;
  reason: string;
}

/**
 * A call waiting for a human, as `pendingConfirmations` lists it: what would run, for whom, why
 * and until when. The arguments are the redacted copy an audit record keeps.
 */
export interface PendingConfirmationInfo {
  id: string;
  /** The tool as called. */
  tool: string;
  qualifiedName?: string;
  /** The call's arguments with secret-looking keys replaced by `[REDACTED]`. */
  arguments: Record<string, unknown>;
  principalId?: string;
  tenant?: string;
  /** Why the policy (or the caller) wants it confirmed. */
  reason: string;
  /** When the call was made (ISO time). */
  requestedAt: string;
  /** After this ISO time the confirmation is refused. */
  expiresAt: string;
}

/** The outcome of a call. Always returned, never thrown. */
export interface ToolResult<T = unknown> {
  callId: string;
  /** The name as called. */
  tool: string;
  /** The resolved tool's qualified name, when it resolved. */
  qualifiedName?: string;
  status: ToolResultStatus;
  result?: T;
  error?: ToolResultError;
  queuedAt: string;
  startedAt?: string;
  completedAt: string;
  durationMs: number;
  /** Attempts made (1 when it ran once, 0 when it never ran). */
  attempt: number;
  traceId: string;
  spanId: string;
  /** Served from the result cache. */
  cached?: boolean;
  confirmation?: PendingConfirmation;
}

/** A tool's health with latency percentiles and outcome counts. */
export interface ToolHealthReport extends ToolHealth {
  p50LatencyMs: number;
  p95LatencyMs: number;
  p99LatencyMs: number;
  successCount: number;
  failureCount: number;
}
