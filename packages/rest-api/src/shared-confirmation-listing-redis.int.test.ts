import { createRedisStateStore, type RedisStateStore } from '@arsenal/state-redis';
import { findRedisServer, type RedisServerProcess, startRedisServer } from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Fixture, startFixture, USER_TOKEN } from './rest-api-test-support.js';

const binary = findRedisServer();
if (!binary) {
  console.warn(
    'Skipping the Redis confirmation tests: redis-server is not installed (apt-get install -y redis-server).',
  );
}

describe.skipIf(!binary)('pending confirmations across two replicas sharing a real Redis', () => {
  let redis: RedisServerProcess;
  const stores: RedisStateStore[] = [];
  let first: Fixture;
  let second: Fixture;
  beforeAll(async () => {
    redis = await startRedisServer();
    // Each replica has its own connection, as separate processes would.
    const replica = (replicaId: string) => {
      const stateStore = createRedisStateStore({ url: redis.url, namespace: 'confirm-test' });
      stores.push(stateStore);
      return startFixture(
        { stateStore },
        { execution: { stateStore, sharedState: { replicaId, syncIntervalMs: 20 } } },
      );
    };
    first = await replica('first');
    second = await replica('second');
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    for (const store of stores) await store.close();
    await redis?.stop();
  });

  it('lists on one replica the call parked on the other, and confirms it there once', async () => {
    const pending = await first.request('POST', '/execute', {
      body: { tool: 'notes.delete_note', arguments: { id: 'r1', secret: 'do-not-store' } },
    });
    expect(pending.status).toBe(202);
    const id = (pending.body.confirmation as { id: string }).id;

    const listed = await second.request('GET', '/confirmations', { token: ADMIN_TOKEN });
    expect(listed.status).toBe(200);
    expect(listed.body.confirmations).toEqual([
      expect.objectContaining({
        id,
        principalId: 'uma',
        arguments: { id: 'r1', secret: '[REDACTED]' },
        mine: false,
        canSettle: true,
      }),
    ]);
    // What Redis holds for the listing is the redacted copy, never the secret.
    const keys = await stores[0]?.keys('arsenal:rest-pending:');
    expect(keys).toEqual([`arsenal:rest-pending:${id}`]);
    expect(JSON.stringify(await stores[0]?.get(keys?.[0] ?? ''))).not.toContain('do-not-store');

    const confirmed = await second.request('POST', `/confirmations/${id}/confirm`, {
      token: ADMIN_TOKEN,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result).toBe('deleted r1');
    for (const replica of [first, second]) {
      const after = await replica.request('GET', '/confirmations', { token: USER_TOKEN });
      expect(after.body.confirmations).toEqual([]);
    }
    const again = await first.request('POST', `/confirmations/${id}/confirm`);
    expect(again.status).toBe(404);
  });
});
