import { Counter, Gauge, type Registry } from 'prom-client';
import { CellCounter, CellHistogram } from './cell-metrics.js';

/** Seconds: from a cached lexical retrieval (sub-millisecond) to a slow hybrid one. */
export const DEFAULT_RETRIEVAL_BUCKETS = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
];
/** Seconds: from an in-process function to a long remote tool. */
export const DEFAULT_EXECUTION_BUCKETS = [
  0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120,
];

export interface MetricSetOptions {
  registry: Registry;
  prefix: string;
  principalLabel: boolean;
  retrievalBuckets: readonly number[];
  executionBuckets: readonly number[];
  /** Runs before any `prom-client` metric is read (gauges kept outside are set then). */
  beforeRead?: () => void;
}

/** Every metric Arsenal exposes, created on one registry with one prefix. */
export function createMetricSet(options: MetricSetOptions) {
  const { registry, prefix } = options;
  const registers = [registry];
  const beforeRead = options.beforeRead;
  const collect = beforeRead ? () => beforeRead() : undefined;
  const principal: string[] = options.principalLabel ? ['principal'] : [];
  return {
    // The metrics every retrieve and call updates are made of cells (see `cell-metrics.ts`):
    // the telemetry holds each label set's cell and updates it with plain arithmetic.
    retrievalDuration: new CellHistogram(
      `${prefix}retrieval_duration_seconds`,
      'Time to answer one retrieve request, end to end.',
      ['stage'],
      options.retrievalBuckets,
      registry,
    ),
    retrievals: new CellCounter(
      `${prefix}retrievals_total`,
      'Retrieve requests answered.',
      principal,
      registry,
    ),
    retrievalWithheld: new CellCounter(
      `${prefix}retrieval_withheld_tools_total`,
      'Candidate tools withheld from retrieval results by filters or policy.',
      [],
      registry,
    ),
    executionDuration: new CellHistogram(
      `${prefix}execution_duration_seconds`,
      'Time of one tool call through the engine, all attempts included.',
      ['namespace', 'tool', 'status'],
      options.executionBuckets,
      registry,
    ),
    executions: new CellCounter(
      `${prefix}executions_total`,
      'Tool calls completed, by outcome and error code (`none` on success).',
      ['namespace', 'tool', 'status', 'error_code', ...principal],
      registry,
    ),
    retries: new Counter({
      name: `${prefix}execution_retries_total`,
      help: 'Retried attempts, by the error code that caused the retry.',
      labelNames: ['namespace', 'tool', 'error_code'] as const,
      registers,
      collect,
    }),
    inFlight: new Gauge({
      name: `${prefix}executions_in_flight`,
      help: 'Tool calls started and not yet completed.',
      registers,
      collect,
    }),
    breakersOpen: new Gauge({
      name: `${prefix}circuit_breakers_open`,
      help: 'Tools whose circuit breaker is open or half-open.',
      registers,
      collect,
    }),
    breakerTransitions: new Counter({
      name: `${prefix}circuit_transitions_total`,
      help: 'Circuit breaker state changes, by the state entered.',
      labelNames: ['namespace', 'tool', 'to'] as const,
      registers,
      collect,
    }),
    policyDecisions: new CellCounter(
      `${prefix}policy_decisions_total`,
      'Policy decisions on tool calls.',
      ['decision', ...principal],
      registry,
    ),
    rateLimited: new Counter({
      name: `${prefix}rate_limited_total`,
      help: 'Calls refused by a rate or concurrency limit.',
      labelNames: ['scope'] as const,
      registers,
      collect,
    }),
    confirmations: new Counter({
      name: `${prefix}confirmations_total`,
      help: 'Confirmations requested and resolved, by outcome (`requested` for new ones).',
      labelNames: ['outcome'] as const,
      registers,
      collect,
    }),
    toolsRegistered: new Gauge({
      name: `${prefix}tools_registered`,
      help: 'Tools in the catalog.',
      registers,
      collect,
    }),
    toolsFlagged: new Counter({
      name: `${prefix}tools_flagged_total`,
      help: 'Tools whose text tripped the content hygiene checks at registration.',
      registers,
      collect,
    }),
    auditFailures: new Counter({
      name: `${prefix}audit_failures_total`,
      help: 'Audit records the history store failed to write.',
      registers,
      collect,
    }),
  };
}

export type MetricSet = ReturnType<typeof createMetricSet>;
