import { type ArsenalEvent, ConfigurationError, type Telemetry } from '@arsenal/core';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { BoundedLabel, namespaceOf, splitQualifiedName } from './bounded-labels.js';
import type { CounterCell, HistogramCell } from './cell-metrics.js';
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
/** Outcome cells (status, error code, principal) remembered per tool name. */
const OUTCOMES_PER_TOOL = 64;
/** Principals whose cells are remembered (policy decisions, retrievals). */
const PRINCIPAL_CACHE_SIZE = 10_000;

/** The cells one completed call updates. */
interface CallCells {
  duration: HistogramCell;
  count: CounterCell;
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
  /** Calls whose first attempt started and which have not completed. */
  #inFlight = 0;
  readonly #openBreakers = new Set<string>();
  /** Per tool name, the cells of its calls by outcome and principal. */
  readonly #callCells = new Map<string, Map<string, CallCells>>();
  /** Per decision (and principal), the policy decision counter's cell. */
  readonly #decisionCells = new Map<string, CounterCell>();
  /** Per principal ('' without the principal label), the retrieval counter's cell. */
  readonly #retrievalCells = new Map<string, CounterCell>();
  readonly #stageCells: { total: HistogramCell; search: HistogramCell; embedding: HistogramCell };
  /** The withheld-tools counter's one cell (the metric has no labels). */
  readonly #withheldCell: CounterCell;
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
      // Gauges are set when read (a scrape, `metrics()`, `registry.getSingleMetric(...).get()`),
      // not on every call that moves them.
      beforeRead: () => this.#setGauges(),
      principalLabel: options.principalLabel === true,
      retrievalBuckets: options.retrievalBuckets ?? DEFAULT_RETRIEVAL_BUCKETS,
      executionBuckets: options.executionBuckets ?? DEFAULT_EXECUTION_BUCKETS,
    });
    this.#tools = new BoundedLabel(maxTools);
    this.#namespaces = new BoundedLabel(maxTools);
    this.#principals = options.principalLabel
      ? new BoundedLabel(options.maxPrincipalLabels ?? 100)
      : undefined;
    const stages = this.#metrics.retrievalDuration;
    this.#stageCells = {
      total: stages.cell({ stage: 'total' }),
      search: stages.cell({ stage: 'search' }),
      embedding: stages.cell({ stage: 'embedding' }),
    };
    this.#withheldCell = this.#metrics.retrievalWithheld.cell({});
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
   * Counts the event at once. The metrics every call and retrieval moves are cells looked up
   * once per label set and then updated with plain arithmetic (no label hashing, no allocation),
   * and gauges are set only when read, so nothing is queued and a scrape is always up to date.
   */
  emit(event: ArsenalEvent): void {
    try {
      this.#apply(event);
    } catch {
      // A malformed event must not break the call that emitted it.
    }
  }

  #setGauges(): void {
    this.#metrics.inFlight.set(this.#inFlight);
  }

  #apply(event: ArsenalEvent): void {
    const m = this.#metrics;
    switch (event.type) {
      case 'tool.registered':
        this.#toolLabelCache.delete(event.tool);
        this.#callCells.delete(event.tool);
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
      case 'retrieval.completed': {
        this.#retrievalCell(event.principalId).value += 1;
        const stages = this.#stageCells;
        const timings = event.timings;
        m.retrievalDuration.observe(stages.total, timings.totalMs / 1000);
        m.retrievalDuration.observe(stages.search, timings.searchMs / 1000);
        if (timings.embeddingMs > 0)
          m.retrievalDuration.observe(stages.embedding, timings.embeddingMs / 1000);
        if (event.filteredCount > 0) this.#withheldCell.value += event.filteredCount;
        return;
      }
      case 'execution.started':
        // Counted, not tracked by call id: a call's completion says how many attempts started,
        // so a call that never started (denied, invalid arguments) is never counted out.
        if (event.attempt === 1) this.#inFlight++;
        return;
      case 'execution.completed': {
        if (event.attempt >= 1 && this.#inFlight > 0) this.#inFlight--;
        const cells = this.#cellsOfCall(event);
        m.executionDuration.observe(cells.duration, event.durationMs / 1000);
        cells.count.value += 1;
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
        this.#decisionCell(event.decision, event.principalId).value += 1;
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
    this.registry.clear();
  }

  /** The cells of a completed call, found once per tool, outcome and principal. */
  #cellsOfCall(event: {
    tool: string;
    status: string;
    errorCode?: string;
    principalId?: string;
  }): CallCells {
    // Without principals and on success the key is the status itself: no string is built.
    let key: string = event.status;
    if (event.errorCode !== undefined) key += `\u0000${event.errorCode}`;
    if (this.#principals) key += `\u0001${event.principalId ?? '\u0002'}`;
    let byOutcome = this.#callCells.get(event.tool);
    const known = byOutcome?.get(key);
    if (known) return known;
    const tool = this.#toolLabels(event.tool);
    const cells: CallCells = {
      duration: this.#metrics.executionDuration.cell({ ...tool, status: event.status }),
      count: this.#metrics.executions.cell({
        ...tool,
        status: event.status,
        error_code: event.errorCode ?? 'none',
        ...this.#principal(event.principalId),
      }),
    };
    // Bounded like the label values: past the budget they are looked up per call.
    if (!byOutcome && this.#callCells.size < TOOL_LABEL_CACHE_SIZE) {
      byOutcome = new Map();
      this.#callCells.set(event.tool, byOutcome);
    }
    if (byOutcome && byOutcome.size < OUTCOMES_PER_TOOL) byOutcome.set(key, cells);
    return cells;
  }

  #decisionCell(decision: string, principalId: string | undefined): CounterCell {
    const key = this.#principals ? `${decision}\u0000${principalId ?? '\u0002'}` : decision;
    let cell = this.#decisionCells.get(key);
    if (!cell) {
      cell = this.#metrics.policyDecisions.cell({ decision, ...this.#principal(principalId) });
      if (this.#decisionCells.size < PRINCIPAL_CACHE_SIZE) this.#decisionCells.set(key, cell);
    }
    return cell;
  }

  #retrievalCell(principalId: string | undefined): CounterCell {
    const key = this.#principals ? (principalId ?? '\u0002') : '';
    let cell = this.#retrievalCells.get(key);
    if (!cell) {
      cell = this.#metrics.retrievals.cell(this.#principal(principalId));
      if (this.#retrievalCells.size < PRINCIPAL_CACHE_SIZE) this.#retrievalCells.set(key, cell);
    }
    return cell;
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
