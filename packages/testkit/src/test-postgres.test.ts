import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres, uniqueTable } from './test-postgres.js';

describe('startTestPostgres', () => {
  let postgres: TestPostgres;
  beforeAll(async () => {
    postgres = await startTestPostgres();
  });
  afterAll(() => postgres?.dispose());

  it('serves Postgres over the wire and keeps data across a restart', async () => {
    const table = uniqueTable();
    const first = new pg.Client({ connectionString: postgres.url });
    await first.connect();
    await first.query(`CREATE TABLE ${table} (id int)`);
    await first.query(`INSERT INTO ${table} VALUES (1), (2)`);
    await first.end();

    await postgres.restart();
    const second = new pg.Client({ connectionString: postgres.url });
    await second.connect();
    const result = await second.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
    expect(Number(result.rows[0]?.n)).toBe(2);
    await second.end();
  });

  it('names tables apart', () => {
    expect(uniqueTable()).not.toBe(uniqueTable());
    expect(uniqueTable('history')).toMatch(/^history_\d+_/);
  });
});
