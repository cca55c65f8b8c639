import { type ArsenalEvent, ConfigurationError, type Telemetry } from '@arsenal/core';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { BoundedLabel, namespaceOf, splitQualifiedName } from './bounded-labels.js';
import {
  createMetricSet,
  DEFAULT_EXECUTION_BUCKETS,
  DEFAULT_RETRIEVAL_BUCKETS,
  type MetricSet,
} from './metric-set.js';

export interface PrometheusTelemetryOptions {
  /** Registry to register on; default a new one (so two Arsenals in a process never clash). */
  registry?: Registry;
  /** Prefix of every metric name. Default `arsenal_`. */
  prefix?: string;
  /** Distinct tool (and namespace) label values kept; later ones become `__other__`. Default 500. */
  maxToolLabels?: number;
  /** Add a `principal` label to call, retrieval and policy counters. Default false. */
  principalLabel?: boolean;
  /** Distinct principal label values kept when `principalLabel` is on. Default 100. */
  maxPrincipalLabels?: number;
  /** Also collect Node's process metrics (CPU, memory, event loop lag). Default false. */
  defaultMetrics?: boolean;
  retrievalBuckets?: readonly number[];
  executionBuckets?: readonly number[];
}

/** Tool names whose labels are remembered; past it they are computed per call. */
const TOOL_LABEL_CACHE_SIZE = 10_000;
/** Outcome label sets (status, error code, principal) remembered per tool name. */
const OUTCOMES_PER_TOOL = 64;
/** Events held before they are applied to the metrics at once, so the queue stays small. */
const QUEUE_LIMIT = 1024;
const STAGE_TOTAL = { stage: 'total' } as const;
const STAGE_SEARCH = { stage: 'search' } as const;
const STAGE_EMBEDDING = { stage: 'embedding' } as const;

interface CallLabels {
  duration: Record<string, string>;
  count: Record<string, string>;
}

/**
 * Turns Arsenal's typed events into Prometheus metrics. Labels are bounded: tool and namespace
 * names are capped, and neither query text nor principal ids become labels unless asked for.
 *
 * @example
 * const metrics = createPrometheusTelemetry();
 * const arsenal = createArsenal({ telemetry: metrics });
 * response.end(await metrics.metrics());
 */
export class PrometheusTelemetry implements Telemetry {
  readonly registry: Registry;
  readonly #metrics: MetricSet;
  readonly #tools: BoundedLabel;
  readonly #namespaces: BoundedLabel;
  readonly #principals: BoundedLabel | undefined;
  readonly #namespaceByTool = new Map<string, string>();
  readonly #toolLabelCache = new Map<string, { namespace: string; tool: string }>();
  readonly #inFlight = new Set<string>();
  readonly #openBreakers = new Set<string>();
  /** Per tool name, the label sets of its calls by outcome and principal. */
  readonly #callLabels = new Map<string, Map<string, CallLabels>>();
  #queue: ArsenalEvent[] = [];
  #registered = 0;

