export {
  ArsenalError,
  CancelledError,
  CatalogError,
  ConfigurationError,
  EmbedderError,
  InvalidArgumentError,
  SuspiciousContentError,
  ToolDefinitionError,
  ToolNotFoundError,
  TranscodeError,
  ValidationError,
  VectorStoreError,
  throwIfAborted,
  toArsenalError,
} from './arsenal-error.js';
export type { ArsenalErrorCode, ArsenalErrorOptions, Issue } from './arsenal-error.js';
