import { CircuitOpenError, ToolExecutionError, type ValidationError } from '../errors/index.js';
import type { Executor } from '../ports/executor.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { describeError, type Outcome } from './call-outcome.js';
import type { CircuitBreaker } from './circuit-breaker.js';
import type { AttemptOutcome } from './run-attempt.js';

// The outcomes the pipeline answers without running a tool, and checks of what a tool returned.

export function invalidOutcome(error: ValidationError): Outcome {
  return {
    status: 'invalid_arguments',
    error: describeError(error, 'validation_failed', { issues: error.issues }),
  };
}

export function cancelledOutcome(): Outcome {
  return {
    status: 'cancelled',
    error: {
      code: 'cancelled',
      message: 'The call was cancelled by its caller.',
      errorType: 'CancelledError',
      retryable: false,
    },
  };
}

export function circuitOpenOutcome(breaker: CircuitBreaker, definition: ToolDefinition): Outcome {
  const retryAfterMs = breaker.retryAfterMs(definition.qualifiedName);
  const error = new CircuitOpenError(definition.name, retryAfterMs);
  return {
    status: 'circuit_open',
    error: describeError(error, 'circuit_open', { retryAfterMs }),
  };
}

export function safeCanExecute(executor: Executor, definition: ToolDefinition): boolean {
  try {
    return executor.canExecute(definition);
  } catch {
    return false;
  }
}

/** Results travel as JSON (MCP, A2A, audit): a value JSON cannot hold is a tool failure. */
export function checkSerialisable(toolName: string, value: unknown): AttemptOutcome {
  if (value === undefined || value === null || typeof value !== 'object') {
    if (typeof value === 'bigint' || typeof value === 'function' || typeof value === 'symbol') {
      return notSerialisable(toolName, `a ${typeof value}`);
    }
    return { ok: true, value };
  }
  try {
    JSON.stringify(value);
    return { ok: true, value };
  } catch (error) {
    return notSerialisable(toolName, (error as Error).message);
  }
}

function notSerialisable(toolName: string, detail: string): AttemptOutcome {
  const error = new ToolExecutionError(
    toolName,
    `Tool "${toolName}" returned a value that is not JSON-serialisable (${detail}). Return plain data: objects, arrays, strings, numbers, booleans, null.`,
    { code: 'result_not_serializable' },
  );
  return { ok: false, status: 'failure', error: describeError(error) };
}
