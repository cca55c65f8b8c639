import type pg from 'pg';
import { chunk, insertSql } from './pgvector-sql.js';

/** Rows per INSERT statement: 3 parameters each, far below Postgres' 65535. */
const ROWS_PER_STATEMENT = 500;

/**
 * Upserts `(id, vector literal, metadata JSON)` rows: one statement when they fit, else one
 * transaction of several, so a large load lands whole or not at all.
 */
export async function insertRows(
  pool: pg.Pool,
  quoted: string,
  rows: [string, string, string][],
): Promise<void> {
  const batches = chunk(rows, ROWS_PER_STATEMENT);
  if (batches.length === 1) {
    await pool.query(insertSql(quoted, batches[0]!.length), batches[0]!.flat());
    return;
  }
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const batch of batches) await client.query(insertSql(quoted, batch.length), batch.flat());
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
