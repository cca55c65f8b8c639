import { ConfirmationError } from '../../errors/index.js';
import type { ArsenalEvent } from '../../events/events.js';
import { type CallState, describeError, type Outcome } from '../call-outcome.js';
import type { ToolCall, ToolResult } from '../types.js';
import type { StateSync } from './state-sync.js';

/**
 * A parked call as other replicas see it: what is needed to run it again there, and what a
 * listing shows of it.
 */
export interface ParkedCall {
  owner: string;
  call: ToolCall;
  expiresAt: number;
  /** When the call was made (ms since epoch). */
  requestedAt?: number;
  reason?: string;
  qualifiedName?: string;
}

/** Most shared records one listing reads, so a flooded store cannot make a listing unbounded. */
export const MAX_LISTED_PARKED_CALLS = 2_000;

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
    const record: ParkedCall = {
      owner: sync.replicaId,
      call: portable(state.call),
      expiresAt,
      requestedAt: state.queuedAt,
      reason: state.confirmationReason ?? '',
      qualifiedName: state.resolved?.definition.qualifiedName ?? '',
    };
    sync.fire('confirmations', () =>
      sync.store.set(this.#key('confirmation', id), record, { ttlMs: ttlMs * 2 }),
    );
  }

  /**
   * The calls parked on any replica that have not expired (at most MAX_LISTED_PARKED_CALLS
   * records read), and the ids a replica has claimed (confirmed or rejected, or doing so):
   * those are no longer pending, wherever they were parked. Undefined when the store cannot be
   * read.
   */
  async list(): Promise<
    { open: { id: string; parked: ParkedCall }[]; claimed: Set<string> } | undefined
  > {
    const { sync } = this.#parts;
    const prefix = this.#key('confirmation', '');
    return sync.attempt('confirmations', async () => {
      const keys = (await sync.store.keys(prefix)).slice(0, MAX_LISTED_PARKED_CALLS);
      const now = sync.now();
      const open: { id: string; parked: ParkedCall }[] = [];
      const claimed = new Set<string>();
      await Promise.all(
        keys.map(async (key) => {
          const id = key.slice(prefix.length);
          const [parked, claims] = await Promise.all([
            sync.store.get<unknown>(key),
            sync.store.get<unknown>(this.#key('confirmation-claim', id)),
          ]);
          if (Number(claims) > 0) claimed.add(id);
          else if (isParkedCall(parked) && parked.expiresAt > now) open.push({ id, parked });
        }),
      );
      return { open, claimed };
    });
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

/** A record read back from a shared store is data from the outside: check its shape. */
function isParkedCall(value: unknown): value is ParkedCall {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const call = record.call as Record<string, unknown> | undefined;
  return (
    typeof record.expiresAt === 'number' &&
    typeof call === 'object' &&
    call !== null &&
    typeof call.tool === 'string'
  );
}
