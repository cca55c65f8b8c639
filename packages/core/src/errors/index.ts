export type { ArsenalErrorCode, ArsenalErrorOptions, Issue } from './arsenal-error.js';
export {
  ArsenalError,
  CancelledError,
  CatalogError,
  CircuitOpenError,
  ConfigurationError,
  ConfirmationError,
  InvalidArgumentError,
  PermissionDeniedError,
  RateLimitError,
  StateStoreError,
  SuspiciousContentError,
  ToolDefinitionError,
  ToolExecutionError,
  ToolNotFoundError,
  ToolTimeoutError,
  TranscodeError,
  throwIfAborted,
  toArsenalError,
  ValidationError,
  VectorStoreError,
} from './arsenal-error.js';
export type { ModelServiceErrorOptions } from './model-errors.js';
export { EmbedderError, RerankerError } from './model-errors.js';
