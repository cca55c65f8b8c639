import { ConfigurationError } from '@arsenal/core';

/**
 * A duration option, checked: a finite number of milliseconds in `[min, max]`, or the default
 * when left out. NaN, Infinity or a value past the timer range would otherwise turn a poll into
 * a busy loop (Node fires such timers after 1 ms) or make every store write fail.
 */
export function durationOption(
  name: string,
  value: number | undefined,
  range: { fallback: number; min: number; max: number },
): number {
  if (value === undefined) return range.fallback;
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < range.min ||
    value > range.max
  ) {
    throw new ConfigurationError(
      `${name} must be a number of milliseconds from ${range.min} to ${range.max}, got ${String(value)}; leave it out for ${range.fallback}.`,
    );
  }
  return value;
}

/** A count option, checked: a whole number from 1 up, or the default when left out. */
export function countOption(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new ConfigurationError(
      `${name} must be a whole number of at least 1, got ${String(value)}; leave it out for ${fallback}.`,
    );
  }
  return value;
}
