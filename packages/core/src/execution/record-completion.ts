import type { ArsenalEvent } from '../events/events.js';
import { noopTelemetry } from '../events/telemetry.js';
import { InMemoryHistoryStore } from '../memory/in-memory-history-store.js';
import {
  buildAuditRecord,
  buildResult,
  type CallState,
  callSpan,
  type Outcome,
} from './call-outcome.js';
import { isoTime } from './iso-time.js';
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
  if (parts.telemetry !== noopTelemetry)
    emit({
      type: 'execution.completed',
      time: result.completedAt,
      traceId: state.traceId,
      ...callSpan(state),
      callId: state.callId,
      tool: state.resolved?.definition.name ?? result.tool,
      ...(state.call.principal?.id !== undefined ? { principalId: state.call.principal.id } : {}),
      status: result.status,
      ...(result.error ? { errorCode: result.error.code } : {}),
      durationMs: result.durationMs,
      attempt: result.attempt,
    });
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
