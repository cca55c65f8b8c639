import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { CellCounter, CellHistogram } from './cell-metrics.js';

const BOUNDS = [0.001, 0.01, 0.1, 1];
const OBSERVED: [string, number][] = [
  ['a', 0.0005],
  ['a', 0.001],
  ['b', 0.05],
  ['a', 0.5],
  ['b', 7],
  ['a', 0.001],
];

describe('cell metrics', () => {
  it('expose exactly what prom-client exposes for the same observations', async () => {
    const reference = new Registry();
    const cells = new Registry();
    const histogram = new Histogram({
      name: 'latency_seconds',
      help: 'Latency.',
      labelNames: ['tool'],
      buckets: BOUNDS,
      registers: [reference],
    });
    const counter = new Counter({
      name: 'calls_total',
      help: 'Calls.',
      labelNames: ['tool'],
      registers: [reference],
    });
    const cellHistogram = new CellHistogram('latency_seconds', 'Latency.', ['tool'], BOUNDS, cells);
    const cellCounter = new CellCounter('calls_total', 'Calls.', ['tool'], cells);
    for (const [tool, value] of OBSERVED) {
      histogram.observe({ tool }, value);
      counter.inc({ tool });
      cellHistogram.observe(cellHistogram.cell({ tool }), value);
      cellCounter.cell({ tool }).value += 1;
    }
    expect(await cells.metrics()).toBe(await reference.metrics());
    // Exemplars aside (prom-client lists an empty one per bucket), the JSON agrees as well.
    const withoutExemplars = (metrics: Awaited<ReturnType<Registry['getMetricsAsJSON']>>) =>
      metrics.map((metric) => ({
        ...metric,
        values: metric.values.map((entry) => ({
          labels: entry.labels,
          value: entry.value,
          metricName: (entry as { metricName?: string }).metricName,
        })),
      }));
    expect(withoutExemplars(await cells.getMetricsAsJSON())).toEqual(
      withoutExemplars(await reference.getMetricsAsJSON()),
    );
  });

  it('share one cell per label set, skip values that are not numbers, and reset to zero', async () => {
    const registry = new Registry();
    const histogram = new CellHistogram('latency_seconds', 'Latency.', ['tool'], BOUNDS, registry);
    const first = histogram.cell({ tool: 'a' });
    expect(histogram.cell({ tool: 'a' })).toBe(first);
    histogram.observe(first, Number.NaN);
    histogram.observe(first, Number.POSITIVE_INFINITY);
    expect(first.count).toBe(0);
    histogram.observe(first, 0.02);
    expect(await registry.metrics()).toContain('latency_seconds_count{tool="a"} 1');
    registry.resetMetrics();
    expect(first.count).toBe(0);
    histogram.observe(first, 0.02);
    expect(await registry.metrics()).toContain('latency_seconds_count{tool="a"} 1');
  });

  it('refuse a second metric of the same name on one registry', () => {
    const registry = new Registry();
    new CellCounter('calls_total', 'Calls.', [], registry);
    expect(() => new CellCounter('calls_total', 'Calls.', [], registry)).toThrow(/already/);
  });
});
