import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../ports/history-store.js';
import { createInMemoryHistoryStore } from './in-memory-history-store.js';

const record = (id: string): AuditRecord => ({
  id,
  tool: 't',
  arguments: {},
  status: 'success',
  queuedAt: '2025-01-01T00:00:00.000Z',
  completedAt: '2025-01-01T00:00:00.000Z',
  durationMs: 0,
  attempt: 1,
});

describe('InMemoryHistoryStore', () => {
  it('keeps the newest records up to its capacity', async () => {
    const store = createInMemoryHistoryStore({ capacity: 3 });
    for (const id of ['a', 'b', 'c', 'd', 'e']) await store.append(record(id));
    expect(await store.count()).toBe(3);
    expect((await store.query()).map((r) => r.id)).toEqual(['e', 'd', 'c']);
  });

  it('finds records by qualified name as well as name', async () => {
    const store = createInMemoryHistoryStore();
    await store.append({ ...record('x'), qualifiedName: 'ns.t:1.0.0' });
    expect(await store.query({ tool: 'ns.t:1.0.0' })).toHaveLength(1);
  });
});
