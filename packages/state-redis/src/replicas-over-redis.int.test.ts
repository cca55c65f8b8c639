import { type Arsenal, createArsenal, createInMemoryTelemetry, defineTool } from '@arsenal/core';
import { findRedisServer, type RedisServerProcess, startRedisServer } from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStateStore, type RedisStateStore } from './redis-state-store.js';

const binary = findRedisServer();

/** Ask until `check` holds (no timing is asserted, only the outcome). */
async function eventually(check: () => Promise<boolean>, attempts = 600): Promise<boolean> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

const slowJob = defineTool({
  name: 'export_report',
  description: 'Export a large report; runs until it is cancelled, reporting progress.',
  input: { type: 'object', properties: {} },
  handler: (_args, context) =>
    new Promise((_resolve, reject) => {
      context.reportProgress({ progress: 1, total: 10, message: 'exporting' });
      context.signal.addEventListener('abort', () => reject(new Error('export cancelled')));
    }),
});

const failing = defineTool({
  name: 'sync_inventory',
  description: 'Sync the inventory with the warehouse system, which is down in this test.',
  input: { type: 'object', properties: {} },
  handler: () => {
    throw new Error('warehouse unreachable');
  },
});

const dropTable = defineTool({
  name: 'drop_table',
  description: 'Drop a database table by name; destructive, so it needs a confirmation.',
  input: { type: 'object', properties: { name: { type: 'string' } } },
  annotations: { destructiveHint: true },
  handler: (args) => ({ dropped: args.name }),
});

describe.skipIf(!binary)('replicas sharing a real redis-server through the engine', () => {
  let redis: RedisServerProcess;
  const open: { arsenal: Arsenal; store: RedisStateStore }[] = [];

  async function replica(replicaId: string) {
    const store = createRedisStateStore({ url: redis.url, commandTimeoutMs: 30_000 });
    const telemetry = createInMemoryTelemetry();
    const arsenal = createArsenal({
      telemetry,
      execution: {
        stateStore: store,
        sharedState: { replicaId, syncIntervalMs: 100 },
        breaker: { failureThreshold: 3, cooldownMs: 3_600_000 },
        rateLimits: { tools: { sync_inventory: { capacity: 1000, refillPerSecond: 1 } } },
      },
    });
    await arsenal.register([slowJob, failing, dropTable]);
    open.push({ arsenal, store });
    return { arsenal, telemetry };
  }

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    for (const { arsenal, store } of open) {
      await arsenal.close();
      await store.close();
    }
    await redis?.stop();
  });

  it('an invocation started on one replica is read, cancelled and answered from another', async () => {
    const { arsenal: a } = await replica('inv-a');
    const { arsenal: b } = await replica('inv-b');
    const id = a.invoke({ tool: 'export_report', arguments: {} });
    const seen = await eventually(async () => (await b.findInvocation(id))?.progress === 0.1);
    expect(seen).toBe(true);
    expect(await b.findInvocation(id)).toMatchObject({ state: 'running', message: 'exporting' });
    expect(await b.cancelInvocation(id)).toBe(true);
    const result = await b.result(id);
    expect(result.status).toBe('cancelled');
    expect((await a.result(id)).status).toBe('cancelled');
  });

  it('a pending confirmation parked on one replica is confirmed on another, once', async () => {
    const { arsenal: a } = await replica('cfm-a');
    const { arsenal: b } = await replica('cfm-b');
    const parked = await a.execute({ tool: 'drop_table', arguments: { name: 'audit' } });
    expect(parked.status).toBe('pending_confirmation');
    await a.engine.syncSharedState();
    const done = await b.confirm(parked.confirmation!.id);
    expect(done).toMatchObject({ status: 'success', result: { dropped: 'audit' } });
    expect((await a.confirm(parked.confirmation!.id)).status).toBe('permission_denied');
  });

  it('survives redis-server stopping and restarting: one warning, local fallback, recovery', async () => {
    const { arsenal: a, telemetry } = await replica('outage-a');
    for (let i = 0; i < 3; i++) await a.execute({ tool: 'sync_inventory', arguments: {} });
    expect(a.health('sync_inventory').circuitState).toBe('open');
    await redis.stop();
    const refused = await a.execute({ tool: 'sync_inventory', arguments: {} });
    expect(refused.status).toBe('circuit_open'); // breakers keep working on local state
    await a.engine.syncSharedState();
    expect(a.health('sync_inventory')).toMatchObject({ circuitState: 'open', totalCalls: 3 });
    expect(telemetry.events('state.unavailable')).toHaveLength(1);
    expect(telemetry.events('state.unavailable')[0]?.message).toMatch(/Redis at redis:\/\//);
    await redis.start();
    const recovered = await eventually(async () => {
      await a.engine.syncSharedState();
      return telemetry.events('state.recovered').length === 1;
    });
    expect(recovered).toBe(true);
    await a.engine.syncSharedState();
    // The restarted server is empty; this replica wrote its health again once it was back, so a
    // replica started after the outage sees it.
    const { arsenal: late } = await replica('outage-late');
    await late.engine.syncSharedState();
    expect(late.health('sync_inventory').totalCalls).toBe(3);
  });
});
