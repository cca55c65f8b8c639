import { RateLimitError } from '../errors/index.js';
import type { ArsenalEvent } from '../events/events.js';
import { isoTime } from '../events/iso-time.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { BulkheadOptions } from './bulkhead.js';
import { type CallState, describeError, type Outcome } from './call-outcome.js';
import type { Clock } from './types.js';

// The limits a call may meet before it runs: the concurrency limit a tool has, and the answer
// (with its event) when a rate or concurrency limit refuses it.

/** A tool's concurrency limit: per tool in the options, declared by the tool, or the default. */
export function concurrencyLimit(
  options: BulkheadOptions,
  definition: ToolDefinition,
): number | undefined {
  const declared = definition.metadata.maxConcurrency;
  const limit =
    options.tools?.[definition.qualifiedName] ??
    options.tools?.[definition.name] ??
    (typeof declared === 'number' ? declared : undefined) ??
    options.maxConcurrentPerTool;
  return limit === undefined || !Number.isFinite(limit) ? undefined : Math.max(1, limit);
}

/** The `rate_limited` answer to a refused call, after its `rate.limited` event. */
export function rateLimitedOutcome(
  clock: Clock,
  emit: (event: ArsenalEvent) => void,
  state: CallState,
  scope: 'tool' | 'principal' | 'concurrency',
  retryAfterMs: number,
  message?: string,
): Outcome {
  const definition = state.resolved!.definition;
  emit({
    type: 'rate.limited',
    time: isoTime(clock.now()),
    traceId: state.traceId,
    tool: definition.name,
    ...(state.call.principal?.id !== undefined ? { principalId: state.call.principal.id } : {}),
    scope,
    retryAfterMs,
  });
  const error = new RateLimitError(definition.name, scope, retryAfterMs, message);
  return {
    status: 'rate_limited',
    error: describeError(error, 'rate_limited', { retryAfterMs }),
  };
}
