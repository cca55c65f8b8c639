import type { ArsenalEvent } from '../events/events.js';
import { type CallState, describeError, type Outcome } from './call-outcome.js';
import type { ConfirmationStore } from './confirmation.js';
import type { ExecutionPipeline } from './pipeline.js';
import type { Clock, ToolResult } from './types.js';

export interface ConfirmationParts {
  confirmations: ConfirmationStore<CallState>;
  pipeline: ExecutionPipeline;
  clock: Clock;
  emit: (event: ArsenalEvent) => void;
  /** The answer once the engine is closed, or undefined while it is open. */
  closed: () => Outcome | undefined;
}

/** Confirm or reject a call parked in this process, exactly once (unknown or used ids refused). */
export function resolveConfirmation(
  parts: ConfirmationParts,
  id: string,
  outcome: 'confirmed' | 'rejected',
): Promise<ToolResult> {
  const { pipeline } = parts;
  const taken = parts.confirmations.take(id);
  const tool = taken.payload?.resolved?.definition.name ?? '';
  const expired = 'error' in taken && taken.error.reason === 'expired';
  parts.emit({
    type: 'confirmation.resolved',
    time: new Date(parts.clock.now()).toISOString(),
    confirmationId: id,
    tool,
    outcome: expired ? 'expired' : outcome,
  });
  if ('error' in taken) {
    const status = taken.error.reason === 'not_found' ? 'not_found' : 'permission_denied';
    const state = taken.payload;
    if (state) return pipeline.conclude(state, { status, error: describeError(taken.error) });
    return pipeline.answer({ tool: '' }, { status, error: describeError(taken.error) });
  }
  const state = taken.payload;
  if (outcome === 'rejected') {
    return pipeline.conclude(state, {
      status: 'cancelled',
      error: {
        code: 'confirmation_rejected',
        message: `The call to "${tool}" was rejected by a human.`,
        errorType: 'ConfirmationError',
        retryable: false,
      },
    });
  }
  const closed = parts.closed();
  if (closed) return pipeline.conclude(state, closed);
  state.confirmed = true;
  return pipeline.run(state);
}
