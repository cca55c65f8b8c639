import {
  type AuditRecord,
  type HistoryQuery,
  type HistoryStore,
  InvalidArgumentError,
} from '@arsenal/core';
import pg from 'pg';
import {
  describeTarget,
  HistoryStoreError,
  isUnavailable,
  toHistoryStoreError,
} from './history-errors.js';
import {
  type AuditRow,
  createTableStatements,
  deleteOlderThanStatement,
  insertStatement,
  keepNewestStatement,
  quoteTable,
  selectStatement,
  toAuditRow,
} from './history-sql.js';
import {
  checkedOptions,
  type PostgresHistoryStoreOptions,
  type RetentionOptions,
} from './options.js';

/** A record waiting to be written, and the append still waiting for it (if it has not given up). */
interface Pending {
  row: AuditRow;
  record: AuditRecord;
  waiter?: { resolve(): void; reject(error: unknown): void };
}

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
  #pending: Pending[] = [];
  #writing: Promise<void> = Promise.resolve();
  #writerActive = false;
  #retryTimer: NodeJS.Timeout | undefined;
  #retryDelayMs: number;
  #retentionTimer: NodeJS.Timeout | undefined;
  #lastWriteError: HistoryStoreError | undefined;
  #closed = false;

  private constructor(options: PostgresHistoryStoreOptions) {
    this.#options = checkedOptions(options);
    this.table = this.#options.table;
    quoteTable(this.table);
    this.#connectionString = options.connectionString;
    this.#retryDelayMs = this.#options.retryDelayMs;
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
    return this.#pending.length;
  }

  append(record: AuditRecord): Promise<void> {
    if (this.#closed) {
      return Promise.reject(
        new InvalidArgumentError(
          `PostgresHistoryStore for table "${this.table}" is closed; open a new one.`,
        ),
      );
    }
    let row: AuditRow;
    try {
      row = toAuditRow(record);
    } catch (error) {
      return Promise.reject(error);
    }
    if (this.#pending.length >= this.#options.maxBufferedRecords) {
      return Promise.reject(
        new HistoryStoreError(
          `Audit record "${record.id}" was not accepted: ${this.#pending.length} records are already waiting for Postgres at ${describeTarget(this.#connectionString)}` +
            `${this.#lastWriteError ? ` (${this.#lastWriteError.message})` : ''}. Bring Postgres back or raise maxBufferedRecords.`,
          {
            retryable: true,
            code: 'history_store_unavailable',
            unwrittenRecords: this.#pending.length,
          },
        ),
      );
    }
    return new Promise<void>((resolve, reject) => {
      this.#pending.push({ row, record: structuredClone(record), waiter: { resolve, reject } });
      this.#startWriting();
    });
  }

  #startWriting(): Promise<void> {
    if (!this.#writerActive) {
      this.#writerActive = true;
      this.#writing = this.#writeAll();
    }
    return this.#writing;
  }

  /** Writes pending records batch by batch until none are left or Postgres fails. */
  async #writeAll(): Promise<void> {
    try {
      while (this.#pending.length > 0) {
        const batch = this.#pending.slice(0, this.#options.batchSize);
        try {
          const statement = insertStatement(
            this.table,
            batch.map((entry) => entry.row),
          );
          await this.#pool.query(statement.text, statement.values);
        } catch (error) {
          if (isUnavailable(error)) {
            this.#failBatch(error);
            return;
          }
          // Postgres refused the data: write one by one, so only the bad record fails.
          if (!(await this.#writeOneByOne(batch))) return;
          continue;
        }
        this.#settle(batch);
      }
      this.#lastWriteError = undefined;
      this.#retryDelayMs = this.#options.retryDelayMs;
    } finally {
      // Cleared in the same turn as the last look at #pending (no await in between): an append
      // made after it, say by a caller the last batch resumed, starts a new writer.
      this.#writerActive = false;
    }
  }

  /** False when Postgres became unreachable on the way (the rest stays queued). */
  async #writeOneByOne(batch: Pending[]): Promise<boolean> {
    for (const entry of batch) {
      try {
        const statement = insertStatement(this.table, [entry.row]);
        await this.#pool.query(statement.text, statement.values);
        this.#settle([entry]);
      } catch (error) {
        if (isUnavailable(error)) {
          this.#failBatch(error);
          return false;
        }
        // It can never be written: keeping it would block every later record.
        this.#pending.splice(this.#pending.indexOf(entry), 1);
        entry.waiter?.reject(
          toHistoryStoreError(
            error,
            `append audit record "${entry.record.id}"`,
            this.#connectionString,
          ),
        );
      }
    }
    return true;
  }

  #settle(batch: Pending[]): void {
    this.#pending.splice(0, batch.length);
    for (const entry of batch) entry.waiter?.resolve();
  }

  /** Postgres is unreachable: tell every waiting append, keep the records, retry later. */
  #failBatch(error: unknown): void {
    const failure = toHistoryStoreError(
      error,
      `write ${this.#pending.length} audit record(s) (kept in memory and retried; flush() writes them when Postgres is back)`,
      this.#connectionString,
      this.#pending.length,
    );
    this.#lastWriteError = failure;
    for (const entry of this.#pending) {
      entry.waiter?.reject(failure);
      delete entry.waiter;
    }
    if (!this.#closed && this.#retryTimer === undefined) {
      this.#retryTimer = setTimeout(() => {
        this.#retryTimer = undefined;
        void this.#startWriting();
      }, this.#retryDelayMs);
      this.#retryTimer.unref();
      this.#retryDelayMs = Math.min(this.#retryDelayMs * 2, this.#options.maxRetryDelayMs);
    }
  }

  async query(query?: HistoryQuery): Promise<AuditRecord[]> {
    const statement = selectStatement(this.table, query);
    // Read your own writes: records whose write is under way are waited for.
    await this.#writing;
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
    await this.#writing;
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
  async flush(): Promise<void> {
    if (this.#retryTimer !== undefined) {
      clearTimeout(this.#retryTimer);
      this.#retryTimer = undefined;
    }
    await this.#writing;
    if (this.#pending.length > 0) await this.#startWriting();
    if (this.#pending.length > 0) {
      throw (
        this.#lastWriteError ??
        new HistoryStoreError(`${this.#pending.length} audit records are not written yet.`, {
          retryable: true,
          code: 'history_store_unavailable',
          unwrittenRecords: this.#pending.length,
        })
      );
    }
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
    if (this.#retentionTimer !== undefined) clearInterval(this.#retentionTimer);
    let failure: unknown;
    try {
      await this.flush();
    } catch (error) {
      failure = error;
    }
    if (this.#retryTimer !== undefined) clearTimeout(this.#retryTimer);
    if (this.#ownsPool) await this.#pool.end().catch(() => {});
    if (failure !== undefined) {
      throw new HistoryStoreError(
        `Closed with ${this.#pending.length} audit record(s) not written to Postgres at ${describeTarget(this.#connectionString)}: ${(failure as Error).message}`,
        {
          cause: failure,
          code: 'history_store_unavailable',
          unwrittenRecords: this.#pending.length,
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
