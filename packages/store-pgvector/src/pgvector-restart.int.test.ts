import { createArsenal, defineTool } from '@arsenal/core';
import { createHashedEmbedder } from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgvectorVectorStore } from './pgvector-vector-store.js';
import { startTestPostgres, type TestPostgres, uniqueTable } from './postgres-test-support.js';

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await startTestPostgres();
});
afterAll(async () => {
  await postgres?.dispose();
});

const tool = (name: string, description: string) =>
  defineTool({
    name,
    description,
    input: { type: 'object', properties: {} },
    handler: async () => name,
  });

describe('Postgres stopped and restarted under a running Arsenal', () => {
  it('registers while Postgres is down, degrades retrieval to lexical, and catches up when it is back', async () => {
    const vectorStore = createPgvectorVectorStore({
      connectionString: postgres.url,
      table: uniqueTable(),
      // A stopped server refuses at once; a restarted one on a loaded machine can take seconds to
      // answer its first connection, which must not count as down.
      connectionTimeoutMs: 60_000,
    });
    const arsenal = createArsenal({ embedder: createHashedEmbedder(32), vectorStore });
    await arsenal.register([
      tool('send_email', 'Send an email message to a recipient'),
      tool('get_weather', 'Get the weather forecast for a city'),
    ]);
    expect(await vectorStore.count()).toBe(2);

    await postgres.stop();
    const summary = await arsenal.register([
      tool('book_flight', 'Book a flight between two cities'),
    ]);
    expect(summary.added).toBe(1);
    expect(summary.deferred?.error.code).toBe('vector_store_unavailable');
    await arsenal.unregister('send_email');
    const degraded = await arsenal.retrieve('book a flight');
    expect(degraded.tools[0]?.tool.name).toBe('book_flight');
    expect(degraded.warnings?.join(' ')).toMatch(/semantic search skipped/);

    await postgres.restart();
    const recovered = await arsenal.retrieve('book a flight');
    expect(recovered.warnings ?? []).toEqual([]);
    expect(recovered.tools[0]?.signals.semantic).toBeGreaterThan(0);
    expect(await vectorStore.count()).toBe(2);
    const stored = await vectorStore.get(['default.send_email:1.0.0', 'default.book_flight:1.0.0']);
    expect(stored.map((record) => record.id)).toEqual(['default.book_flight:1.0.0']);
  });
});
