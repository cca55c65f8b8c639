import type { ToolResultError } from './types.js';

/**
 * Error codes that say the caller, not the tool, was at fault: the arguments were refused (by
 * the tool or its executor, after core's own checks passed), the caller lacked a right, or a
 * human declined a confirmation the tool asked for. A code carried by an error that is not an
 * ArsenalError arrives prefixed (`internal:invalid_argument`), so the last part is what is read.
 */
const CALLER_FAULTS = new Set<string>([
  'invalid_argument',
  'validation_failed',
  'permission_denied',
  'confirmation_required',
  'confirmation_rejected',
  'confirmation_invalid',
]);

/**
 * Whether a failed call's error is the caller's own: such failures never count toward a tool's
 * circuit breaker or health, so one caller's bad input cannot refuse the tool to everyone.
 */
export function isCallerFault(error: Pick<ToolResultError, 'code'> | undefined): boolean {
  if (!error || typeof error.code !== 'string') return false;
  const code = error.code;
  const colon = code.lastIndexOf(':');
  return CALLER_FAULTS.has(colon < 0 ? code : code.slice(colon + 1));
}
