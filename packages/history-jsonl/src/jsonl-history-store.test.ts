import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeHistoryStoreConformance, sampleAuditRecord } from '@arsenal/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { createJsonlHistoryStore } from './jsonl-history-store.js';

const folder = await mkdtemp(join(tmpdir(), 'arsenal-history-'));
let counter = 0;
const freshPath = () => join(folder, `history-${++counter}.jsonl`);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describeHistoryStoreConformance({
  name: 'JsonlHistoryStore',
  create: () => createJsonlHistoryStore({ path: freshPath() }),
});

describe('JsonlHistoryStore', () => {
  it('survives a restart: write, close, reopen, read back', async () => {
    const path = freshPath();
    const first = await createJsonlHistoryStore({ path });
    const records = [sampleAuditRecord({ tool: 'a' }), sampleAuditRecord({ tool: 'b' })];
    for (const record of records) await first.append(record);
    await first.close();

    const reopened = await createJsonlHistoryStore({ path });
    expect(await reopened.count()).toBe(2);
    expect((await reopened.query()).map((record) => record.id)).toEqual([
      records[1]!.id,
      records[0]!.id,
    ]);
    await reopened.append(sampleAuditRecord({ tool: 'c' }));
    await reopened.close();
    const lines = (await readFile(path, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(3);
  });

  it('tolerates a torn last line and keeps appending on a fresh line', async () => {
    const path = freshPath();
    const good = sampleAuditRecord();
    await writeFile(path, `${JSON.stringify(good)}\n{"id":"torn","tool":"x","argu`);
    const store = await createJsonlHistoryStore({ path });
    expect(store.skippedLines).toBe(1);
    expect(await store.count()).toBe(1);
    const next = sampleAuditRecord({ tool: 'after_crash' });
    await store.append(next);
    await store.close();
    const reopened = await createJsonlHistoryStore({ path });
    expect((await reopened.query()).map((record) => record.id)).toEqual([next.id, good.id]);
    expect(reopened.skippedLines).toBe(1);
    await reopened.close();
  });

  it('creates missing folders and refuses appends after close', async () => {
    const path = join(folder, 'nested', 'deeper', 'audit.jsonl');
    const store = await createJsonlHistoryStore({ path, fsync: true });
    await store.append(sampleAuditRecord());
    await store.flush();
    await store.close();
    await expect(store.append(sampleAuditRecord())).rejects.toThrow(/closed/);
    await appendFile(path, '\n\n');
    const reopened = await createJsonlHistoryStore({ path });
    expect(await reopened.count()).toBe(1);
    await reopened.close();
  });

  it('refuses a missing path', async () => {
    await expect(createJsonlHistoryStore({ path: '' })).rejects.toThrow(/file path/);
  });
});
