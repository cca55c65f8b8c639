import { ConfigurationError } from '@arsenal/core';
import type { Attributes } from '@opentelemetry/api';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { ConsoleSpanExporter, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { OtelTelemetry } from './otel-telemetry.js';

/** What `arsenal.yaml` may say under `telemetry: { use: '@arsenal/telemetry-otel', options }`. */
export interface OtelTelemetryConfig {
  serviceName?: string;
  resourceAttributes?: Attributes;
  /**
   * Send spans over OTLP/HTTP to a collector: `url` is the traces endpoint. `protocol` picks the
   * body encoding: `http/protobuf` (the default: encoding JSON, then UTF-8, was the largest share
   * of tracing's CPU) or `http/json`; every OpenTelemetry Collector accepts both.
   */
  otlp?: {
    url: string;
    headers?: Record<string, string>;
    timeoutMillis?: number;
    protocol?: OtlpProtocol;
  };
  /** Print spans to stdout instead (never with `arsenal serve` over stdio: stdout is the protocol). */
  console?: boolean;
  batch?: boolean;
  recordQueryText?: boolean;
  recordPrincipal?: boolean;
  maxOpenSpans?: number;
  sampleRatio?: number;
  /** Traces kept per second at most; default 100 (`.inf` keeps every trace). */
  maxTracesPerSecond?: number;
  keepFailedCalls?: boolean;
  /**
   * Code only (YAML has no functions): the millisecond clock `maxTracesPerSecond` counts seconds
   * with, as `OtelTelemetryOptions.clock`. Default `performance.now`.
   */
  clock?: () => number;
}

/** The OTLP/HTTP body encodings, named as `OTEL_EXPORTER_OTLP_PROTOCOL` names them. */
export type OtlpProtocol = 'http/json' | 'http/protobuf';
const PROTOCOLS: readonly string[] = ['http/json', 'http/protobuf'];

const KNOWN = [
  'serviceName',
  'resourceAttributes',
  'otlp',
  'console',
  'batch',
  'recordQueryText',
  'recordPrincipal',
  'maxOpenSpans',
  'sampleRatio',
  'maxTracesPerSecond',
  'keepFailedCalls',
  'clock',
];

/** The factory `arsenal.yaml` calls: an OTLP/HTTP (or console) exporter behind `OtelTelemetry`. */
export default function otelTelemetryFromConfig(config: OtelTelemetryConfig = {}): OtelTelemetry {
  const unknown = Object.keys(config).filter((key) => !KNOWN.includes(key));
  if (unknown.length > 0) {
    throw new ConfigurationError(
      `unknown option(s) ${unknown.map((key) => `"${key}"`).join(', ')}; the options are ${KNOWN.join(', ')}.`,
    );
  }
  if (config.clock !== undefined && typeof config.clock !== 'function') {
    throw new ConfigurationError(
      `clock must be a function returning milliseconds (code only; leave it out in arsenal.yaml to count with performance.now), got ${typeof config.clock}.`,
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
    const protocol = otlp.protocol ?? 'http/protobuf';
    if (!PROTOCOLS.includes(protocol)) {
      throw new ConfigurationError(
        `otlp.protocol "${String(protocol)}" is not an OTLP/HTTP encoding: use "http/json" or "http/protobuf" (cheaper to encode).`,
      );
    }
    const exporterOptions = {
      url: url.href,
      ...(otlp.headers ? { headers: otlp.headers } : {}),
      ...(otlp.timeoutMillis ? { timeoutMillis: otlp.timeoutMillis } : {}),
    };
    exporter =
      protocol === 'http/protobuf'
        ? new OtlpProtobufExporter(exporterOptions)
        : new OtlpJsonExporter(exporterOptions);
  } else if (toConsole) {
    exporter = new ConsoleSpanExporter();
  } else {
    throw new ConfigurationError(
      'telemetry-otel needs an exporter: set `otlp: { url: http://collector:4318/v1/traces }` (or `console: true` for local debugging).',
    );
  }
  return new OtelTelemetry({ ...options, exporter });
}
