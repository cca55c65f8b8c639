import { createInMemoryStateStore, type StateStore } from '@arsenal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGate, type Fixture, OTHER_TOKEN, startFixture } from './rest-api-test-support.js';

/** The in-memory StateStore, recording every key the API reads or writes. */
function recordingStore(): { store: StateStore; keys: string[] } {
  const inner = createInMemoryStateStore();
  const keys: string[] = [];
  const seen = (key: string) => {
    keys.push(key);
    return key;
  };
  const store: StateStore = {
    get: (key) => inner.get(seen(key)),
    set: (key, value, options) => inner.set(seen(key), value, options),
    delete: (key) => inner.delete(seen(key)),
    increment: (key, by, options) => inner.increment(key, by, options),
    takeTokens: (key, request) => inner.takeTokens(key, request),
    keys: (prefix) => inner.keys(prefix),
  };
  return { store, keys };
}

for (const where of ['in memory', 'in the shared StateStore'] as const) {
  describe(`invocation and confirmation ownership ${where}, against crafted ids`, () => {
    const recorded = recordingStore();
    let fixture: Fixture;
    beforeAll(async () => {
      fixture = await startFixture(where === 'in memory' ? {} : { stateStore: recorded.store });
    });
    afterAll(() => fixture.close());

    it('an invocation id sent as a confirmation id is unknown there, and the invocation stays owned', async () => {
      fixture.gate = createGate();
      const started = await fixture.request('POST', '/execute', {
        body: { tool: 'jobs.count_slowly', mode: 'async' },
      });
      const id = started.body.invocationId as string;
      for (const action of ['confirm', 'reject']) {
        const crossed = await fixture.request('POST', `/confirmations/${id}/${action}`);
        expect(crossed.status).toBe(404);
        expect(crossed.body.code).toBe('confirmation_invalid');
      }
      const still = await fixture.request('GET', `/invocations/${id}`);
      expect(still.status).toBe(200);
      fixture.gate.open();
      await fixture.arsenal.result(id);

      const pending = await fixture.request('POST', '/execute', {
        body: { tool: 'notes.delete_note', arguments: { id: 'n1' } },
      });
      const confirmation = (pending.body.confirmation as { id: string }).id;
      expect((await fixture.request('GET', `/invocations/${confirmation}`)).status).toBe(404);
      for (const action of ['confirm', 'reject']) {
        const form = await fixture.request('POST', `/confirmations/${confirmation}/${action}`, {
          body: 'yes=1',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(form.status).toBe(415);
      }
      const confirmed = await fixture.request('POST', `/confirmations/${confirmation}/confirm`);
      expect(confirmed.status).toBe(200);
    });

    it('ids that are not ids this server issues are refused before any store key is built', async () => {
      recorded.keys.length = 0;
      const hostile = [
        'a'.repeat(5000),
        'x:principal:uma',
        '..%2F..%2Fconfirmations',
        '%00',
        'inv_*',
        '%E2%80%AE',
        'inv_%20',
      ];
      for (const id of hostile) {
        for (const [method, path] of [
          ['GET', `/invocations/${id}`],
          ['GET', `/invocations/${id}/events`],
          ['POST', `/invocations/${id}/cancel`],
          ['POST', `/confirmations/${id}/confirm`],
          ['POST', `/confirmations/${id}/reject`],
        ] as const) {
          const answer = await fixture.request(method, path, { token: OTHER_TOKEN });
          expect(answer.status, `${method} ${path.slice(0, 40)}`).toBe(404);
          expect(String(answer.body.detail).length).toBeLessThan(400);
        }
      }
      expect(recorded.keys.filter((key) => key.includes('rest-owner'))).toEqual([]);
    });
  });
}

describe('shared ownership of an invocation that outlives its records', () => {
  it('stays its owner’s while it runs, on every replica, and no one else’s', async () => {
    const store = createInMemoryStateStore();
    const replica = (replicaId: string) =>
      startFixture(
        { stateStore: store, ownershipTtlMs: 1500 },
        { execution: { stateStore: store, sharedState: { replicaId, syncIntervalMs: 50 } } },
      );
    const first = await replica('first');
    const second = await replica('second');
    try {
      first.gate = createGate();
      const started = await first.request('POST', '/execute', {
        body: { tool: 'jobs.count_slowly', mode: 'async' },
      });
      const id = started.body.invocationId as string;
      // Several lifetimes of the ownership record pass while the call runs.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect(first.arsenal.status(id)?.state).toBe('running');
      for (const replica of [first, second]) {
        const status = await replica.request('GET', `/invocations/${id}`);
        expect(status.status).toBe(200);
        expect(status.body.state).toBe('running');
        expect(
          (await replica.request('GET', `/invocations/${id}`, { token: OTHER_TOKEN })).status,
        ).toBe(404);
      }
      const cancel = await second.request('POST', `/invocations/${id}/cancel`);
      expect(cancel.status).toBe(202);
      expect((await first.arsenal.result(id)).status).toBe('cancelled');
    } finally {
      first.gate.open();
      await first.close();
      await second.close();
    }
  });
});