  constructor(options: PrometheusTelemetryOptions = {}) {
    const prefix = options.prefix ?? 'arsenal_';
    if (!/^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(prefix)) {
      throw new ConfigurationError(
        `prefix "${prefix}" is not a valid Prometheus metric name prefix: use letters, digits, "_" and ":", not starting with a digit (for example "arsenal_").`,
      );
    }
    const maxTools = options.maxToolLabels ?? 500;
    if (!Number.isInteger(maxTools) || maxTools < 1) {
      throw new ConfigurationError(
        `maxToolLabels must be a positive integer, got ${String(maxTools)}.`,
      );
    }
    this.registry = options.registry ?? new Registry();
    this.#metrics = createMetricSet({
      registry: this.registry,
      prefix,
      // Every read of a metric (a scrape, `metrics()`, `registry.getSingleMetric(...).get()`)
      // first applies the events still queued, so what is read is always up to date.
      beforeRead: () => this.#drain(),
      principalLabel: options.principalLabel === true,
      retrievalBuckets: options.retrievalBuckets ?? DEFAULT_RETRIEVAL_BUCKETS,
      executionBuckets: options.executionBuckets ?? DEFAULT_EXECUTION_BUCKETS,
    });
    this.#tools = new BoundedLabel(maxTools);
    this.#namespaces = new BoundedLabel(maxTools);
    this.#principals = options.principalLabel
      ? new BoundedLabel(options.maxPrincipalLabels ?? 100)
      : undefined;
    if (options.defaultMetrics) collectDefaultMetrics({ register: this.registry, prefix });
  }

  /** The content type of `metrics()`, for the HTTP response. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** The current metrics in the Prometheus text exposition format. */
  metrics(): Promise<string> {
    return this.registry.metrics();
  }

  /**
   * Queues the event: `prom-client` hashes and validates a label set on every update, work no call
   * needs to wait for. Queued events are applied in order when a metric is read, or at once when
   * 1,024 are waiting.
   */
  emit(event: ArsenalEvent): void {
    this.#queue.push(event);
    if (this.#queue.length >= QUEUE_LIMIT) this.#drain();
  }

  #drain(): void {
    const events = this.#queue;
    if (events.length === 0) return;
    this.#queue = [];
    for (const event of events) {
      try {
        this.#apply(event);
      } catch {
        // One malformed event must not cost the others their counts.
      }
    }
  }

  #apply(event: ArsenalEvent): void {
    const m = this.#metrics;
    switch (event.type) {
      case 'tool.registered':
        this.#toolLabelCache.delete(event.tool);
        this.#callLabels.delete(event.tool);
        this.#namespaceByTool.set(event.tool, namespaceOf(event.qualifiedName, event.tool));
        if (event.change === 'added') m.toolsRegistered.set(++this.#registered);
        return;
      case 'tool.unregistered':
        this.#registered = Math.max(0, this.#registered - 1);
        m.toolsRegistered.set(this.#registered);
        return;
      case 'tool.flagged':
        m.toolsFlagged.inc();
        return;
      case 'retrieval.completed':
        m.retrievals.inc(this.#principal(event.principalId));
        m.retrievalDuration.observe(STAGE_TOTAL, event.timings.totalMs / 1000);
        m.retrievalDuration.observe(STAGE_SEARCH, event.timings.searchMs / 1000);
        if (event.timings.embeddingMs > 0)
          m.retrievalDuration.observe(STAGE_EMBEDDING, event.timings.embeddingMs / 1000);
        if (event.filteredCount > 0) m.retrievalWithheld.inc(event.filteredCount);
        return;
      case 'execution.started':
        this.#inFlight.add(event.callId);
        m.inFlight.set(this.#inFlight.size);
        return;
      case 'execution.completed': {
        this.#inFlight.delete(event.callId);
        m.inFlight.set(this.#inFlight.size);
        const labels = this.#labelsOfCall(event);
        m.executionDuration.observe(labels.duration, event.durationMs / 1000);
        m.executions.inc(labels.count);
        return;
      }
      case 'execution.retry':
        m.retries.inc({ ...this.#toolLabels(event.tool), error_code: event.errorCode });
        return;
      case 'circuit.changed':
        if (event.to === 'closed') this.#openBreakers.delete(event.tool);
        else this.#openBreakers.add(event.tool);
        m.breakersOpen.set(this.#openBreakers.size);
        m.breakerTransitions.inc({ ...this.#toolLabels(event.tool), to: event.to });
        return;
      case 'policy.decision':
        m.policyDecisions.inc({ decision: event.decision, ...this.#principal(event.principalId) });
        return;
      case 'rate.limited':
        m.rateLimited.inc({ scope: event.scope });
        return;
      case 'confirmation.requested':
        m.confirmations.inc({ outcome: 'requested' });
        return;
      case 'confirmation.resolved':
        m.confirmations.inc({ outcome: event.outcome ?? 'unknown' });
        return;
      case 'audit.failed':
        m.auditFailures.inc();
        return;
      default:
        return;
    }
  }

  async close(): Promise<void> {
    this.#queue = [];
    this.registry.clear();
  }

  /** The label sets of a completed call, built once per tool, outcome and principal. */
  #labelsOfCall(event: {
    tool: string;
    status: string;
    errorCode?: string;
    principalId?: string;
  }): CallLabels {
    const errorCode = event.errorCode ?? 'none';
    const principal = this.#principals ? (event.principalId ?? 'anonymous') : '';
    const key = `${event.status}\u0000${errorCode}\u0000${principal}`;
    let byOutcome = this.#callLabels.get(event.tool);
    const known = byOutcome?.get(key);
    if (known) return known;
    const tool = this.#toolLabels(event.tool);
    const labels: CallLabels = {
      duration: { ...tool, status: event.status },
      count: {
        ...tool,
        status: event.status,
        error_code: errorCode,
        ...this.#principal(event.principalId),
      },
    };
    // Bounded like the label values: past the budget they are built per call, not remembered.
    if (!byOutcome && this.#callLabels.size < TOOL_LABEL_CACHE_SIZE) {
      byOutcome = new Map();
      this.#callLabels.set(event.tool, byOutcome);
    }
    if (byOutcome && byOutcome.size < OUTCOMES_PER_TOOL) byOutcome.set(key, labels);
    return labels;
  }

  /** Labels for a tool named bare (`get_weather`) or qualified (`forecasts.get_weather:1.0.0`). */
  #toolLabels(tool: string): { namespace: string; tool: string } {
    // Every call computes them: remember them per name (bounded like the labels themselves).
    const known = this.#toolLabelCache.get(tool);
    if (known) return known;
    const qualified = splitQualifiedName(tool);
    const labels = {
      namespace: this.#namespaces.value(qualified?.namespace ?? this.#namespaceByTool.get(tool)),
      tool: this.#tools.value(qualified?.tool ?? tool),
    };
    if (this.#toolLabelCache.size < TOOL_LABEL_CACHE_SIZE) this.#toolLabelCache.set(tool, labels);
    return labels;
  }

  #principal(id: string | undefined): Record<string, string> {
    return this.#principals ? { principal: this.#principals.value(id ?? 'anonymous') } : {};
  }
}
