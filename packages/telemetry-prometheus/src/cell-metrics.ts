import type { Metric, Registry } from 'prom-client';

type Labels = Readonly<Record<string, string>>;

/** One label set's running count, updated in place by whoever holds it. */
export interface CounterCell {
  readonly labels: Labels;
  value: number;
}

/** One label set's observations: count, sum, and a count per bucket (not cumulative). */
export interface HistogramCell {
  readonly labels: Labels;
  count: number;
  sum: number;
  /** One slot per upper bound, plus a last one for values above every bound. */
  readonly buckets: Float64Array;
}

/** One exposed value, in the shape `prom-client`'s metrics give from `get()`. */
interface MetricValue {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/** What `get()` answers, as `prom-client`'s own metrics do (the registry formats it). */
export interface MetricSnapshot {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  values: MetricValue[];
  aggregator: 'sum';
}

/**
 * A metric whose label sets are cells the caller looks up once and then updates with plain
 * arithmetic. `prom-client`'s own metrics validate and hash the label set on every update (about
 * a microsecond each); a cell costs an addition. Cells are read only when the registry is: the
 * metric registers itself and answers `get()` in `prom-client`'s shape, so scrapes, JSON output
 * and `registry.getSingleMetric(...)` see it like any other.
 */
abstract class CellMetric<Cell extends { readonly labels: Labels }> {
  readonly aggregator = 'sum';
  readonly #cells = new Map<string, Cell>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Metric);
  }

  /** The cell of a label set, made on first use; equal label sets share one cell. */
  cell(labels: Labels): Cell {
    let key = '';
    for (const name of this.labelNames) key += `${labels[name] ?? ''}\u0000`;
    let cell = this.#cells.get(key);
    if (!cell) {
      cell = this.create(labels);
      this.#cells.set(key, cell);
    }
    return cell;
  }

  get cells(): IterableIterator<Cell> {
    return this.#cells.values();
  }

  /** `registry.resetMetrics()`: every cell back to zero (held cells stay valid). */
  reset(): void {
    for (const cell of this.#cells.values()) this.zero(cell);
  }

  protected abstract create(labels: Labels): Cell;
  protected abstract zero(cell: Cell): void;
}

/** A counter made of cells. */
export class CellCounter extends CellMetric<CounterCell> {
  readonly type = 'counter';

  async get(): Promise<MetricSnapshot> {
    const values: MetricValue[] = [];
    for (const cell of this.cells) values.push({ labels: { ...cell.labels }, value: cell.value });
    return { name: this.name, help: this.help, type: 'counter', values, aggregator: 'sum' };
  }

  protected create(labels: Labels): CounterCell {
    return { labels: { ...labels }, value: 0 };
  }

  protected zero(cell: CounterCell): void {
    cell.value = 0;
  }
}

/** A histogram made of cells, exposed bucket by bucket as `prom-client` exposes its own. */
export class CellHistogram extends CellMetric<HistogramCell> {
  readonly type = 'histogram';
  readonly #bounds: readonly number[];

  constructor(
    name: string,
    help: string,
    labelNames: readonly string[],
    bounds: readonly number[],
    registry: Registry,
  ) {
    super(name, help, labelNames, registry);
    this.#bounds = [...bounds].sort((a, b) => a - b);
  }

  /** Adds one observation to a cell: no allocation, no hashing. */
  observe(cell: HistogramCell, value: number): void {
    if (!Number.isFinite(value)) return;
    cell.count += 1;
    cell.sum += value;
    const bounds = this.#bounds;
    let index = 0;
    while (index < bounds.length && value > bounds[index]!) index++;
    cell.buckets[index]! += 1;
  }

  async get(): Promise<MetricSnapshot> {
    const values: MetricValue[] = [];
    const bucket = `${this.name}_bucket`;
    for (const cell of this.cells) {
      if (cell.count === 0) continue;
      let cumulative = 0;
      this.#bounds.forEach((bound, index) => {
        cumulative += cell.buckets[index]!;
        values.push({
          labels: { le: bound, ...cell.labels },
          value: cumulative,
          metricName: bucket,
        });
      });
      values.push(
        { labels: { le: '+Inf', ...cell.labels }, value: cell.count, metricName: bucket },
        { labels: { ...cell.labels }, value: cell.sum, metricName: `${this.name}_sum` },
        { labels: { ...cell.labels }, value: cell.count, metricName: `${this.name}_count` },
      );
    }
    return { name: this.name, help: this.help, type: 'histogram', values, aggregator: 'sum' };
  }

  protected create(labels: Labels): HistogramCell {
    return {
      labels: { ...labels },
      count: 0,
      sum: 0,
      buckets: new Float64Array(this.#bounds.length + 1),
    };
  }

  protected zero(cell: HistogramCell): void {
    cell.count = 0;
    cell.sum = 0;
    cell.buckets.fill(0);
  }
}
