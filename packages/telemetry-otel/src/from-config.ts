import { ConfigurationError } from '@arsenal/core';
import type { Attributes } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ConsoleSpanExporter, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { OtelTelemetry } from './otel-telemetry.js';

/** What `arsenal.yaml` may say under `telemetry: { use: '@arsenal/telemetry-otel', options }`. */
export interface OtelTelemetryConfig {
  serviceName?: string;
  resourceAttributes?: Attributes;
  /** Send spans over OTLP/HTTP (JSON) to a collector: `url` is the traces endpoint. */
  otlp?: { url: string; headers?: Record<string, string>; timeoutMillis?: number };
  /** Print spans to stdout instead (never with `arsenal serve` over stdio: stdout is the protocol). */
  console?: boolean;
  batch?: boolean;
  recordQueryText?: boolean;
  recordPrincipal?: boolean;
  maxOpenSpans?: number;
}

const KNOWN = [
  'serviceName',
  'resourceAttributes',
  'otlp',
  'console',
  'batch',
  'recordQueryText',
  'recordPrincipal',
  'maxOpenSpans',
];

/** The factory `arsenal.yaml` calls: an OTLP/HTTP (or console) exporter behind `OtelTelemetry`. */
export default function otelTelemetryFromConfig(config: OtelTelemetryConfig = {}): OtelTelemetry {
  const unknown = Object.keys(config).filter((key) => !KNOWN.includes(key));
  if (unknown.length > 0) {
    throw new ConfigurationError(
      `unknown option(s) ${unknown.map((key) => `"${key}"`).join(', ')}; the options are ${KNOWN.join(', ')}.`,
    );
  }
  const { otlp, console: toConsole, ...options } = config;
  let exporter: SpanExporter;
  if (otlp) {
    let url: URL;
    try {
      url = new URL(otlp.url);
    } catch {
      throw new ConfigurationError(
        `otlp.url "${String(otlp.url)}" is not a URL: give the collector's traces endpoint, for example http://127.0.0.1:4318/v1/traces.`,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ConfigurationError(`otlp.url must be http(s), got "${url.protocol}".`);
    }
    exporter = new OTLPTraceExporter({
      url: url.href,
      ...(otlp.headers ? { headers: otlp.headers } : {}),
      ...(otlp.timeoutMillis ? { timeoutMillis: otlp.timeoutMillis } : {}),
    });
  } else if (toConsole) {
    exporter = new ConsoleSpanExporter();
  } else {
    throw new ConfigurationError(
      'telemetry-otel needs an exporter: set `otlp: { url: http://collector:4318/v1/traces }` (or `console: true` for local debugging).',
    );
  }
  return new OtelTelemetry({ ...options, exporter });
}
