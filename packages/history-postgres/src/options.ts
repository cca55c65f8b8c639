import { InvalidArgumentError } from '@arsenal/core';
import type pg from 'pg';

export interface RetentionOptions {
  /** Delete records completed more than this many days ago. Default: keep forever. */
  retentionDays?: number;
  /** Keep at most this many records (the ones written last). Default: no cap. */
  maxRecords?: number;
}

export interface PostgresHistoryStoreOptions extends RetentionOptions {
  /** `postgres://user:password@host:port/database`. Give this or `pool`. */
  connectionString?: string;
  /** A pool you manage (then `close()` leaves it open). */
  pool?: pg.Pool;
  /** Audit table, `name` or `schema.name`; created when missing. Default `arsenal_audit`. */
  table?: string;
  /** Create the table and indexes when missing. Default true; false only checks it exists. */
  createTable?: boolean;
  /** How often retention runs, in ms (it also runs on open); 0 only on open. Default 1 hour. */
  retentionIntervalMs?: number;
  /** Most records per INSERT. Default 200. */
  batchSize?: number;
  /** Records held in memory while Postgres is unreachable; past it appends are refused. Default 10000. */
  maxBufferedRecords?: number;
  /** First wait before retrying a failed write, doubling up to `maxRetryDelayMs`. Default 1000. */
  retryDelayMs?: number;
  /** Longest wait between retries. Default 30000. */
  maxRetryDelayMs?: number;
  /** Give up connecting after this long (a retryable error). Default 5000. */
  connectionTimeoutMs?: number;
  /** Give up on one query after this long. Default 30000. */
  queryTimeoutMs?: number;
  /** Pool size when the store builds the pool. Default 4. */
  maxConnections?: number;
}

function positiveInteger(
  name: string,
  value: unknown,
  fallback: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw new InvalidArgumentError(
      `${name} must be an integer from 1 to ${max}, got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

/** Options with defaults applied; bad values throw InvalidArgumentError naming the option. */
export function checkedOptions(options: PostgresHistoryStoreOptions) {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidArgumentError(
      'createPostgresHistoryStore needs options: { connectionString: "postgres://user:password@host:5432/db" }.',
    );
  }
  const hasUrl = typeof options.connectionString === 'string' && options.connectionString !== '';
  if (!hasUrl && options.pool === undefined) {
    throw new InvalidArgumentError(
      'createPostgresHistoryStore needs a connectionString ("postgres://user:password@host:5432/db") or a pg.Pool as pool.',
    );
  }
  if (options.connectionString !== undefined && typeof options.connectionString !== 'string') {
    throw new InvalidArgumentError(
      'connectionString must be a string such as "postgres://user:password@host:5432/db".',
    );
  }
  if (options.retentionDays !== undefined) {
    const days = options.retentionDays;
    if (typeof days !== 'number' || !Number.isFinite(days) || days <= 0) {
      throw new InvalidArgumentError(
        `retentionDays must be a positive number of days (e.g. 90), got ${JSON.stringify(days)}.`,
      );
    }
  }
  const retentionIntervalMs = options.retentionIntervalMs ?? 3_600_000;
  if (!Number.isInteger(retentionIntervalMs) || retentionIntervalMs < 0) {
    throw new InvalidArgumentError(
      `retentionIntervalMs must be a whole number of milliseconds (0: only on open), got ${JSON.stringify(retentionIntervalMs)}.`,
    );
  }
  const retryDelayMs = positiveInteger('retryDelayMs', options.retryDelayMs, 1000);
  return {
    table: options.table ?? 'arsenal_audit',
    createTable: options.createTable ?? true,
    retention: {
      retentionDays: options.retentionDays,
      maxRecords:
        options.maxRecords === undefined
          ? undefined
          : positiveInteger('maxRecords', options.maxRecords, 1),
      intervalMs: retentionIntervalMs,
    },
    // 10 parameters a row; Postgres takes at most 65535 per statement.
    batchSize: positiveInteger('batchSize', options.batchSize, 200, 6000),
    maxBufferedRecords: positiveInteger('maxBufferedRecords', options.maxBufferedRecords, 10_000),
    retryDelayMs,
    maxRetryDelayMs: Math.max(
      retryDelayMs,
      positiveInteger('maxRetryDelayMs', options.maxRetryDelayMs, 30_000),
    ),
    connectionTimeoutMs: positiveInteger('connectionTimeoutMs', options.connectionTimeoutMs, 5000),
    queryTimeoutMs: positiveInteger('queryTimeoutMs', options.queryTimeoutMs, 30_000),
    maxConnections: positiveInteger('maxConnections', options.maxConnections, 4, 100),
  };
}
