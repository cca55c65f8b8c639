import {
  type ArsenalEvent,
  ConfigurationError,
  type ExecutionCompletedEvent,
  type Telemetry,
} from '@arsenal/core';
import { type Attributes, type Span, SpanStatusCode } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { EventQueue } from './event-queue.js';
import type { OtelTelemetryOptions } from './otel-telemetry-options.js';
import { PresetIdGenerator } from './preset-id-generator.js';
import { eventTime, SpanFactory, toHrTime } from './span-factory.js';
import { type TraceSampler, traceSamplingFor } from './trace-sampling.js';

export type { OtelTelemetryOptions } from './otel-telemetry-options.js';

interface OpenCall {
  span: Span;
  tool: string;
  traceId: string | undefined;
}

const SCOPE = '@arsenal/telemetry-otel';
/**
 * The batch span processor sends one batch at a time and drops what does not fit its queue
 * meanwhile. With the SDK's defaults (512 a batch, 2,048 waiting) a burst of fast calls lost
 * about half its spans while one export was in flight; 2,048 a batch and 16,384 waiting keep
 * every span of 30,000 back-to-back calls, and bound the memory held at about 25 MB.
 */
const EXPORT_BATCHING = { maxExportBatchSize: 2048, maxQueueSize: 16_384 };
/** Spread into attribute sets that add nothing: one shared object, not one per span. */
const NO_ATTRIBUTES: Attributes = Object.freeze({});
/** Events held before they are turned into spans at once, so the queue stays small. */
const QUEUE_LIMIT = 256;
/** See `maxTracesPerSecond`: every trace of a quiet service, a bounded cost for a busy one. */
export const DEFAULT_MAX_TRACES_PER_SECOND = 100;

/**
 * OpenTelemetry traces from Arsenal's events: one `execute_tool` span per call (GenAI semantic
 * conventions) with its attempts, retries and policy decision as span events, one span per
 * retrieval, and breaker changes. Spans carry the call's own W3C ids, so a trace continues into
 * MCP servers and HTTP APIs that receive Arsenal's `traceparent`.
 */
export class OtelTelemetry implements Telemetry {
  readonly provider: BasicTracerProvider;
  readonly #spans: SpanFactory;
  readonly #open = new Map<string, OpenCall>();
  readonly #maxOpen: number;
  readonly #recordQuery: boolean;
  readonly #recordPrincipal: boolean;
  readonly #deferred: boolean;
  readonly #sampling: TraceSampler | undefined;
  readonly #keepFailedCalls: boolean;
  readonly #queue = new EventQueue((event) => this.#apply(event), QUEUE_LIMIT);

