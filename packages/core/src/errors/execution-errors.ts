import { ArsenalError, type ArsenalErrorCode, type ArsenalErrorOptions } from './arsenal-error.js';

// Errors of calls refused or failed at run time: policy, confirmation, breaker, rate limit, timeout.

/** Policy refused the call: a deny rule, a missing capability or a domain outside the allow list. */
export class PermissionDeniedError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.PermissionDeniedError');
  readonly toolName: string;
  readonly reason: string;
  constructor(toolName: string, reason: string, options?: ArsenalErrorOptions) {
    super(
      'permission_denied',
      `Tool "${toolName}" may not be called: ${reason}. Change the security policy or the principal's capabilities to allow it.`,
      options,
    );
    this.toolName = toolName;
    this.reason = reason;
  }
}

/** A confirmation id that cannot be used: unknown, expired, already used or rejected. */
export class ConfirmationError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.ConfirmationError');
  readonly confirmationId: string;
  readonly reason: 'not_found' | 'expired' | 'already_used' | 'rejected';
  constructor(confirmationId: string, reason: ConfirmationError['reason']) {
    const why: Record<ConfirmationError['reason'], string> = {
      not_found: 'is unknown',
      expired: 'has expired',
      already_used: 'was already used',
      rejected: 'was rejected',
    };
    super(
      reason === 'rejected' ? 'confirmation_rejected' : 'confirmation_invalid',
      `Confirmation "${confirmationId}" ${why[reason]}. Make the call again to get a new confirmation id.`,
    );
    this.confirmationId = confirmationId;
    this.reason = reason;
  }
}

/** The tool's circuit breaker is open after repeated failures; retry after `retryAfterMs`. */
export class CircuitOpenError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.CircuitOpenError');
  readonly toolName: string;
  readonly retryAfterMs: number;
  constructor(toolName: string, retryAfterMs: number) {
    super(
      'circuit_open',
      `Tool "${toolName}" is failing repeatedly, so its circuit breaker is open. Try again in ${Math.ceil(retryAfterMs)} ms or use another tool.`,
      { retryable: true },
    );
    this.toolName = toolName;
    this.retryAfterMs = retryAfterMs;
  }
}

/** A rate or concurrency limit refused the call; retry after `retryAfterMs`. */
export class RateLimitError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.RateLimitError');
  readonly toolName: string;
  readonly scope: 'tool' | 'principal' | 'concurrency' | 'batch';
  readonly retryAfterMs: number;
  constructor(
    toolName: string,
    scope: RateLimitError['scope'],
    retryAfterMs: number,
    message?: string,
  ) {
    const scopes = {
      tool: 'the tool has used up its rate limit',
      principal: 'the caller has used up its rate limit',
      concurrency: 'too many calls to it are running at once',
      batch: 'the call is over the per-round call limit',
    } as const;
    super(
      scope === 'batch' ? 'call_limit_exceeded' : 'rate_limited',
      message ??
        `Tool "${toolName}" was not called: ${scopes[scope]}. Try again in ${Math.ceil(retryAfterMs)} ms.`,
      { retryable: scope !== 'batch' },
    );
    this.toolName = toolName;
    this.scope = scope;
    this.retryAfterMs = retryAfterMs;
  }
}

/** The tool did not answer within its timeout. */
export class ToolTimeoutError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.ToolTimeoutError');
  readonly toolName: string;
  readonly timeoutMs: number;
  constructor(toolName: string, timeoutMs: number) {
    super(
      'timeout',
      `Tool "${toolName}" did not answer within ${timeoutMs} ms. Raise timeoutMs for this call or check the tool's backend.`,
      { retryable: true },
    );
    this.toolName = toolName;
    this.timeoutMs = timeoutMs;
  }
}

/** The tool ran but its outcome is unusable (for example a result that is not JSON-serialisable). */
export class ToolExecutionError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.ToolExecutionError');
  readonly toolName: string;
  constructor(
    toolName: string,
    message: string,
    options?: ArsenalErrorOptions & { code?: ArsenalErrorCode },
  ) {
    super(options?.code ?? 'execution_failed', message, options);
    this.toolName = toolName;
  }
}
