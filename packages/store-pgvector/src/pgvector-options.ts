import { InvalidArgumentError } from '@arsenal/core';
import pg from 'pg';

export interface PgvectorVectorStoreOptions {
  /** `postgres://user:password@host:port/database`. Give this or `pool`. */
  connectionString?: string;
  /** A pool you manage (then `close()` leaves it open). */
  pool?: pg.Pool;
  /** Table holding the vectors; created on first use. Default `arsenal_tools`. */
  table?: string;
  /** Vector length. Default: fixed by the first upsert, or read from an existing table. */
  dimensions?: number;
  /** HNSW candidate list size per query (`hnsw.ef_search`); higher is more exact. Default 100. */
  efSearch?: number;
  /** Milliseconds to wait for a connection before failing with a retryable error. Default 10000. */
  connectionTimeoutMs?: number;
  /** Pool size when the store builds the pool. Default 4. */
  maxConnections?: number;
}

const TABLE_NAME = /^[a-z_][a-z0-9_]{0,47}$/;

/** The options a store needs, defaulted and checked; a bad one fails with how to fix it. */
export function checkedOptions(options: PgvectorVectorStoreOptions): {
  table: string;
  dimensions: number | undefined;
  efSearch: number;
} {
  const { table = 'arsenal_tools', dimensions, efSearch = 100 } = options;
  if (!TABLE_NAME.test(table)) {
    throw new InvalidArgumentError(
      `table "${table}" is not a plain Postgres name: use lowercase letters, digits and _ (at most 48), starting with a letter or _.`,
    );
  }
  if (dimensions !== undefined && !(Number.isInteger(dimensions) && dimensions > 0)) {
    throw new InvalidArgumentError(
      `dimensions must be a positive integer (your embedder's vector length), got ${dimensions}.`,
    );
  }
  if (!(Number.isInteger(efSearch) && efSearch > 0 && efSearch <= 1000)) {
    throw new InvalidArgumentError(`efSearch must be an integer from 1 to 1000, got ${efSearch}.`);
  }
  if (options.pool === undefined && options.connectionString === undefined) {
    throw new InvalidArgumentError(
      'Give connectionString (postgres://user:password@host:port/database) or a pg Pool as pool.',
    );
  }
  return { table, dimensions, efSearch };
}

/** The pool a store builds for itself from `connectionString`, `maxConnections` and `connectionTimeoutMs`. */
export function createPool(options: PgvectorVectorStoreOptions): pg.Pool {
  return new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 4,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 10_000,
  });
}
