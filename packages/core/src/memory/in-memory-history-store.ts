import type { AuditRecord, HistoryQuery, HistoryStore } from '../ports/history-store.js';

/** Options of the in-memory history store: how many records it keeps. */
export interface InMemoryHistoryStoreOptions {
  /** Most records kept; the oldest are dropped past it. Default 100,000. */
  capacity?: number;
}

/** Returns the records matching a query, newest first (shared by file-backed stores). */
export function queryAuditRecords(
  records: readonly AuditRecord[],
  query: HistoryQuery = {},
): AuditRecord[] {
  const limit = query.limit ?? 100;
  const found: AuditRecord[] = [];
  for (let i = records.length - 1; i >= 0 && found.length < limit; i--) {
    const record = records[i]!;
    if (
      query.tool !== undefined &&
      record.tool !== query.tool &&
      record.qualifiedName !== query.tool
    )
      continue;
    if (query.principalId !== undefined && record.principalId !== query.principalId) continue;
    if (query.status !== undefined && record.status !== query.status) continue;
    if (query.since !== undefined && record.completedAt < query.since) continue;
    if (query.until !== undefined && record.completedAt >= query.until) continue;
    found.push(structuredClone(record));
  }
  return found;
}

/** HistoryStore in memory: a bounded list, newest last. For tests, development and one process. */
export class InMemoryHistoryStore implements HistoryStore {
  readonly #capacity: number;
  #records: AuditRecord[] = [];

  constructor(options: InMemoryHistoryStoreOptions = {}) {
    this.#capacity = options.capacity ?? 100_000;
  }

  /** Keep a record (the oldest are dropped past the capacity). */
  async append(record: AuditRecord): Promise<void> {
    this.appendSync(record);
  }

  /** Synchronous `append`. */
  appendSync(record: AuditRecord): void {
    this.#records.push(record);
    if (this.#records.length > this.#capacity * 1.25) {
      this.#records = this.#records.slice(this.#records.length - this.#capacity);
    }
  }

  /** Records matching the query, newest first. */
  async query(query?: HistoryQuery): Promise<AuditRecord[]> {
    return queryAuditRecords(this.#trimmed(), query);
  }

  /** How many records are kept. */
  async count(): Promise<number> {
    return this.#trimmed().length;
  }

  async flush(): Promise<void> {}

  /** Nothing to release: the records live in memory. */
  async close(): Promise<void> {}

  #trimmed(): AuditRecord[] {
    if (this.#records.length > this.#capacity) {
      this.#records = this.#records.slice(this.#records.length - this.#capacity);
    }
    return this.#records;
  }
}

/** A HistoryStore in this process's memory, keeping the newest records up to its capacity. */
export function createInMemoryHistoryStore(
  options?: InMemoryHistoryStoreOptions,
): InMemoryHistoryStore {
  return new InMemoryHistoryStore(options);
}
