import { createInMemoryStateStore } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import {
  MemoryPendingConfirmations,
  type PendingConfirmationEntry,
  SharedPendingConfirmations,
} from './pending-confirmations.js';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');

function entry(id: string, expiresInMs: number): PendingConfirmationEntry {
  return {
    id,
    tool: 'notes.delete_note',
    arguments: {},
    reason: 'destructive',
    requestedAt: new Date(NOW).toISOString(),
    expiresAt: new Date(NOW + expiresInMs).toISOString(),
    owner: 'principal:uma',
  };
}

describe('MemoryPendingConfirmations', () => {
  it('lists unexpired entries soonest first, bounded, and forgets the oldest past capacity', () => {
    let now = NOW;
    const book = new MemoryPendingConfirmations(2, () => now);
    book.add(entry('cfm_a', 3_000));
    book.add(entry('cfm_b', 1_000));
    expect(book.list(10).map((item) => item.id)).toEqual(['cfm_b', 'cfm_a']);
    expect(book.list(1).map((item) => item.id)).toEqual(['cfm_b']);
    book.add(entry('cfm_c', 2_000));
    expect(book.get('cfm_a')).toBeUndefined();
    now += 1_500;
    expect(book.get('cfm_b')).toBeUndefined();
    expect(book.list(10).map((item) => item.id)).toEqual(['cfm_c']);
    book.forget('cfm_c');
    expect(book.list(10)).toEqual([]);
  });
});

describe('SharedPendingConfirmations', () => {
  it('keeps records until they expire and ignores foreign records under its prefix', async () => {
    const store = createInMemoryStateStore();
    let now = NOW;
    const book = new SharedPendingConfirmations(store, { now: () => now });
    await book.add(entry('cfm_a', 60_000));
    await book.add(entry('cfm_gone', -1));
    await store.set('arsenal:rest-pending:cfm_forged', { id: 'cfm_forged', tool: 1 });
    expect((await book.list(10)).map((item) => item.id)).toEqual(['cfm_a']);
    expect(await book.get('cfm_forged')).toBeUndefined();
    expect(await book.get('cfm_gone')).toBeUndefined();
    now += 120_000;
    expect(await book.list(10)).toEqual([]);
    await book.forget('cfm_a');
    expect(await store.get('arsenal:rest-pending:cfm_a')).toBeUndefined();
  });
});
