export type * from './events.js';
export {
  combineTelemetry,
  createInMemoryTelemetry,
  InMemoryTelemetry,
  noopTelemetry,
} from './telemetry.js';
export type { TraceContext } from './trace-context.js';
export { formatTraceparent, isW3cSpanId, isW3cTraceId, parseTraceparent } from './trace-context.js';
