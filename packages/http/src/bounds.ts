import { ConfigurationError } from '@arsenal/core';

/**
 * The longest delay a Node timer holds; past it Node fires after 1 ms instead.
 *
 * @example
 * ```ts
 * import { MAX_TIMER_MS } from '@arsenal/http';
 *
 * const requestedMs = 30 * 24 * 3600 * 1000; // 30 days: longer than a timer holds
 * const timer = setTimeout(() => {}, Math.min(requestedMs, MAX_TIMER_MS));
 * clearTimeout(timer);
 * ```
 */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * A documented range for a numeric option, and what leaving it out means.
 *
 * @example
 * ```ts
 * import { boundedNumber, type NumericRange } from '@arsenal/http';
 *
 * const retries: NumericRange = { min: 0, max: 10, fallback: 3 };
 * boundedNumber('retries', undefined, retries); // 3
 * ```
 */
export interface NumericRange {
  min: number;
  max: number;
  fallback: number;
  /** Whole numbers only (counts, bytes). Default true. */
  integer?: boolean;
  /** How the value reads in a message: `ms`, `bytes`. */
  unit?: string;
}

/**
 * A numeric option checked against its documented range: the value, or the fallback when it is
 * left out. NaN, Infinity, fractions where a count is meant, or values past the range (a timer
 * that would overflow, a limit that would allocate without end) are a ConfigurationError naming
 * the option and the range, never passed on.
 *
 * @example
 * ```ts
 * import { boundedNumber } from '@arsenal/http';
 *
 * const range = { min: 100, max: 60_000, fallback: 5_000, unit: 'ms' };
 * boundedNumber('timeoutMs', 2_000, range); // 2000
 * boundedNumber('timeoutMs', undefined, range); // 5000
 * // boundedNumber('timeoutMs', Number.NaN, range) throws a ConfigurationError:
 * // "timeoutMs must be a whole number from 100 to 60000 ms, got NaN; leave it out for 5000 ms."
 * ```
 */
export function boundedNumber(name: string, value: unknown, range: NumericRange): number {
  if (value === undefined) return range.fallback;
  const integer = range.integer ?? true;
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    (integer && !Number.isInteger(value)) ||
    value < range.min ||
    value > range.max
  ) {
    const unit = range.unit ? ` ${range.unit}` : '';
    throw new ConfigurationError(
      `${name} must be a ${integer ? 'whole ' : ''}number from ${range.min} to ${range.max}${unit}, got ${String(value)}; leave it out for ${range.fallback}${unit}.`,
    );
  }
  return value;
}

/**
 * The documented ranges of the front door's own options.
 *
 * @example
 * ```ts
 * import { boundedNumber, FRONT_DOOR_RANGES } from '@arsenal/http';
 *
 * const maxBodyBytes = boundedNumber('maxBodyBytes', 4 * 1024 * 1024, FRONT_DOOR_RANGES.maxBodyBytes);
 * console.log(FRONT_DOOR_RANGES.port.fallback); // 3333
 * ```
 */
export const FRONT_DOOR_RANGES = {
  maxBodyBytes: { min: 1, max: 64 * 1024 * 1024, fallback: 1024 * 1024, unit: 'bytes' },
  headersTimeoutMs: { min: 100, max: 600_000, fallback: 10_000, unit: 'ms' },
  bodyTimeoutMs: { min: 100, max: 3_600_000, fallback: 30_000, unit: 'ms' },
  port: { min: 0, max: 65_535, fallback: 3333 },
} as const satisfies Record<string, NumericRange>;
