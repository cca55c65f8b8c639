export type * from './events.js';
export {
  InMemoryTelemetry,
  combineTelemetry,
  createInMemoryTelemetry,
  noopTelemetry,
} from './telemetry.js';
