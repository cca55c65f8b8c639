import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/index.js';
import { InMemoryStateStore } from '../memory/in-memory-state-store.js';
import { setup, tool } from './engine-test-support.js';
import { SwitchableStateStore } from './shared-state/shared-state-test-support.js';

const start = Date.parse('2026-01-01T00:00:00Z');
function fakeClock() {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const destructive = () =>
  tool('drop_table', (args) => ({ dropped: args.name }), {
    annotations: { destructiveHint: true },
    parametersSchema: {
      type: 'object',
      properties: { name: { type: 'string' }, password: { type: 'string' } },
    },
  });
// Rounds run by hand: the loop's own interval is far away.
const manual = { syncIntervalMs: 600_000 };

describe('pendingConfirmations', () => {
  it('lists every parked call with its reason, caller and redacted arguments, until it is settled', async () => {
    const clock = fakeClock();
    const { engine } = setup([destructive(), tool('read', () => 1)], {
      clock,
      confirmationTtlMs: 60_000,
    });
    const first = await engine.execute({
      tool: 'drop_table',
      arguments: { name: 'logs', password: 'hunter2' },
      principal: { id: 'ana', tenant: 'acme', capabilities: [] },
    });
    clock.advance(1000);
    const second = await engine.execute({ tool: 'read', requireConfirmation: true });
    await engine.execute({ tool: 'read' });

    const listed = await engine.pendingConfirmations();
    expect(listed.map((entry) => entry.id)).toEqual([
      first.confirmation!.id,
      second.confirmation!.id,
    ]);
    expect(listed[0]).toEqual({
      id: first.confirmation!.id,
      tool: 'drop_table',
      qualifiedName: 'default.drop_table:1.0.0',
      arguments: { name: 'logs', password: '[REDACTED]' },
      principalId: 'ana',
      tenant: 'acme',
      reason: first.confirmation!.reason,
      requestedAt: new Date(start).toISOString(),
      expiresAt: first.confirmation!.expiresAt,
    });
    expect(listed[1]!.reason).toBe('the caller asked for a confirmation');
    expect(await engine.pendingConfirmations({ limit: 1 })).toHaveLength(1);

    expect((await engine.confirm(first.confirmation!.id)).status).toBe('success');
    expect((await engine.pendingConfirmations()).map((entry) => entry.id)).toEqual([
      second.confirmation!.id,
    ]);
    clock.advance(60_000);
    expect(await engine.pendingConfirmations()).toEqual([]);
    await engine.close();
  });

  it('refuses a limit that is not a whole number of at least 1', async () => {
    const { engine } = setup([destructive()]);
    for (const limit of [0, -1, 1.5, Number.NaN])
      await expect(engine.pendingConfirmations({ limit })).rejects.toThrow(InvalidArgumentError);
    await engine.close();
  });

  it('lists calls parked on every replica, and drops one as soon as any replica settles it', async () => {
    const store = new InMemoryStateStore();
    const make = (replicaId: string) =>
      setup([destructive()], { stateStore: store, sharedState: { ...manual, replicaId } });
    const [a, b] = [make('a'), make('b')];
    const onA = await a.engine.execute({ tool: 'drop_table', arguments: { name: 'on_a' } });
    const onB = await b.engine.execute({ tool: 'drop_table', arguments: { name: 'on_b' } });
    await Promise.all([a.engine.syncSharedState(), b.engine.syncSharedState()]);
    const ids = [onA.confirmation!.id, onB.confirmation!.id].sort();
    for (const replica of [a, b]) {
      const listed = await replica.engine.pendingConfirmations();
      expect(listed.map((entry) => entry.id).sort()).toEqual(ids);
      expect(listed.find((entry) => entry.id === onB.confirmation!.id)).toMatchObject({
        tool: 'drop_table',
        qualifiedName: 'default.drop_table:1.0.0',
        arguments: { name: 'on_b' },
      });
    }
    // Rejected on B, parked on A: A no longer lists it either.
    expect((await b.engine.reject(onA.confirmation!.id)).status).toBe('cancelled');
    for (const replica of [a, b])
      expect((await replica.engine.pendingConfirmations()).map((entry) => entry.id)).toEqual([
        onB.confirmation!.id,
      ]);
    await Promise.all([a.engine.close(), b.engine.close()]);
  });

  it('lists what this replica parked when the shared store is down, and ignores malformed records', async () => {
    const store = new SwitchableStateStore();
    const { engine } = setup([destructive()], {
      stateStore: store,
      sharedState: { ...manual, replicaId: 'a' },
    });
    const parked = await engine.execute({ tool: 'drop_table', arguments: { name: 'x' } });
    await engine.syncSharedState();
    const parkedKey = (await store.inner.keys('')).find((key) => key.includes(':confirmation:'));
    expect(parkedKey).toBeDefined();
    // Records from the outside, under the same prefix: not calls, so not listed.
    const prefix = parkedKey!.slice(0, parkedKey!.lastIndexOf(':') + 1);
    await store.inner.set(`${prefix}cfm_forged`, { call: 'not a call', expiresAt: 'soon' });
    await store.inner.set(`${prefix}cfm_text`, 'just text');
    expect((await engine.pendingConfirmations()).map((entry) => entry.id)).toEqual([
      parked.confirmation!.id,
    ]);
    store.down = true;
    expect((await engine.pendingConfirmations()).map((entry) => entry.id)).toEqual([
      parked.confirmation!.id,
    ]);
    store.down = false;
    await engine.close();
  });
});
