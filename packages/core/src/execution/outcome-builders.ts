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

export function circuitOpenOutcome(
  breaker: CircuitBreaker,
  definition: ToolDefinition,
  key: string = definition.qualifiedName,
): Outcome {
  const retryAfterMs = breaker.retryAfterMs(key);
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
    if (!isPlainData(value, 4)) JSON.stringify(value);
    return { ok: true, value };
  } catch (error) {
    return notSerialisable(toolName, (error as Error).message);
  }
}

/**
 * Whether a value is plainly JSON: plain objects and arrays, at most `depth` deep, of strings,
 * finite or not numbers, booleans, null and undefined. A walk costs a fraction of the
 * JSON.stringify it spares; anything else (class instances, toJSON, deeper values) is left to
 * JSON.stringify to judge.
 */
function isPlainData(value: object, depth: number): boolean {
  if (depth === 0) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!isPlainMember(value[i], depth)) return false;
    return true;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in value) {
    if (!isPlainMember((value as Record<string, unknown>)[key], depth)) return false;
  }
  return true;
}

function isPlainMember(member: unknown, depth: number): boolean {
  switch (typeof member) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
      return true;
    case 'object':
      return member === null || isPlainData(member, depth - 1);
    default:
      return false;
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
