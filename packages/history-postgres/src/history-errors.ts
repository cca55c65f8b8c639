import { ArsenalError, type ArsenalErrorOptions } from '@arsenal/core';

/**
 * A history store failure. `retryable` tells whether trying again may help (Postgres down);
 * `unwrittenRecords` counts audit records still held in memory, waiting to be written.
 */
export class HistoryStoreError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for(
    'arsenal.error.history-postgres.HistoryStoreError',
  );
  readonly unwrittenRecords: number;

  constructor(
    message: string,
    options: ArsenalErrorOptions & { code?: string; unwrittenRecords?: number } = {},
  ) {
    super(options.code ?? 'history_store_error', message, options);
    this.unwrittenRecords = options.unwrittenRecords ?? 0;
  }
}

/** Socket errors and SQLSTATEs that mean "Postgres is not reachable right now", not "bad data". */
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
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|Query read timeout|connect ECONN/i;

/** Whether a `pg` failure means Postgres is unreachable (retry later) rather than refusing data. */
export function isUnavailable(error: unknown): boolean {
  if (ArsenalError.isInstance(error)) return error.retryable;
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (
    (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) || UNAVAILABLE_MESSAGES.test(message)
  );
}

/**
 * Where a connection string points, without its password (or any query parameters, which may
 * carry one): `postgres://audit@db:5432/arsenal`.
 */
export function describeTarget(connectionString: string | undefined): string {
  if (!connectionString) return 'the configured Postgres pool';
  try {
    const url = new URL(connectionString);
    const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
    return `${url.protocol}//${user}${url.host}${url.pathname}`;
  } catch {
    return 'the configured Postgres connection string';
  }
}

/** Removes anything that looks like a password from a driver message before it reaches a user. */
export function withoutSecrets(message: string, connectionString: string | undefined): string {
  let cleaned = message;
  if (connectionString) {
    try {
      const password = decodeURIComponent(new URL(connectionString).password);
      if (password) cleaned = cleaned.split(password).join('***');
    } catch {
      // Not a URL: nothing we can pick a password out of, the pattern below still applies.
    }
    cleaned = cleaned.split(connectionString).join(describeTarget(connectionString));
  }
  return cleaned.replace(/(postgres(?:ql)?:\/\/[^:/@\s]+:)[^@\s]+@/gi, '$1***@');
}

/** Maps a `pg` failure to a HistoryStoreError; an unreachable server is retryable. */
export function toHistoryStoreError(
  error: unknown,
  action: string,
  connectionString: string | undefined,
  unwrittenRecords = 0,
): HistoryStoreError {
  if (ArsenalError.isInstance(error) && error instanceof HistoryStoreError) return error;
  const raw = error instanceof Error ? error.message : String(error);
  const message = withoutSecrets(raw, connectionString);
  const target = describeTarget(connectionString);
  if (isUnavailable(error)) {
    return new HistoryStoreError(
      `Postgres at ${target} is unavailable while trying to ${action}: ${message}. ` +
        'Check that the server is running and reachable; the operation can be retried.',
      { cause: error, retryable: true, code: 'history_store_unavailable', unwrittenRecords },
    );
  }
  return new HistoryStoreError(`Postgres at ${target} failed to ${action}: ${message}`, {
    cause: error,
    unwrittenRecords,
  });
}
