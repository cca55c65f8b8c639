/** One audited call: who, what, arguments (secrets redacted), outcome, timings. */
export interface AuditRecord {
  id: string;
  tool: string;
  qualifiedName?: string;
  principalId?: string;
  tenant?: string;
  arguments: Record<string, unknown>;
  status: string;
  errorCode?: string;
  errorMessage?: string;
  queuedAt: string;
  startedAt?: string;
  completedAt: string;
  durationMs: number;
  attempt: number;
  traceId?: string;
  spanId?: string;
  /** The query the tool was retrieved for, when known (learning from outcomes). */
  query?: string;
  metadata?: Record<string, unknown>;
}

/** Which audit records to read: by tool, principal, status or time, newest first. */
export interface HistoryQuery {
  tool?: string;
  principalId?: string;
  status?: string;
  /** ISO timestamp: records completed at or after it. */
  since?: string;
  /** ISO timestamp: records completed before it (with `since`, a time range). */
  until?: string;
  /** Most records to return, newest first. Default 100. */
  limit?: number;
}

/**
 * Durable execution and audit history. Appends must not be lost.
 *
 * @example
 * const history = createInMemoryHistoryStore();
 * const arsenal = createArsenal({ execution: { historyStore: history } });
 * const failures = await history.query({ status: 'failure', limit: 20 });
 */
export interface HistoryStore {
  /** Store one record durably. */
  append(record: AuditRecord): Promise<void>;
  /** Records matching the query, newest first. */
  query(query?: HistoryQuery): Promise<AuditRecord[]>;
  /** How many records the store holds. */
  count(): Promise<number>;
  /** Wait until every appended record is durable. */
  flush?(): Promise<void>;
  /** Flush and release connections and files. */
  close?(): Promise<void>;
}
