import { ConfirmationError } from '../errors/index.js';
import type { ArsenalEvent } from '../events/events.js';
import { type CallState, describeError, type Outcome } from '../execution/call-outcome.js';
import type { ToolCall, ToolResult } from '../execution/types.js';
import type { StateSync } from './state-sync.js';

/** A parked call as other replicas see it: what is needed to run it again there. */
interface ParkedCall {
  owner: string;
  call: ToolCall;
  expiresAt: number;
}

export interface SharedConfirmationParts {
  sync: StateSync;
  ttlMs: number;
  /** Whether this process parked the call (it then runs it from its own memory). */
  hasLocal: (id: string) => boolean;
  dropLocal: (id: string) => void;
  /** The single-process resolution, for calls parked here. */
  resolveLocal: (id: string, outcome: 'confirmed' | 'rejected') => Promise<ToolResult>;
  /** Run a call again from the start, confirmed (policy and validation run again). */
  runConfirmed: (call: ToolCall) => Promise<ToolResult>;
  answer: (call: ToolCall, outcome: Outcome) => Promise<ToolResult>;
  emit: (event: ArsenalEvent) => void;
}

/** The JSON-safe part of a call: no signal, callbacks or client handles. */
function portable(call: ToolCall): ToolCall {
  const copy: ToolCall = { tool: call.tool };
  for (const key of [
    'arguments',
    'dialect',
    'principal',
    'timeoutMs',
    'retries',
    'traceId',
    'query',
    'cache',
    'metadata',
  ] as const) {
    if (call[key] !== undefined) (copy as unknown as Record<string, unknown>)[key] = call[key];
  }
  return copy;
}

/**
 * Pending confirmations any replica can resolve, exactly once. The replica that parks a call
 * writes its portable form; confirming or rejecting first claims the id with an atomic
 * increment, so of two replicas resolving the same id only one wins. A call parked on another
 * replica runs again from the start on the one that confirms it (validation and policy included;
 * the caller's progress callbacks do not travel). Store down: each replica resolves only the
 * calls it parked itself (fail open to local state).
 */
export class SharedConfirmations {
  readonly #parts: SharedConfirmationParts;

  constructor(parts: SharedConfirmationParts) {
    this.#parts = parts;
  }

  #key(kind: string, id: string): string {
    return this.#parts.sync.key(kind, id);
  }

  /** The pipeline parked a call here: let the other replicas know. */
  parked(id: string, state: CallState, expiresAt: number): void {
    const { sync, ttlMs } = this.#parts;
    const record: ParkedCall = { owner: sync.replicaId, call: portable(state.call), expiresAt };
    sync.fire('confirmations', () =>
      sync.store.set(this.#key('confirmation', id), record, { ttlMs: ttlMs * 2 }),
    );
  }

  async resolve(id: string, outcome: 'confirmed' | 'rejected'): Promise<ToolResult> {
    const parts = this.#parts;
    const { sync } = parts;
    const claims = await sync.attempt('confirmations', () =>
      sync.store.increment(this.#key('confirmation-claim', id), 1, { ttlMs: parts.ttlMs * 2 }),
    );
    if (claims === undefined || parts.hasLocal(id)) {
      if (claims !== undefined && claims > 1) {
        parts.dropLocal(id);
        return this.#refuse(id, '', 'already_used');
      }
      return parts.resolveLocal(id, outcome);
    }
    const parked = await sync.attempt('confirmations', () =>
      sync.store.get<ParkedCall>(this.#key('confirmation', id)),
    );
    if (!parked) return parts.resolveLocal(id, outcome); // unknown: the local answer says so
    const tool = parked.call.tool;
    if (claims > 1) return this.#refuse(id, tool, 'already_used');
    if (parked.expiresAt <= sync.now()) return this.#refuse(id, tool, 'expired');
    this.#resolved(id, tool, outcome);
    if (outcome === 'rejected') {
      return parts.answer(parked.call, {
        status: 'cancelled',
        error: {
          code: 'confirmation_rejected',
          message: `The call to "${tool}" was rejected by a human.`,
          errorType: 'ConfirmationError',
          retryable: false,
        },
      });
    }
    return parts.runConfirmed(parked.call);
  }

  #resolved(id: string, tool: string, outcome: 'confirmed' | 'rejected' | 'expired'): void {
    try {
      this.#parts.emit({
        type: 'confirmation.resolved',
        time: new Date(this.#parts.sync.now()).toISOString(),
        confirmationId: id,
        tool,
        outcome,
      });
    } catch {
      // Telemetry must never break a confirmation.
    }
  }

  #refuse(id: string, tool: string, reason: 'already_used' | 'expired'): Promise<ToolResult> {
    if (reason === 'expired') this.#resolved(id, tool, 'expired');
    const error = new ConfirmationError(id, reason);
    return this.#parts.answer(
      { tool },
      { status: 'permission_denied', error: describeError(error) },
    );
  }
}
