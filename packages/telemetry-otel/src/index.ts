export type { OtelTelemetryConfig } from './from-config.js';
export { default } from './from-config.js';
export type { OtelTelemetryOptions } from './otel-telemetry.js';
export { DEFAULT_MAX_TRACES_PER_SECOND, OtelTelemetry } from './otel-telemetry.js';
export { PresetIdGenerator } from './preset-id-generator.js';

import { OtelTelemetry, type OtelTelemetryOptions } from './otel-telemetry.js';

/** OpenTelemetry traces from Arsenal's events. Give it an exporter or span processors. */
export function createOtelTelemetry(options: OtelTelemetryOptions): OtelTelemetry {
  return new OtelTelemetry(options);
}
