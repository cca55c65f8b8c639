import { ConfigurationError, type Telemetry } from '@arsenal/core';
import {
  type MetricsServer,
  type MetricsServerOptions,
  startMetricsServer,
} from './metrics-server.js';
import { PrometheusTelemetry, type PrometheusTelemetryOptions } from './prometheus-telemetry.js';

export interface PrometheusTelemetryConfig extends PrometheusTelemetryOptions {
  /** Serve the scrape endpoint on this port (omit to scrape through `metrics()` yourself). */
  port?: number;
  host?: string;
  path?: string;
  token?: string;
}

const KNOWN = new Set([
  'prefix',
  'maxToolLabels',
  'principalLabel',
  'maxPrincipalLabels',
  'defaultMetrics',
  'retrievalBuckets',
  'executionBuckets',
  'port',
  'host',
  'path',
  'token',
]);

/** A `PrometheusTelemetry` that also owns its metrics server: closing one closes both. */
class ServedPrometheusTelemetry extends PrometheusTelemetry {
  server: MetricsServer | undefined;

  override async close(): Promise<void> {
    await this.server?.close();
    await super.close();
  }
}

/**
 * The factory `arsenal.yaml` calls (`telemetry: { use: '@arsenal/telemetry-prometheus', options }`):
 * the telemetry, plus its own `/metrics` server when `port` is set.
 */
export default async function prometheusTelemetryFromConfig(
  config: PrometheusTelemetryConfig = {},
): Promise<Telemetry & PrometheusTelemetry & { server?: MetricsServer }> {
  const unknown = Object.keys(config).filter((key) => !KNOWN.has(key));
  if (unknown.length > 0) {
    throw new ConfigurationError(
      `unknown option(s) ${unknown.map((key) => `"${key}"`).join(', ')}; the options are ${[...KNOWN].join(', ')}.`,
    );
  }
  const { port, host, path, token, ...metricOptions } = config;
  const telemetry = new ServedPrometheusTelemetry(metricOptions);
  if (port !== undefined) {
    const serverOptions: MetricsServerOptions = {
      port,
      ...(host !== undefined ? { host } : {}),
      ...(path !== undefined ? { path } : {}),
      ...(token !== undefined ? { token } : {}),
    };
    telemetry.server = await startMetricsServer(telemetry, serverOptions);
  }
  return telemetry;
}
