import type { CircuitState } from '../circuit-breaker.js';
import { HealthTracker } from '../health-tracker.js';
import type { ToolHealthReport } from '../types.js';
import type { StateSync } from './state-sync.js';

/** One replica's figures for one tool, as it last pushed them. */
interface ReplicaHealth {
  total: number;
  successes: number;
  latencySum: number;
  consecutiveFailures: number;
  p50: number;
  p95: number;
  p99: number;
  lastSuccessAt?: string;
  lastFailureAt?: string;
  updatedAt: number;
}

/** A replica that stopped pushing (gone, scaled down) stops counting after a day. */
const RECORD_TTL_MS = 24 * 60 * 60_000;

const latest = (a: string | undefined, b: string | undefined) =>
  a === undefined ? b : b === undefined ? a : a > b ? a : b;

/**
 * Health across replicas. Each replica pushes its own figures per tool (one record each, so
 * pushes never race) at every sync round, and reads everyone's back: counts and the average are
 * exact sums as of the last round; percentiles are the call-weighted mean of each replica's
 * (an approximation). Reports are synchronous and read the last round's figures; with the store
 * down they fall back to this process's own (fail open).
 */
export class SharedHealthTracker extends HealthTracker {
  readonly #sync: StateSync;
  readonly #dirty = new Set<string>();
  /** Every tool this replica has figures for. */
  readonly #known = new Set<string>();
  /** Other replicas' records per tool, from the last round. */
  #others = new Map<string, ReplicaHealth[]>();

  constructor(sync: StateSync) {
    super();
    this.#sync = sync;
    sync.every(() => this.push());
    sync.every(() => this.pull());
    sync.onRecovered(() => {
      for (const tool of this.#known) this.#dirty.add(tool);
    });
  }

  override record(key: string, success: boolean, latencyMs: number, at: number): void {
    super.record(key, success, latencyMs, at);
    this.#dirty.add(key);
    this.#known.add(key);
  }

  override report(key: string, circuitState: CircuitState): ToolHealthReport {
    const own = super.report(key, circuitState);
    const others = this.#sync.unavailable ? undefined : this.#others.get(key);
    if (!others || others.length === 0) return own;
    let total = own.totalCalls;
    let successes = own.successCount;
    let latencySum = own.averageLatencyMs * own.totalCalls;
    let p50 = own.p50LatencyMs * own.totalCalls;
    let p95 = own.p95LatencyMs * own.totalCalls;
    let p99 = own.p99LatencyMs * own.totalCalls;
    let consecutiveFailures = own.consecutiveFailures;
    let lastSuccessAt = own.lastSuccessAt;
    let lastFailureAt = own.lastFailureAt;
    for (const other of others) {
      total += other.total;
      successes += other.successes;
      latencySum += other.latencySum;
      p50 += other.p50 * other.total;
      p95 += other.p95 * other.total;
      p99 += other.p99 * other.total;
      consecutiveFailures = Math.max(consecutiveFailures, other.consecutiveFailures);
      lastSuccessAt = latest(lastSuccessAt, other.lastSuccessAt);
      lastFailureAt = latest(lastFailureAt, other.lastFailureAt);
    }
    if (total === 0) return own;
    const report: ToolHealthReport = {
      successRate: successes / total,
      averageLatencyMs: latencySum / total,
      p50LatencyMs: p50 / total,
      p95LatencyMs: p95 / total,
      p99LatencyMs: p99 / total,
      totalCalls: total,
      successCount: successes,
      failureCount: total - successes,
      consecutiveFailures,
      circuitState,
    };
    if (lastSuccessAt !== undefined) report.lastSuccessAt = lastSuccessAt;
    if (lastFailureAt !== undefined) report.lastFailureAt = lastFailureAt;
    return report;
  }

  #key(tool: string, replica: string): string {
    return this.#sync.key('health', tool, replica);
  }

  /** Push this replica's figures for the tools that saw calls since the last round. */
  async push(): Promise<void> {
    const sync = this.#sync;
    for (const tool of [...this.#dirty]) {
      const own = super.report(tool, 'closed');
      const record: ReplicaHealth = {
        total: own.totalCalls,
        successes: own.successCount,
        latencySum: own.averageLatencyMs * own.totalCalls,
        consecutiveFailures: own.consecutiveFailures,
        p50: own.p50LatencyMs,
        p95: own.p95LatencyMs,
        p99: own.p99LatencyMs,
        ...(own.lastSuccessAt ? { lastSuccessAt: own.lastSuccessAt } : {}),
        ...(own.lastFailureAt ? { lastFailureAt: own.lastFailureAt } : {}),
        updatedAt: sync.now(),
      };
      const key = this.#key(tool, sync.replicaId);
      const done = await sync.attempt('health', async () => {
        await sync.store.set(key, record, { ttlMs: RECORD_TTL_MS });
        return true;
      });
      if (!done) return; // keep the rest dirty for the next round
      this.#dirty.delete(tool);
    }
  }

  /** Read every other replica's figures. */
  async pull(): Promise<void> {
    const sync = this.#sync;
    const prefix = sync.key('health', '');
    const names = await sync.attempt('health', () => sync.store.keys(prefix));
    if (!names) return;
    const others = new Map<string, ReplicaHealth[]>();
    const ownSuffix = `:${sync.replicaId}`;
    for (const name of names) {
      if (name.endsWith(ownSuffix)) continue;
      const record = await sync.attempt('health', () => sync.store.get<ReplicaHealth>(name));
      if (!record || typeof record.total !== 'number') continue;
      const tool = name.slice(prefix.length, name.lastIndexOf(':'));
      const list = others.get(tool) ?? [];
      list.push(record);
      others.set(tool, list);
    }
    this.#others = others;
  }
}
