import { ArsenalError } from '@arsenal/core';
import { describeVectorStoreConformance, expectArsenalError, planarVector } from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgvectorVectorStore, type PgvectorVectorStore } from './pgvector-vector-store.js';
import {
  databaseUrlTarget,
  type PgvectorTarget,
  startTestPostgres,
  type TestPostgres,
  uniqueTable,
} from './postgres-test-support.js';

let started: TestPostgres;
beforeAll(async () => {
  started = await startTestPostgres();
});
afterAll(async () => {
  await started?.dispose();
});

const fromDatabaseUrl = databaseUrlTarget();
if (!fromDatabaseUrl) {
  console.info(
    'The pgvector suite runs on the Postgres startTestPostgres starts; set DATABASE_URL to a pgvector-enabled server to run it there too.',
  );
}
const targets: PgvectorTarget[] = [
  { name: 'started by the tests', url: () => started.url },
  ...(fromDatabaseUrl ? [fromDatabaseUrl] : []),
];

for (const target of targets) describePgvector(target);

function describePgvector(target: PgvectorTarget): void {
  const postgres = {
    get url() {
      return target.url();
    },
  };

  describeVectorStoreConformance({
    name: `PgvectorVectorStore on Postgres ${target.name}`,
    create: () =>
      createPgvectorVectorStore({ connectionString: postgres.url, table: uniqueTable() }),
    cleanup: (store) => (store as PgvectorVectorStore).drop(),
    timeout: 60_000,
  });

  describeVectorStoreConformance({
    name: `PgvectorVectorStore with configured dimensions on Postgres ${target.name}`,
    create: () =>
      createPgvectorVectorStore({
        connectionString: postgres.url,
        table: uniqueTable(),
        dimensions: 16,
      }),
    cleanup: (store) => (store as PgvectorVectorStore).drop(),
    timeout: 60_000,
  });

  describe(`PgvectorVectorStore on Postgres ${target.name}`, () => {
    it('names the table and both lengths when the table holds vectors of another length', async () => {
      const table = uniqueTable();
      const first = createPgvectorVectorStore({ connectionString: postgres.url, table });
      await first.upsert([{ id: 'a', vector: planarVector(8, 10) }]);
      await first.close();
      const second = createPgvectorVectorStore({
        connectionString: postgres.url,
        table,
        dimensions: 12,
      });
      try {
        const error = await expectArsenalError(second.count(), 'dimension_mismatch');
        expect(error.message).toContain(`"${table}"`);
        expect(error.message).toMatch(/holds 8-dimensional vectors.*dimensions: 12/);
      } finally {
        await second.drop();
        await second.close();
      }
    });

    it('reads the vector length of an existing table and keeps its records', async () => {
      const table = uniqueTable();
      const first = createPgvectorVectorStore({ connectionString: postgres.url, table });
      await first.upsert([{ id: 'a', vector: planarVector(8, 10), metadata: { kind: 'http' } }]);
      await first.close();
      const second = createPgvectorVectorStore({ connectionString: postgres.url, table });
      try {
        expect(await second.count()).toBe(1);
        expect(second.dimensions).toBe(8);
        await expectArsenalError(
          second.upsert([{ id: 'b', vector: planarVector(9, 10) }]),
          'dimension_mismatch',
        );
      } finally {
        await second.drop();
        await second.close();
      }
    });

    it('pushes filters down as SQL over jsonb, with the HNSW and GIN indexes in place', async () => {
      const table = uniqueTable();
      const store = createPgvectorVectorStore({ connectionString: postgres.url, table });
      const { Client } = (await import('pg')).default;
      const client = new Client({ connectionString: postgres.url });
      await client.connect();
      try {
        await store.upsert([
          { id: 'a', vector: planarVector(8, 10), metadata: { namespace: 'mail' } },
        ]);
        const indexes = await client.query<{ indexdef: string }>(
          'SELECT indexdef FROM pg_indexes WHERE tablename = $1',
          [table],
        );
        const definitions = indexes.rows.map((row) => row.indexdef).join('\n');
        expect(definitions).toMatch(/USING hnsw \(embedding vector_cosine_ops\)/);
        expect(definitions).toMatch(/USING gin \(metadata jsonb_path_ops\)/);
        const matches = await store.query({
          vector: planarVector(8, 0),
          topK: 5,
          filter: { namespace: { $in: ['mail', 'calendar'] } },
        });
        expect(matches.map((match) => match.id)).toEqual(['a']);
      } finally {
        await client.end();
        await store.drop();
        await store.close();
      }
    });

    it('builds the HNSW index once a bulk load ends, and answers exactly before that', async () => {
      const table = uniqueTable();
      const store = createPgvectorVectorStore({ connectionString: postgres.url, table });
      const { Client } = (await import('pg')).default;
      const client = new Client({ connectionString: postgres.url });
      await client.connect();
      const hnsw = async () =>
        (
          await client.query('SELECT 1 FROM pg_indexes WHERE tablename = $1 AND indexdef LIKE $2', [
            table,
            '%USING hnsw%',
          ])
        ).rowCount;
      try {
        await store.upsert(
          [
            { id: 'a', vector: planarVector(8, 10) },
            { id: 'b', vector: planarVector(8, 80) },
          ],
          { moreToCome: true },
        );
        expect(await hnsw()).toBe(0);
        const early = await store.query({ vector: planarVector(8, 75), topK: 1 });
        expect(early.map((match) => match.id)).toEqual(['b']);
        await store.upsert([{ id: 'c', vector: planarVector(8, 170) }], { moreToCome: true });
        expect(await hnsw()).toBe(0);
        await store.upsert([{ id: 'd', vector: planarVector(8, 260) }]);
        expect(await hnsw()).toBe(1);
        expect(await store.count()).toBe(4);

        // A new store on a table whose load never finished builds the index on its next write.
        const unfinished = uniqueTable();
        const first = createPgvectorVectorStore({
          connectionString: postgres.url,
          table: unfinished,
        });
        await first.upsert([{ id: 'x', vector: planarVector(8, 10) }], { moreToCome: true });
        await first.close();
        const second = createPgvectorVectorStore({
          connectionString: postgres.url,
          table: unfinished,
        });
        await second.upsert([{ id: 'y', vector: planarVector(8, 20) }]);
        const rows = await client.query(
          'SELECT 1 FROM pg_indexes WHERE tablename = $1 AND indexdef LIKE $2',
          [unfinished, '%USING hnsw%'],
        );
        expect(rows.rowCount).toBe(1);
        await second.drop();
        await second.close();
      } finally {
        await client.end();
        await store.drop();
        await store.close();
      }
    });

    it('rejects table names that are not plain identifiers', () => {
      expect(() =>
        createPgvectorVectorStore({ connectionString: postgres.url, table: 'tools; DROP TABLE x' }),
      ).toThrow(/plain Postgres name/);
      expect(() => createPgvectorVectorStore({ table: 'tools' })).toThrow(/connectionString/);
    });

    it('a server that is down gives a retryable vector_store_unavailable error, not a hang', async () => {
      const store = createPgvectorVectorStore({
        connectionString: 'postgres://postgres:postgres@127.0.0.1:1/postgres',
        table: uniqueTable(),
        connectionTimeoutMs: 2_000,
      });
      try {
        const error = await expectArsenalError(store.count(), 'vector_store_unavailable');
        expect(ArsenalError.isInstance(error) && error.retryable).toBe(true);
        expect(error.message).toMatch(/Postgres is unavailable/);
      } finally {
        await store.close();
      }
    });
  });
}
