import type { ArsenalEvent, ExecutionCompletedEvent } from '../events/events.js';
import { isoTime } from '../events/iso-time.js';
import { noopTelemetry } from '../events/telemetry.js';
import { InMemoryHistoryStore } from '../memory/in-memory-history-store.js';
import {
  buildAuditRecord,
  buildResult,
  type CallState,
  type Outcome,
  withCallContext,
} from './call-outcome.js';
import type { PipelineParts } from './pipeline.js';
import type { ToolResult } from './types.js';

const inMemoryAppend = InMemoryHistoryStore.prototype.append;

/**
 * Attach ids and times, emit the completion event, append the audit record. The result comes
 * at once when the history store is the in-memory one (or there is none): a promise only when
 * the store makes one.
 */
export function recordCompletion(
  parts: PipelineParts,
  emit: (event: ArsenalEvent) => void,
  state: CallState,
  outcome: Outcome,
): ToolResult | Promise<ToolResult> {
  const completedAt = parts.clock.now();
  const result = buildResult(state, outcome, completedAt);
  if (parts.telemetry !== noopTelemetry) emit(completionEvent(state, result));
  const store = parts.historyStore;
  if (!store) return result;
  const auditFailed = (error: unknown): ToolResult => {
    emit({
      type: 'audit.failed',
      time: isoTime(parts.clock.now()),
      traceId: state.traceId,
      callId: state.callId,
      tool: result.tool,
      message: (error as Error)?.message ?? String(error),
    });
    return result;
  };
  try {
    const record = buildAuditRecord(state, result, parts.isSecretKey);
    // The in-memory store appends synchronously (unless a subclass changed how it appends).
    if (store.append === inMemoryAppend) {
      (store as InMemoryHistoryStore).appendSync(record);
      return result;
    }
    return Promise.resolve(store.append(record)).then(() => result, auditFailed);
  } catch (error) {
    return auditFailed(error);
  }
}

/** The `execution.completed` event of a call, its optional fields set only when present. */
function completionEvent(state: CallState, result: ToolResult): ExecutionCompletedEvent {
  const event = withCallContext<ExecutionCompletedEvent>(
    {
      type: 'execution.completed',
      time: result.completedAt,
      traceId: state.traceId,
      spanId: state.spanId,
      callId: state.callId,
      tool: state.resolved?.definition.name ?? result.tool,
      status: result.status,
      durationMs: result.durationMs,
      attempt: result.attempt,
    },
    state,
  );
  if (result.error) event.errorCode = result.error.code;
  return event;
}
