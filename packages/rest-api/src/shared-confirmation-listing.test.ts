import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  type Fixture,
  OTHER_TOKEN,
  startFixture,
  USER_TOKEN,
} from './rest-api-test-support.js';
import { switchableStore } from './state-store-test-support.js';

describe('pending confirmations across two replicas sharing one StateStore', () => {
  const shared = switchableStore();
  let first: Fixture;
  let second: Fixture;
  beforeAll(async () => {
    const replica = (replicaId: string) =>
      startFixture(
        { stateStore: shared.store },
        { execution: { stateStore: shared.store, sharedState: { replicaId, syncIntervalMs: 20 } } },
      );
    first = await replica('first');
    second = await replica('second');
  });
  afterAll(async () => {
    shared.down = false;
    await first?.close();
    await second?.close();
  });

  it('lists on one replica a call parked on the other, and an approver there runs it', async () => {
    const pending = await first.request('POST', '/execute', {
      body: { tool: 'notes.delete_note', arguments: { id: 'far', password: 'hunter2' } },
    });
    expect(pending.status).toBe(202);
    const id = (pending.body.confirmation as { id: string }).id;

    const seen = await second.request('GET', '/confirmations', { token: ADMIN_TOKEN });
    expect(seen.status).toBe(200);
    expect(seen.body.confirmations).toEqual([
      expect.objectContaining({
        id,
        principalId: 'uma',
        arguments: { id: 'far', password: '[REDACTED]' },
        canSettle: true,
      }),
    ]);
    expect((await second.request('GET', '/confirmations', { token: OTHER_TOKEN })).body).toEqual(
      expect.objectContaining({ confirmations: [] }),
    );
    const stolen = await second.request('POST', `/confirmations/${id}/confirm`, {
      token: OTHER_TOKEN,
    });
    expect(stolen.status).toBe(404);

    const confirmed = await second.request('POST', `/confirmations/${id}/confirm`, {
      token: ADMIN_TOKEN,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result).toBe('deleted far');
    const after = await first.request('GET', '/confirmations', { token: USER_TOKEN });
    expect(after.body.confirmations).toEqual([]);
  });

  it('fails closed while the store is down: 503, never a partial list', async () => {
    shared.down = true;
    try {
      const answer = await second.request('GET', '/confirmations', { token: ADMIN_TOKEN });
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe('ownership_unavailable');
      expect(String(answer.body.detail)).not.toContain('127.0.0.1');
    } finally {
      shared.down = false;
    }
  });
});
