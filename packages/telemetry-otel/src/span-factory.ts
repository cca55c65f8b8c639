import { isW3cSpanId, isW3cTraceId } from '@arsenal/core/adapter';
import {
  type Attributes,
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
          startTime: start.startTime,
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
