import { isW3cSpanId, isW3cTraceId } from '@arsenal/core/adapter';
import {
  type Attributes,
  type HrTime,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  TraceFlags,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { PresetIdGenerator } from './preset-id-generator.js';

export interface SpanStart {
  name: string;
  /** Milliseconds since the epoch. */
  startTime: number;
  attributes?: Attributes;
  traceId?: string | undefined;
  spanId?: string | undefined;
  parentSpanId?: string | undefined;
  kind?: SpanKind;
}

/** Starts spans with Arsenal's own W3C ids where it has valid ones, under the caller's span. */
export class SpanFactory {
  constructor(
    private readonly tracer: Tracer,
    private readonly ids: PresetIdGenerator,
  ) {}

  start(start: SpanStart): Span {
    const traceId = isW3cTraceId(start.traceId) ? start.traceId : undefined;
    const parent =
      traceId && isW3cSpanId(start.parentSpanId)
        ? trace.setSpanContext(ROOT_CONTEXT, {
            traceId,
            spanId: start.parentSpanId,
            traceFlags: TraceFlags.SAMPLED,
            isRemote: true,
          })
        : ROOT_CONTEXT;
    this.ids.preset(traceId, isW3cSpanId(start.spanId) ? start.spanId : undefined);
    try {
      let attributes = start.attributes;
      // An id that is not W3C (a caller's own trace label) is kept, so it is still searchable.
      if (start.traceId !== undefined && traceId === undefined)
        attributes = { ...attributes, 'arsenal.trace_id': start.traceId };
      return this.tracer.startSpan(
        start.name,
        {
          kind: start.kind ?? SpanKind.INTERNAL,
          startTime: toHrTime(start.startTime),
          attributes,
          // No `root: true` for a root span: ROOT_CONTEXT holds no span already, and the SDK
          // would copy the context to delete one (an allocation per span).
        },
        parent,
      );
    } finally {
      this.ids.clear();
    }
  }
}

let lastIso = '';
let lastTime = 0;

/** Milliseconds since the epoch of an event's ISO time; now when it cannot be read. */
export function eventTime(iso: string): number {
  // A call's events mostly share one millisecond, so one remembered string spares most parses.
  if (iso === lastIso) return lastTime;
  const parsed = Date.parse(iso);
  if (!Number.isFinite(parsed)) return Date.now();
  lastIso = iso;
  lastTime = parsed;
  return parsed;
}

/**
 * Milliseconds since the epoch as the SDK's `[seconds, nanoseconds]`, computed as the SDK does.
 * Given a number, the SDK reads its performance clock on every span start, span event and span
 * end to tell an epoch time from a performance one; given this, it takes the time as it is.
 */
export function toHrTime(epochMs: number): HrTime {
  return [Math.trunc(epochMs / 1000), Math.round((epochMs % 1000) * 1_000_000)];
}
