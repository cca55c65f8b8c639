export { BoundedLabel, namespaceOf, OVERFLOW_LABEL } from './bounded-labels.js';
export type { PrometheusTelemetryConfig } from './from-config.js';
export { default } from './from-config.js';
export { DEFAULT_EXECUTION_BUCKETS, DEFAULT_RETRIEVAL_BUCKETS } from './metric-set.js';
export type { MetricsServer, MetricsServerOptions } from './metrics-server.js';
export { createMetricsRoute, startMetricsServer } from './metrics-server.js';
export type { PrometheusTelemetryOptions } from './prometheus-telemetry.js';
export { PrometheusTelemetry } from './prometheus-telemetry.js';

import { PrometheusTelemetry, type PrometheusTelemetryOptions } from './prometheus-telemetry.js';

/** Prometheus metrics from Arsenal's events; scrape with `await telemetry.metrics()`. */
export function createPrometheusTelemetry(
  options?: PrometheusTelemetryOptions,
): PrometheusTelemetry {
  return new PrometheusTelemetry(options);
}
