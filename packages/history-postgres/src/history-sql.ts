import { type AuditRecord, type HistoryQuery, InvalidArgumentError } from '@arsenal/core';

/** `table` or `schema.table`, each part a plain Postgres name. */
const TABLE_NAME = /^(?:[a-z_][a-z0-9_]{0,47}\.)?[a-z_][a-z0-9_]{0,47}$/;

/** Columns of one row, in `INSERT` order. */
const COLUMNS = [
  'id',
  'tool',
  'qualified_name',
  'principal_id',
  'tenant',
  'status',
  'error_code',
  'completed_at',
  'duration_ms',
  'record',
] as const;

export type AuditRow = readonly unknown[];

/** Checks a table name and returns it quoted for SQL: `"audit"."calls"`. */
export function quoteTable(table: string): string {
  if (!TABLE_NAME.test(table)) {
    throw new InvalidArgumentError(
      `table "${table}" is not a plain Postgres name: use lowercase letters, digits and _ (at most 48, starting with a letter or _), optionally after a schema: "audit.calls".`,
    );
  }
  return table
    .split('.')
    .map((part) => `"${part}"`)
    .join('.');
}

/** Index names derive from the table's last part, so they stay unique within the schema. */
function indexName(table: string, suffix: string): string {
  return `"${table.split('.').pop()}_${suffix}"`;
}

/**
 * The append-only audit table: indexed columns to filter on, and the whole record as JSON, so
 * every field (including ones added later) reads back exactly. `seq` orders records written in
 * the same millisecond.
 */
export function createTableStatements(table: string): string[] {
  const quoted = quoteTable(table);
  const schema = table.includes('.') ? table.split('.')[0] : undefined;
  return [
    ...(schema ? [`CREATE SCHEMA IF NOT EXISTS "${schema}"`] : []),
    `CREATE TABLE IF NOT EXISTS ${quoted} (
      seq bigserial PRIMARY KEY,
      id text NOT NULL UNIQUE,
      tool text NOT NULL,
      qualified_name text,
      principal_id text,
      tenant text,
      status text NOT NULL,
      error_code text,
      completed_at timestamptz NOT NULL,
      duration_ms double precision NOT NULL,
      record json NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS ${indexName(table, 'completed_at_idx')} ON ${quoted} (completed_at DESC, seq DESC)`,
    `CREATE INDEX IF NOT EXISTS ${indexName(table, 'tool_idx')} ON ${quoted} (tool, completed_at DESC)`,
    `CREATE INDEX IF NOT EXISTS ${indexName(table, 'principal_idx')} ON ${quoted} (principal_id, completed_at DESC)`,
  ];
}

/** Text columns cannot hold NUL; the full record (JSON-escaped) keeps the original value. */
function column(value: string | undefined): string | null {
  return value === undefined ? null : value.replaceAll('\u0000', '');
}

function isIsoTime(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && !Number.isNaN(Date.parse(value));
}

/**
 * Checks what Postgres would refuse, so one bad record never blocks a batch of good ones, and
 * returns its row. The record is copied as JSON now: later changes by the caller do not leak in.
 */
export function toAuditRow(record: AuditRecord): AuditRow {
  if (typeof record !== 'object' || record === null) {
    throw new InvalidArgumentError('append needs an audit record object, got nothing.');
  }
  const problems: string[] = [];
  if (typeof record.id !== 'string' || record.id === '')
    problems.push('id must be a non-empty string');
  if (typeof record.tool !== 'string') problems.push('tool must be a string');
  if (typeof record.status !== 'string') problems.push('status must be a string');
  if (!isIsoTime(record.completedAt)) problems.push('completedAt must be an ISO timestamp');
  if (typeof record.durationMs !== 'number' || !Number.isFinite(record.durationMs)) {
    problems.push('durationMs must be a finite number');
  }
  if (problems.length > 0) {
    throw new InvalidArgumentError(
      `Audit record "${String(record.id)}" cannot be stored: ${problems.join('; ')}.`,
    );
  }
  return [
    column(record.id),
    column(record.tool),
    column(record.qualifiedName),
    column(record.principalId),
    column(record.tenant),
    column(record.status),
    column(record.errorCode),
    record.completedAt,
    record.durationMs,
    JSON.stringify(record),
  ];
}

/** One multi-row INSERT; a record already stored (a retry after a lost reply) is skipped. */
export function insertStatement(
  table: string,
  rows: readonly AuditRow[],
): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const placeholders = row.map((value) => {
      values.push(value);
      return `$${values.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  return {
    text: `INSERT INTO ${quoteTable(table)} (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT (id) DO NOTHING`,
    values,
  };
}

function checkedTime(value: string | undefined, key: 'since' | 'until'): string | undefined {
  if (value === undefined) return undefined;
  if (!isIsoTime(value)) {
    throw new InvalidArgumentError(
      `query.${key} must be an ISO timestamp such as "2025-01-31T00:00:00Z", got "${String(value)}".`,
    );
  }
  return value;
}

/** The SELECT for a history query: newest first, filters as parameters. */
export function selectStatement(
  table: string,
  query: HistoryQuery = {},
): { text: string; values: unknown[] } {
  const limit = query.limit ?? 100;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new InvalidArgumentError(`query.limit must be a positive integer, got ${String(limit)}.`);
  }
  const values: unknown[] = [];
  const where: string[] = [];
  const parameter = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (query.tool !== undefined) {
    const name = parameter(column(query.tool));
    where.push(`(tool = ${name} OR qualified_name = ${name})`);
  }
  if (query.principalId !== undefined)
    where.push(`principal_id = ${parameter(column(query.principalId))}`);
  if (query.status !== undefined) where.push(`status = ${parameter(column(query.status))}`);
  const since = checkedTime(query.since, 'since');
  const until = checkedTime(query.until, 'until');
  if (since !== undefined) where.push(`completed_at >= ${parameter(since)}`);
  if (until !== undefined) where.push(`completed_at < ${parameter(until)}`);
  const filter = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  return {
    text: `SELECT record FROM ${quoteTable(table)}${filter} ORDER BY completed_at DESC, seq DESC LIMIT ${parameter(limit)}`,
    values,
  };
}

/** Deletes records completed before `cutoff`. */
export function deleteOlderThanStatement(
  table: string,
  cutoff: Date,
): { text: string; values: unknown[] } {
  return {
    text: `DELETE FROM ${quoteTable(table)} WHERE completed_at < $1`,
    values: [cutoff.toISOString()],
  };
}

/** Deletes all but the `keep` records written last. */
export function keepNewestStatement(
  table: string,
  keep: number,
): { text: string; values: unknown[] } {
  const quoted = quoteTable(table);
  return {
    text: `DELETE FROM ${quoted} WHERE seq <= (SELECT seq FROM ${quoted} ORDER BY seq DESC OFFSET $1 LIMIT 1)`,
    values: [keep],
  };
}
