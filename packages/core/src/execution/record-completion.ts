import type { ArsenalEvent } from '../events/events.js';
import { noopTelemetry } from '../events/telemetry.js';
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

/** Attach ids and times, emit the completion event, append the audit record. */
export async function recordCompletion(
  parts: PipelineParts,
  emit: (event: ArsenalEvent) => void,
  state: CallState,
  outcome: Outcome,
): Promise<ToolResult> {
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
  if (parts.historyStore) {
    try {
      await parts.historyStore.append(buildAuditRecord(state, result, parts.isSecretKey));
    } catch (error) {
      emit({
        type: 'audit.failed',
        time: isoTime(parts.clock.now()),
        traceId: state.traceId,
        callId: state.callId,
        tool: result.tool,
        message: (error as Error)?.message ?? String(error),
      });
    }
  }
  return result;
}
