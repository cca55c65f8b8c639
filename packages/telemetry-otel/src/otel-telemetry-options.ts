import type { Attributes } from '@opentelemetry/api';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';

export interface OtelTelemetryOptions {
  /** `service.name` of the resource. Default `arsenal`. */
  serviceName?: string;
  /** More resource attributes (`deployment.environment`, `service.version`, ...). */
  resourceAttributes?: Attributes;
  /** Where spans go: your processors, or an exporter (batched unless `batch: false`). */
  spanProcessors?: SpanProcessor[];
  exporter?: SpanExporter;
  /**
   * Batch (the default): events become spans in batches off the call path (on the next turn of
   * the event loop, or every 256 events) and the exporter sends them in batches. `false`: each
   * span is built and sent as its event arrives (tests, short scripts).
   */
  batch?: boolean;
  /** Record the retrieval query text as `arsenal.retrieval.query`. Default false. */
  recordQueryText?: boolean;
  /** Record principal ids as `enduser.id`. Default true. */
  recordPrincipal?: boolean;
  /** Calls kept open at once; past it the oldest span ends as abandoned. Default 10,000. */
  maxOpenSpans?: number;
  /**
   * Head sampling: the share of traces that become spans, from 0 to 1, decided from the trace id
   * (so a call's spans and events are kept or dropped together). Default 1.
   * Dropped traces cost next to nothing: their events never reach the SDK.
   */
  sampleRatio?: number;
  /**
   * Traces kept per second at most (after `sampleRatio`); the rest are dropped whole. Default
   * 100: a service doing fewer calls than that keeps every trace, and a busy one spends a bounded
   * amount on tracing (a span costs about 20 µs of CPU to build and encode) instead of a share of
   * every call. `Infinity` keeps every trace `sampleRatio` keeps.
   */
  maxTracesPerSecond?: number;
  /**
   * A failed call (any status but success or pending confirmation) in a dropped trace still
   * becomes a span, built from its completion alone (name, ids, status, error type, attempts,
   * duration). Default true.
   */
  keepFailedCalls?: boolean;
  /** The clock of `maxTracesPerSecond`, in milliseconds. Default `performance.now`. */
  clock?: () => number;
}
