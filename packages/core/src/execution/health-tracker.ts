import type { CircuitState } from './circuit-breaker.js';
import type { ToolHealthReport } from './types.js';

const WINDOW = 512;

interface Stats {
  total: number;
  successes: number;
  consecutiveFailures: number;
  latencySum: number;
  /** The last WINDOW latencies, a ring. */
  latencies: Float64Array;
  next: number;
  lastSuccessAt: number | undefined;
  lastFailureAt: number | undefined;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[index]!;
}

/** Success rate, latency percentiles (last 512 calls) and consecutive failures per tool. */
export class HealthTracker {
  readonly #stats = new Map<string, Stats>();

  record(key: string, success: boolean, latencyMs: number, at: number): void {
    let stats = this.#stats.get(key);
    if (!stats) {
      stats = {
        total: 0,
        successes: 0,
        consecutiveFailures: 0,
        latencySum: 0,
        latencies: new Float64Array(WINDOW),
        next: 0,
        lastSuccessAt: undefined,
        lastFailureAt: undefined,
      };
      this.#stats.set(key, stats);
    }
    stats.total++;
    stats.latencySum += latencyMs;
    stats.latencies[stats.next % WINDOW] = latencyMs;
    stats.next++;
    if (success) {
      stats.successes++;
      stats.consecutiveFailures = 0;
      stats.lastSuccessAt = at;
    } else {
      stats.consecutiveFailures++;
      stats.lastFailureAt = at;
    }
  }

  report(key: string, circuitState: CircuitState): ToolHealthReport {
    const stats = this.#stats.get(key);
    if (!stats) {
      return {
        successRate: 1,
        averageLatencyMs: 0,
        p50LatencyMs: 0,
        p95LatencyMs: 0,
        p99LatencyMs: 0,
        totalCalls: 0,
        successCount: 0,
        failureCount: 0,
        consecutiveFailures: 0,
        circuitState,
      };
    }
    const sorted = stats.latencies.slice(0, Math.min(stats.next, WINDOW)).sort();
    const report: ToolHealthReport = {
      successRate: stats.successes / stats.total,
      averageLatencyMs: stats.latencySum / stats.total,
      p50LatencyMs: percentile(sorted, 0.5),
      p95LatencyMs: percentile(sorted, 0.95),
      p99LatencyMs: percentile(sorted, 0.99),
      totalCalls: stats.total,
      successCount: stats.successes,
      failureCount: stats.total - stats.successes,
      consecutiveFailures: stats.consecutiveFailures,
      circuitState,
    };
    if (stats.lastSuccessAt !== undefined)
      report.lastSuccessAt = new Date(stats.lastSuccessAt).toISOString();
    if (stats.lastFailureAt !== undefined)
      report.lastFailureAt = new Date(stats.lastFailureAt).toISOString();
    return report;
  }
}
