import { ArsenalError, VectorStoreError } from '@arsenal/core';

/** Socket errors and SQLSTATEs that mean "Postgres is not reachable right now", not "bad request". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended/i;

/** Maps a `pg` failure to a VectorStoreError; an unreachable server is retryable. */
export function toVectorStoreError(error: unknown, table: string, action: string): ArsenalError {
  if (ArsenalError.isInstance(error)) return error;
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (
    (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) ||
    UNAVAILABLE_MESSAGES.test(message)
  ) {
    return new VectorStoreError(
      `Postgres is unavailable while trying to ${action} table "${table}": ${message}. ` +
        'Check that the server is running and reachable; the operation can be retried.',
      { cause: error, retryable: true, code: 'vector_store_unavailable' },
    );
  }
  return new VectorStoreError(`Postgres failed to ${action} table "${table}": ${message}`, {
    cause: error,
  });
}

/**
 * Runs `work`, mapping a failure with `toVectorStoreError`. An unreachable server gets one more
 * try: a pooled connection the server dropped (a restart) fails once; a fresh one may not.
 */
export async function runMapped<T>(
  table: string,
  action: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const mapped = toVectorStoreError(error, table, action);
    if (mapped.code !== 'vector_store_unavailable') throw mapped;
  }
  try {
    return await work();
  } catch (error) {
    throw toVectorStoreError(error, table, action);
  }
}