  constructor(options: OtelTelemetryOptions = {}) {
    const maxOpen = options.maxOpenSpans ?? 10_000;
    if (!Number.isInteger(maxOpen) || maxOpen < 1) {
      throw new ConfigurationError(
        `maxOpenSpans must be a positive integer, got ${String(maxOpen)}.`,
      );
    }
    this.#sampling = traceSamplingFor(
      options.sampleRatio,
      options.maxTracesPerSecond ?? DEFAULT_MAX_TRACES_PER_SECOND,
      options.clock,
    );
    this.#keepFailedCalls = options.keepFailedCalls !== false;
    const processors = [...(options.spanProcessors ?? [])];
    if (options.exporter) {
      processors.push(
        options.batch === false
          ? new SimpleSpanProcessor(options.exporter)
          : new BatchSpanProcessor(options.exporter, EXPORT_BATCHING),
      );
    }
    if (processors.length === 0) {
      throw new ConfigurationError(
        'OpenTelemetry telemetry needs somewhere to send spans: give `exporter` (for example an OTLPTraceExporter) or `spanProcessors`, or in arsenal.yaml `options: { otlp: { url } }`.',
      );
    }
    const ids = new PresetIdGenerator();
    this.provider = new BasicTracerProvider({
      resource: resourceFromAttributes({
        'service.name': options.serviceName ?? 'arsenal',
        ...options.resourceAttributes,
      }),
      idGenerator: ids,
      spanProcessors: processors,
    });
    this.#spans = new SpanFactory(this.provider.getTracer(SCOPE), ids);
    this.#maxOpen = maxOpen;
    this.#recordQuery = options.recordQueryText === true;
    this.#recordPrincipal = options.recordPrincipal !== false;
    this.#deferred = options.batch !== false;
  }

  /**
   * Queues the event: building spans (SDK span objects, ids, attribute checks) is most of what
   * tracing costs, and none of it needs to happen while the call waits. Spans carry the events'
   * own times, so they are the same whenever they are built.
   */
  emit(event: ArsenalEvent): void {
    // Sampling is decided first, from the trace id alone: a dropped event builds nothing.
    if (this.#sampling && !this.#sampling.keeps(event.traceId) && !this.#keepsFailure(event))
      return;
    if (!this.#deferred) {
      this.#apply(event);
      return;
    }
    this.#queue.push(event);
  }

  #keepsFailure(event: ArsenalEvent): boolean {
    return (
      this.#keepFailedCalls &&
      event.type === 'execution.completed' &&
      event.status !== 'success' &&
      event.status !== 'pending_confirmation'
    );
  }

  #apply(event: ArsenalEvent): void {
    switch (event.type) {
      case 'policy.decision': {
        const attributes = {
          'arsenal.policy.decision': event.decision,
          'arsenal.policy.reason': event.reason,
        };
        const call = event.callId ? this.#call(event.callId, event) : undefined;
        if (call) call.span.addEvent('arsenal.policy', attributes, toHrTime(eventTime(event.time)));
        else this.#instant(`policy ${event.tool}`, event, attributes);
        return;
      }
      case 'execution.started':
        this.#call(event.callId, event).span.addEvent(
          'arsenal.attempt',
          { 'arsenal.attempt': event.attempt },
          toHrTime(eventTime(event.time)),
        );
        return;
      case 'execution.retry':
        this.#open.get(event.callId)?.span.addEvent(
          'arsenal.retry',
          {
            'arsenal.attempt': event.attempt,
            'arsenal.retry.delay_ms': event.delayMs,
            'error.type': event.errorCode,
          },
          toHrTime(eventTime(event.time)),
        );
        return;
      case 'execution.completed':
        this.#complete(event);
        return;
      case 'retrieval.completed': {
        const end = eventTime(event.time);
        const span = this.#spans.start({
          name: 'arsenal.retrieve',
          startTime: end - event.timings.totalMs,
          traceId: event.traceId,
          attributes: {
            'arsenal.retrieval.query_length': event.query.length,
            'arsenal.retrieval.candidates': event.candidateCount,
            'arsenal.retrieval.selected': event.results.length,
            'arsenal.retrieval.withheld': event.filteredCount,
            'arsenal.retrieval.embedding_ms': event.timings.embeddingMs,
            'arsenal.retrieval.search_ms': event.timings.searchMs,
            'arsenal.retrieval.tools': event.results.map((result) => result.tool),
            ...(this.#recordQuery ? { 'arsenal.retrieval.query': event.query } : {}),
            ...this.#principal(event.principalId),
          },
        });
        span.end(toHrTime(end));
        return;
      }
      case 'circuit.changed': {
        const attributes = { 'arsenal.circuit.from': event.from, 'arsenal.circuit.to': event.to };
        const name =
          event.tool
            .replace(/:[^:]*$/, '')
            .split('.')
            .pop() ?? event.tool;
        const calls = [...this.#open.values()].filter((call) => call.tool === name);
        for (const call of calls)
          call.span.addEvent('arsenal.circuit', attributes, toHrTime(eventTime(event.time)));
        if (calls.length === 0) this.#instant(`circuit ${name}`, event, attributes);
        return;
      }
      case 'rate.limited':
        this.#instant(`rate_limited ${event.tool}`, event, {
          'arsenal.rate_limit.scope': event.scope,
          'arsenal.rate_limit.retry_after_ms': event.retryAfterMs,
          ...this.#principal(event.principalId),
        });
        return;
      case 'confirmation.requested':
      case 'confirmation.resolved':
        this.#instant(`${event.type} ${event.tool}`, event, {
          'arsenal.confirmation.id': event.confirmationId,
          ...(event.outcome ? { 'arsenal.confirmation.outcome': event.outcome } : {}),
        });
        return;
      case 'audit.failed':
        this.#instant(
          `audit_failed ${event.tool}`,
          event,
          { 'gen_ai.tool.call.id': event.callId },
          event.message,
        );
        return;
      default:
        return;
    }
  }

  /** Export every ended span now. */
  forceFlush(): Promise<void> {
    this.#queue.drain();
    return this.provider.forceFlush();
  }

  /** End calls still open as abandoned, flush, and shut the exporters down. */
  async close(): Promise<void> {
    this.#queue.drain();
    for (const call of this.#open.values()) this.#abandon(call, 'telemetry closed');
    this.#open.clear();
    await this.provider.shutdown();
  }

  #call(
    callId: string,
    event: {
      time: string;
      traceId?: string;
      spanId?: string;
      parentSpanId?: string;
      tool: string;
      principalId?: string;
    },
  ): OpenCall {
    const open = this.#open.get(callId);
    if (open) return open;
    if (this.#open.size >= this.#maxOpen) {
      const [oldestId, oldest] = this.#open.entries().next().value as [string, OpenCall];
      this.#abandon(oldest, `more than ${this.#maxOpen} calls open at once`);
      this.#open.delete(oldestId);
    }
    const span = this.#spans.start({
      name: `execute_tool ${event.tool}`,
      startTime: eventTime(event.time),
      traceId: event.traceId,
      spanId: event.spanId,
      parentSpanId: event.parentSpanId,
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': event.tool,
        'gen_ai.tool.call.id': callId,
        ...this.#principal(event.principalId),
      },
    });
    const call = { span, tool: event.tool, traceId: event.traceId };
    this.#open.set(callId, call);
    return call;
  }

  #complete(event: ExecutionCompletedEvent): void {
    const call = this.#call(event.callId, event);
    this.#open.delete(event.callId);
    const span = call.span;
    span.setAttribute('arsenal.status', event.status);
    span.setAttribute('arsenal.attempts', event.attempt);
    if (event.errorCode) span.setAttribute('error.type', event.errorCode);
    if (event.status !== 'success' && event.status !== 'pending_confirmation') {
      span.setStatus({ code: SpanStatusCode.ERROR, message: event.errorCode ?? event.status });
    }
    span.end(toHrTime(eventTime(event.time)));
  }

  #abandon(call: OpenCall, why: string): void {
    call.span.setStatus({ code: SpanStatusCode.ERROR, message: `abandoned: ${why}` });
    call.span.setAttribute('arsenal.status', 'abandoned');
    call.span.end();
  }

  /** A zero-length span for something that happened at one moment, outside a call span. */
  #instant(
    name: string,
    event: { time: string; traceId?: string },
    attributes: Attributes,
    errorMessage?: string,
  ): void {
    const time = eventTime(event.time);
    const span = this.#spans.start({ name, startTime: time, traceId: event.traceId, attributes });
    if (errorMessage !== undefined)
      span.setStatus({ code: SpanStatusCode.ERROR, message: errorMessage });
    span.end(toHrTime(time));
  }

  #principal(id: string | undefined): Attributes {
    return this.#recordPrincipal && id !== undefined ? { 'enduser.id': id } : NO_ATTRIBUTES;
  }
}
