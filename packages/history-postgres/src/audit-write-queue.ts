import type { AuditRecord } from '@arsenal/core';
import type pg from 'pg';
import {
  describeTarget,
  HistoryStoreError,
  isUnavailable,
  toHistoryStoreError,
} from './history-errors.js';
import { type AuditRow, insertStatement, toAuditRow } from './history-sql.js';

/** A record waiting to be written, and the append still waiting for it (if it has not given up). */
interface Pending {
  row: AuditRow;
  record: AuditRecord;
  waiter?: { resolve(): void; reject(error: unknown): void };
}

export interface AuditWriteQueueOptions {
  pool: pg.Pool;
  table: string;
  /** Only to name the server in messages. */
  connectionString: string | undefined;
  batchSize: number;
  maxBufferedRecords: number;
  retryDelayMs: number;
  maxRetryDelayMs: number;
}

/**
 * The records accepted but not yet written, and the writer that drains them: appends made while
 * a write is in flight go together in the next multi-row INSERT. When Postgres is unreachable the
 * records stay queued (up to `maxBufferedRecords`) and a background retry, backing off, or the
 * next `flush()` writes them.
 */
export class AuditWriteQueue {
  readonly #options: AuditWriteQueueOptions;
  #pending: Pending[] = [];
  #writing: Promise<void> = Promise.resolve();
  #writerActive = false;
  #retryTimer: NodeJS.Timeout | undefined;
  #retryDelayMs: number;
  #lastWriteError: HistoryStoreError | undefined;
  #retrying = true;

  constructor(options: AuditWriteQueueOptions) {
    this.#options = options;
    this.#retryDelayMs = options.retryDelayMs;
  }

  /** Records accepted but not yet written, oldest first. */
  get size(): number {
    return this.#pending.length;
  }

  /** Resolves when the write under way (if any) has ended. */
  settled(): Promise<void> {
    return this.#writing;
  }

  /** Settles once the record is written; rejects (keeping it queued) while Postgres is down. */
  append(record: AuditRecord): Promise<void> {
    let row: AuditRow;
    try {
      row = toAuditRow(record);
    } catch (error) {
      return Promise.reject(error);
    }
    if (this.#pending.length >= this.#options.maxBufferedRecords) {
      return Promise.reject(
        new HistoryStoreError(
          `Audit record "${record.id}" was not accepted: ${this.#pending.length} records are already waiting for Postgres at ${describeTarget(this.#options.connectionString)}` +
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

  /**
   * Writes every record queued so far. Rejects with a retryable `HistoryStoreError` (its
   * `unwrittenRecords` says how many) when Postgres is still unreachable; the records stay queued.
   */
  async flush(): Promise<void> {
    this.#cancelRetry();
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

  /** No more background retries (closing): only `flush()` writes from now on. */
  stopRetrying(): void {
    this.#retrying = false;
    this.#cancelRetry();
  }

  #cancelRetry(): void {
    if (this.#retryTimer !== undefined) {
      clearTimeout(this.#retryTimer);
      this.#retryTimer = undefined;
    }
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
            this.#options.table,
            batch.map((entry) => entry.row),
          );
          await this.#options.pool.query(statement.text, statement.values);
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
        const statement = insertStatement(this.#options.table, [entry.row]);
        await this.#options.pool.query(statement.text, statement.values);
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
            this.#options.connectionString,
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
      this.#options.connectionString,
      this.#pending.length,
    );
    this.#lastWriteError = failure;
    for (const entry of this.#pending) {
      entry.waiter?.reject(failure);
      delete entry.waiter;
    }
    if (this.#retrying && this.#retryTimer === undefined) {
      this.#retryTimer = setTimeout(() => {
        this.#retryTimer = undefined;
        void this.#startWriting();
      }, this.#retryDelayMs);
      this.#retryTimer.unref();
      this.#retryDelayMs = Math.min(this.#retryDelayMs * 2, this.#options.maxRetryDelayMs);
    }
  }
}
