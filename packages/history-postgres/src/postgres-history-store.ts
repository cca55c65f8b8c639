import {
  type AuditRecord,
  type HistoryQuery,
  type HistoryStore,
  InvalidArgumentError,
} from '@arsenal/core';
import pg from 'pg';
import { AuditWriteQueue } from './audit-write-queue.js';
import { describeTarget, HistoryStoreError, toHistoryStoreError } from './history-errors.js';
import {
  createTableStatements,
  deleteOlderThanStatement,
  keepNewestStatement,
  quoteTable,
  selectStatement,
} from './history-sql.js';
import {
  checkedOptions,
  type PostgresHistoryStoreOptions,
  type RetentionOptions,
} from './options.js';

const DAY_MS = 86_400_000;

/**
 * Audit records in an append-only Postgres table (see `createTableStatements`). Appends made
 * while a write is in flight are written together in the next multi-row INSERT. When Postgres
 * cannot be reached, `append` rejects with a retryable `HistoryStoreError` but the record stays
 * in memory (up to `maxBufferedRecords`) and is written by a background retry or the next
 * `flush()`; nothing that was accepted is dropped while the process lives.
 */
export class PostgresHistoryStore implements HistoryStore {
  readonly table: string;
  readonly #pool: pg.Pool;
  readonly #ownsPool: boolean;
  readonly #connectionString: string | undefined;
  readonly #options: ReturnType<typeof checkedOptions>;
  readonly #queue: AuditWriteQueue;
  #retentionTimer: NodeJS.Timeout | undefined;
  #closed = false;

  private constructor(options: PostgresHistoryStoreOptions) {
    this.#options = checkedOptions(options);
    this.table = this.#options.table;
    quoteTable(this.table);
    this.#connectionString = options.connectionString;
    if (options.pool) {
      this.#pool = options.pool;
      this.#ownsPool = false;
    } else {
      this.#pool = new pg.Pool({
        connectionString: options.connectionString,
        max: this.#options.maxConnections,
        connectionTimeoutMillis: this.#options.connectionTimeoutMs,
        query_timeout: this.#options.queryTimeoutMs,
      });
      this.#ownsPool = true;
      // An idle connection dropped by the server must not crash the process; the next query reconnects.
      this.#pool.on('error', () => {});
    }
    this.#queue = new AuditWriteQueue({
      pool: this.#pool,
      table: this.table,
      connectionString: this.#connectionString,
      batchSize: this.#options.batchSize,
      maxBufferedRecords: this.#options.maxBufferedRecords,
      retryDelayMs: this.#options.retryDelayMs,
      maxRetryDelayMs: this.#options.maxRetryDelayMs,
    });
  }

  /** Connects, creates the table and its indexes when missing, and applies retention once. */
  static async open(options: PostgresHistoryStoreOptions): Promise<PostgresHistoryStore> {
    const store = new PostgresHistoryStore(options);
    try {
      if (store.#options.createTable) {
        for (const statement of createTableStatements(store.table))
          await store.#pool.query(statement);
      } else {
        await store.#pool.query(`SELECT 1 FROM ${quoteTable(store.table)} LIMIT 0`);
      }
      await store.prune();
    } catch (error) {
      if (store.#ownsPool) await store.#pool.end().catch(() => {});
      throw toHistoryStoreError(error, `prepare table "${store.table}"`, store.#connectionString);
    }
    const interval = store.#options.retention.intervalMs;
    if (store.#hasRetention() && interval > 0) {
      store.#retentionTimer = setInterval(() => void store.prune().catch(() => {}), interval);
      store.#retentionTimer.unref();
    }
    return store;
  }

  /** Records accepted but not yet written (Postgres unreachable), oldest first. */
  get unwrittenRecords(): number {
    return this.#queue.size;
  }

  append(record: AuditRecord): Promise<void> {
    if (this.#closed) {
      return Promise.reject(
        new InvalidArgumentError(
          `PostgresHistoryStore for table "${this.table}" is closed; open a new one.`,
        ),
      );
    }
    return this.#queue.append(record);
  }

  async query(query?: HistoryQuery): Promise<AuditRecord[]> {
    const statement = selectStatement(this.table, query);
    // Read your own writes: records whose write is under way are waited for.
    await this.#queue.settled();
    try {
      const result = await this.#pool.query<{ record: AuditRecord }>(
        statement.text,
        statement.values,
      );
      return result.rows.map((row) => row.record);
    } catch (error) {
      throw toHistoryStoreError(error, `query table "${this.table}"`, this.#connectionString);
    }
  }

  async count(): Promise<number> {
    await this.#queue.settled();
    try {
      const result = await this.#pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${quoteTable(this.table)}`,
      );
      return Number(result.rows[0]?.n ?? 0);
    } catch (error) {
      throw toHistoryStoreError(error, `count table "${this.table}"`, this.#connectionString);
    }
  }

  /**
   * Writes every record accepted so far. Rejects with a retryable `HistoryStoreError` (its
   * `unwrittenRecords` says how many) when Postgres is still unreachable; the records stay queued.
   */
  flush(): Promise<void> {
    return this.#queue.flush();
  }

  /**
   * Deletes what retention allows: records older than `retentionDays`, and all but the newest
   * `maxRecords`. Runs on open and every `retention.intervalMs`; returns how many were deleted.
   */
  async prune(now: Date = new Date()): Promise<number> {
    const { retentionDays, maxRecords } = this.#options.retention;
    let deleted = 0;
    try {
      if (retentionDays !== undefined) {
        const statement = deleteOlderThanStatement(
          this.table,
          new Date(now.getTime() - retentionDays * DAY_MS),
        );
        deleted += (await this.#pool.query(statement.text, statement.values)).rowCount ?? 0;
      }
      if (maxRecords !== undefined) {
        const statement = keepNewestStatement(this.table, maxRecords);
        deleted += (await this.#pool.query(statement.text, statement.values)).rowCount ?? 0;
      }
    } catch (error) {
      throw toHistoryStoreError(
        error,
        `apply retention to table "${this.table}"`,
        this.#connectionString,
      );
    }
    return deleted;
  }

  #hasRetention(): boolean {
    const retention: RetentionOptions = this.#options.retention;
    return retention.retentionDays !== undefined || retention.maxRecords !== undefined;
  }

  /**
   * Flushes, then releases the pool (when the store built it). If records could not be written,
   * rejects with a `HistoryStoreError` counting them: they are lost with the process.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#queue.stopRetrying();
    if (this.#retentionTimer !== undefined) clearInterval(this.#retentionTimer);
    let failure: unknown;
    try {
      await this.flush();
    } catch (error) {
      failure = error;
    }
    if (this.#ownsPool) await this.#pool.end().catch(() => {});
    if (failure !== undefined) {
      throw new HistoryStoreError(
        `Closed with ${this.#queue.size} audit record(s) not written to Postgres at ${describeTarget(this.#connectionString)}: ${(failure as Error).message}`,
        {
          cause: failure,
          code: 'history_store_unavailable',
          unwrittenRecords: this.#queue.size,
        },
      );
    }
  }
}

/**
 * Open a Postgres audit history: connects, creates the table when missing.
 *
 * @example
 * const history = await createPostgresHistoryStore({ connectionString: process.env.DATABASE_URL, retentionDays: 90 });
 * const arsenal = createArsenal({ execution: { historyStore: history } });
 */
export function createPostgresHistoryStore(
  options: PostgresHistoryStoreOptions,
): Promise<PostgresHistoryStore> {
  return PostgresHistoryStore.open(options);
}
