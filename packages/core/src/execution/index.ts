export type { BatchRequest, BatchResult, BatchStrategy } from './batch.js';
export type { BulkheadOptions } from './bulkhead.js';
export { Bulkhead } from './bulkhead.js';
export type {
  CircuitBreakerOptions,
  CircuitChange,
  CircuitScope,
  CircuitState,
} from './circuit-breaker.js';
export { CircuitBreaker } from './circuit-breaker.js';
export { ConfirmationStore } from './confirmation.js';
export type { Expiring } from './deadline-timer.js';
export { DeadlineTimer } from './deadline-timer.js';
export type { ExecutionEngine, ExecutionEngineOptions } from './engine.js';
export { createExecutionEngine } from './engine.js';
export type { FunctionToolHandler } from './function-executor.js';
export { createFunctionExecutor, FunctionExecutor } from './function-executor.js';
export { HealthTracker } from './health-tracker.js';
export type { InvocationState, InvocationStatus } from './invocations.js';
export type { JsonServiceCall, PostJsonOptions } from './post-json.js';
export { postJsonWithRetry } from './post-json.js';
export type { RateLimitOptions, RateLimitRefusal, TokenBucketLimit } from './rate-limiter.js';
export { RateLimiter } from './rate-limiter.js';
export { isSecretKey, REDACTED, redactSecrets } from './redaction.js';
export type { ResultCacheOptions } from './result-cache.js';
export { ResultCache } from './result-cache.js';
export type { RetryOptions } from './retry.js';
export { backoffDelay, isIdempotentTool, sleep } from './retry.js';
export type { RetryWithBackoffOptions } from './retry-with-backoff.js';
export { parseRetryAfter, retryWithBackoff } from './retry-with-backoff.js';
export type {
  FailedAnswer,
  JsonServiceDescription,
  ServiceCallContext,
} from './service-error.js';
export { redactKeys, toServiceError, vendorMessage } from './service-error.js';
export { createStaticToolResolver } from './static-resolver.js';
export type { ForcedToolChoice, ToolSet, ToolSetRequest } from './tool-set-filter.js';
export {
  filterToolSet,
  isExclusiveTool,
  promptGuidanceOf,
  takesControl,
} from './tool-set-filter.js';
export type {
  CallCancellation,
  Clock,
  PendingConfirmation,
  PendingConfirmationInfo,
  ToolCall,
  ToolHealthReport,
  ToolResult,
  ToolResultError,
  ToolResultStatus,
} from './types.js';
export { systemClock } from './types.js';
