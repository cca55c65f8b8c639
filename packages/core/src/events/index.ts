export type * from './events.js';
export {
  combineTelemetry,
  createInMemoryTelemetry,
  InMemoryTelemetry,
  noopTelemetry,
} from './telemetry.js';
