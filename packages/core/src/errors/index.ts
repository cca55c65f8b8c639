export type { ArsenalErrorCode, ArsenalErrorOptions, Issue } from './arsenal-error.js';
export {
  ArsenalError,
  CancelledError,
  CatalogError,
  ConfigurationError,
  InvalidArgumentError,
  StateStoreError,
  SuspiciousContentError,
  ToolDefinitionError,
  ToolNameCollisionError,
  ToolNotFoundError,
  TranscodeError,
  throwIfAborted,
  toArsenalError,
  ValidationError,
  VectorStoreError,
} from './arsenal-error.js';
export {
  CircuitOpenError,
  ConfirmationError,
  PermissionDeniedError,
  RateLimitError,
  ToolExecutionError,
  ToolTimeoutError,
} from './execution-errors.js';
export type { ModelServiceErrorOptions } from './model-errors.js';
export { EmbedderError, RerankerError } from './model-errors.js';
