import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findPostgresServer,
  startTestPostgres,
  type TestPostgres,
  type TestPostgresEngine,
  uniqueTable,
} from './test-postgres.js';

const installed = findPostgresServer();
if (!installed) {
  console.warn(
    'The PostgreSQL server cases run on PGlite only: no server is installed (apt-get install -y postgresql).',
  );
}

async function version(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (
      (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]
        ?.v ?? ''
    );
  } finally {
    await client.end();
  }
}

/** Many callers through one pool: transactions, statements that fail, parameters of each shape. */
async function busyPool(url: string): Promise<{ failures: string[]; rows: number }> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const table = uniqueTable('busy');
  await pool.query(`CREATE TABLE ${table} (id int, note text)`);
  const failures: string[] = [];
  const call = async (index: number) => {
    try {
      if (index % 3 === 0) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query(`INSERT INTO ${table} VALUES ($1, $2)`, [index, 'x']);
          const seen = await client.query(`SELECT count(*) AS n FROM ${table} WHERE id = $1`, [
            index,
          ]);
          if (Number(seen.rows[0]?.n) !== 1) failures.push(`${index}: own insert not seen`);
          await client.query('COMMIT');
        } finally {
          client.release();
        }
      } else if (index % 3 === 1) {
        const result = await pool.query<{ n: number }>('SELECT $1::int + 1 AS n, $2::text AS t', [
          index,
          'y'.repeat(index % 50),
        ]);
        if (result.rows[0]?.n !== index + 1) failures.push(`${index}: wrong sum`);
      } else {
        await pool.query(`SELECT no_such_column FROM ${table}`).catch(() => {});
        const result = await pool.query<{ t: string }>('SELECT $1::text AS t', [String(index)]);
        if (result.rows[0]?.t !== String(index)) failures.push(`${index}: wrong echo`);
      }
    } catch (error) {
      failures.push(`${index}: ${(error as Error).message}`);
    }
  };
  await Promise.all(Array.from({ length: 90 }, (_, index) => call(index)));
  const count = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
  await pool.end();
  return { failures, rows: Number(count.rows[0]?.n) };
}

const engines: { engine: TestPostgresEngine; skip: boolean }[] = [
  { engine: 'postgresql', skip: !installed },
  { engine: 'pglite', skip: false },
];

for (const { engine, skip } of engines) {
  describe.skipIf(skip)(`startTestPostgres on ${engine}`, () => {
    let postgres: TestPostgres;
    beforeAll(async () => {
      postgres = await startTestPostgres({ engine });
    });
    afterAll(() => postgres?.dispose());

    it('says what serves it', async () => {
      expect(postgres.engine).toBe(engine);
      const served = await version(postgres.url);
      expect(served).toMatch(/^\d+(\.\d+)?/);
      if (engine === 'postgresql') {
        expect(postgres.description).toMatch(/^PostgreSQL \d+\.\d+/);
        expect(postgres.description).toContain(served.split(' ')[0]);
      } else {
        expect(postgres.description).toMatch(/^PGlite/);
      }
    });

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

    it('answers every connection of a pool rightly while they interleave', async () => {
      const { failures, rows } = await busyPool(postgres.url);
      expect(failures).toEqual([]);
      expect(rows).toBe(30);
    });

    it('cuts open connections when stopped', async () => {
      const client = new pg.Client({ connectionString: postgres.url });
      client.on('error', () => {});
      await client.connect();
      await postgres.stop();
      await expect(client.query('SELECT 1')).rejects.toThrow();
      await postgres.restart();
      expect(await version(postgres.url)).not.toBe('');
    });
  });
}

describe('startTestPostgres on PGlite', () => {
  let postgres: TestPostgres;
  beforeAll(async () => {
    postgres = await startTestPostgres({ engine: 'pglite' });
  });
  afterAll(() => postgres?.dispose());

  it('rolls back what a connection left open when it went away, and serves the others', async () => {
    const table = uniqueTable('left');
    const setup = new pg.Client({ connectionString: postgres.url });
    await setup.connect();
    await setup.query(`CREATE TABLE ${table} (id int)`);
    const leaver = new pg.Client({ connectionString: postgres.url });
    await leaver.connect();
    await leaver.query('BEGIN');
    await leaver.query(`INSERT INTO ${table} VALUES (1)`);
    // While it holds a transaction, another connection waits for it rather than joining it.
    const waiting = setup.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
    leaver.on('error', () => {});
    (
      leaver as unknown as { connection: { stream: { destroy(): void } } }
    ).connection.stream.destroy();
    expect(Number((await waiting).rows[0]?.n)).toBe(0);
    await setup.query(`INSERT INTO ${table} VALUES (2)`);
    const rows = await setup.query<{ id: number }>(`SELECT id FROM ${table}`);
    expect(rows.rows).toEqual([{ id: 2 }]);
    await setup.end();
  });
});

describe.skipIf(!installed)('startTestPostgres with a server installed', () => {
  it('refuses, saying why, to serve an extension the server lacks when the server is required', async () => {
    const lacksVector = !(await import('node:fs')).existsSync(
      `${installed?.extensionDir}/vector.control`,
    );
    if (!lacksVector) return;
    await expect(
      startTestPostgres({ engine: 'postgresql', extensions: ['vector'] }),
    ).rejects.toThrow(
      /PostgreSQL server is required.*, but PostgreSQL \d+.*has no vector extension installed/,
    );
  });

  it('falls back to PGlite, saying why, for an extension the server lacks', async () => {
    const messages: string[] = [];
    const info = console.info;
    console.info = (message: string) => messages.push(message);
    let postgres: TestPostgres | undefined;
    try {
      postgres = await startTestPostgres({ extensions: ['vector'] });
    } finally {
      console.info = info;
    }
    try {
      if (postgres.engine === 'pglite') {
        expect(messages.join('\n')).toMatch(/no vector extension installed/);
      } else {
        expect(messages.join('\n')).toMatch(/^\[startTestPostgres\] PostgreSQL/);
      }
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      await client.query('CREATE EXTENSION IF NOT EXISTS vector');
      const distance = await client.query<{ d: number }>(
        "SELECT '[1,0]'::vector <-> '[0,1]'::vector AS d",
      );
      expect(distance.rows[0]?.d).toBeCloseTo(Math.SQRT2);
      await client.end();
    } finally {
      await postgres.dispose();
    }
    // PGlite with pgvector starts inside this test: minutes on a machine at a load of 10 or more.
  }, 600_000);
});

it('names tables apart', () => {
  expect(uniqueTable()).not.toBe(uniqueTable());
  expect(uniqueTable('history')).toMatch(/^history_\d+_/);
});
