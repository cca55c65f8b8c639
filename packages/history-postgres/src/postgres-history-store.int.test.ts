import {
  describeHistoryStoreConformance,
  expectArsenalError,
  freePort,
  sampleAuditRecord,
  startTestPostgres,
  type TestPostgres,
  uniqueTable,
} from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryStoreError } from './history-errors.js';
import { createPostgresHistoryStore } from './postgres-history-store.js';

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await startTestPostgres();
});
afterAll(() => postgres?.dispose());

describeHistoryStoreConformance({
  name: 'PostgresHistoryStore',
  create: () =>
    createPostgresHistoryStore({ connectionString: postgres.url, table: uniqueTable('audit') }),
});

describe('PostgresHistoryStore', () => {
  it('keeps records across stores sharing a table (replicas, restarts)', async () => {
    const table = uniqueTable('audit');
    const first = await createPostgresHistoryStore({ connectionString: postgres.url, table });
    const second = await createPostgresHistoryStore({ connectionString: postgres.url, table });
    const a = sampleAuditRecord({ tool: 'from_first' });
    const b = sampleAuditRecord({ tool: 'from_second' });
    await first.append(a);
    await second.append(b);
    // The same record appended twice (a retry after a lost reply) is stored once.
    await first.append(a);
    await first.close();
    expect((await second.query()).map((record) => record.id)).toEqual([b.id, a.id]);
    expect(await second.count()).toBe(2);
    await second.close();
  });

  it('round-trips values Postgres text columns cannot hold (NUL) and schema-qualified tables', async () => {
    const table = `history_tests.${uniqueTable('audit')}`;
    const store = await createPostgresHistoryStore({ connectionString: postgres.url, table });
    const record = sampleAuditRecord({
      principalId: 'user\u0000x',
      arguments: { text: 'a\u0000b', emoji: '🔧', nested: { list: [1, null, 'x'] } },
    });
    await store.append(record);
    const [read] = await store.query({ principalId: 'userx' });
    expect(read).toEqual(JSON.parse(JSON.stringify(record)));
    await store.close();
  });

  it('applies retention by age on open and by count on prune()', async () => {
    const table = uniqueTable('audit');
    const writer = await createPostgresHistoryStore({ connectionString: postgres.url, table });
    const recent = sampleAuditRecord({ completedAt: new Date().toISOString() });
    await writer.append(sampleAuditRecord({ completedAt: '2020-01-01T00:00:00.000Z' }));
    await writer.append(sampleAuditRecord({ completedAt: '2020-01-02T00:00:00.000Z' }));
    await writer.append(recent);
    await writer.close();

    const aged = await createPostgresHistoryStore({
      connectionString: postgres.url,
      table,
      retentionDays: 30,
    });
    expect((await aged.query()).map((record) => record.id)).toEqual([recent.id]);
    await aged.close();

    const capped = await createPostgresHistoryStore({
      connectionString: postgres.url,
      table,
      maxRecords: 2,
      retentionIntervalMs: 0,
    });
    const later = [sampleAuditRecord(), sampleAuditRecord(), sampleAuditRecord()];
    for (const record of later) await capped.append(record);
    expect(await capped.prune()).toBe(2);
    expect((await capped.query({ limit: 10 })).map((record) => record.id).sort()).toEqual(
      [later[1]!.id, later[2]!.id].sort(),
    );
    await capped.close();
  });

  it('refuses bad records and queries with errors that say what to fix', async () => {
    const store = await createPostgresHistoryStore({
      connectionString: postgres.url,
      table: uniqueTable('audit'),
    });
    expect(
      (
        await expectArsenalError(
          store.append(sampleAuditRecord({ completedAt: 'yesterday' })),
          'invalid_argument',
        )
      ).message,
    ).toMatch(/completedAt must be an ISO timestamp/);
    expect(
      (await expectArsenalError(store.query({ limit: 0 }), 'invalid_argument')).message,
    ).toMatch(/limit/);
    expect(
      (await expectArsenalError(store.query({ since: 'last week' }), 'invalid_argument')).message,
    ).toMatch(/since/);
    // A refused record never blocks the good ones around it.
    await store.append(sampleAuditRecord());
    expect(await store.count()).toBe(1);
    await store.close();
    expect(
      (await expectArsenalError(store.append(sampleAuditRecord()), 'invalid_argument')).message,
    ).toMatch(/closed/);
  });

  it('keeps appends made while Postgres is down and writes them when it is back', async () => {
    const table = uniqueTable('audit');
    const store = await createPostgresHistoryStore({
      connectionString: postgres.url,
      table,
      retryDelayMs: 60_000,
      connectionTimeoutMs: 2000,
    });
    const before = sampleAuditRecord({ tool: 'before' });
    await store.append(before);
    await postgres.stop();
    const during = [sampleAuditRecord({ tool: 'during' }), sampleAuditRecord({ tool: 'during' })];
    const outcomes = await Promise.allSettled(during.map((record) => store.append(record)));
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const error = (outcome as PromiseRejectedResult).reason as HistoryStoreError;
      expect(error).toBeInstanceOf(HistoryStoreError);
      expect(error.code).toBe('history_store_unavailable');
      expect(error.retryable).toBe(true);
      expect(error.message).toMatch(/kept in memory/);
    }
    expect(store.unwrittenRecords).toBe(2);
    await expect(store.flush()).rejects.toMatchObject({ code: 'history_store_unavailable' });
    expect(store.unwrittenRecords).toBe(2);

    await postgres.restart();
    // A restarted server can take longer than the 2 s connection timeout to answer on a busy
    // machine; each failed flush keeps the records, so flush until it is back.
    for (let attempt = 1; ; attempt++) {
      try {
        await store.flush();
        break;
      } catch (error) {
        if ((error as HistoryStoreError).code !== 'history_store_unavailable' || attempt >= 30)
          throw error;
        expect(store.unwrittenRecords).toBe(2);
      }
    }
    expect(store.unwrittenRecords).toBe(0);
    expect((await store.query({ tool: 'during' })).map((record) => record.id).sort()).toEqual(
      during.map((record) => record.id).sort(),
    );
    expect(await store.count()).toBe(3);
    await store.close();
  });

  it('fails fast with a retryable error that never shows the password', async () => {
    const port = await freePort();
    const url = `postgres://auditor:s3cret-Pa55@127.0.0.1:${port}/arsenal`;
    const failure = await createPostgresHistoryStore({
      connectionString: url,
      connectionTimeoutMs: 2000,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HistoryStoreError);
    const error = failure as HistoryStoreError;
    expect(error.retryable).toBe(true);
    expect(error.message).toContain(`postgres://auditor@127.0.0.1:${port}/arsenal`);
    expect(error.message).not.toContain('s3cret-Pa55');
  });
});
