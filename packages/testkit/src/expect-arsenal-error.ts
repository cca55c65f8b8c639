import { ArsenalError, type ArsenalErrorCode } from '@arsenal/core';
import { expect } from 'vitest';

/**
 * Awaits `operation` and asserts it rejected with an ArsenalError of `code`, recognised by
 * marker (`ArsenalError.isInstance`) so duplicated copies of core still count. Returns the error.
 *
 * @example
 * await expectArsenalError(store.query({ vector, topK: 0 }), 'invalid_argument');
 */
export async function expectArsenalError(
  operation: Promise<unknown> | (() => unknown),
  code: ArsenalErrorCode,
): Promise<ArsenalError> {
  let thrown: unknown;
  let threw = false;
  try {
    await (typeof operation === 'function' ? operation() : operation);
  } catch (error) {
    thrown = error;
    threw = true;
  }
  expect(threw, `expected an ArsenalError with code "${code}", but nothing was thrown`).toBe(true);
  expect(
    ArsenalError.isInstance(thrown),
    `expected an ArsenalError with code "${code}", got ${describeThrown(thrown)}`,
  ).toBe(true);
  const error = thrown as ArsenalError;
  expect(error.code, `wrong error code; the message was: ${error.message}`).toBe(code);
  return error;
}

function describeThrown(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  return String(value);
}
