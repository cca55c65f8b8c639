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
   * (so a call's spans and events are kept or dropped together). Default 1: every span is kept.
   * Dropped traces cost next to nothing: their events never reach the SDK.
   */
  sampleRatio?: number;
}
