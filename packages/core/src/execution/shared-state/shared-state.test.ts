import { describe, expect, it } from 'vitest';
import { createInMemoryTelemetry } from '../../events/telemetry.js';
import { InMemoryStateStore } from '../../memory/in-memory-state-store.js';
import { setup, tool } from '../engine-test-support.js';
import { SwitchableStateStore } from './shared-state-test-support.js';

const failing = () => tool('flaky', () => Promise.reject(new Error('backend down')));
const ok = () => tool('steady', () => ({ ok: true }));
// Rounds run by hand in these tests: the loop's own interval is far away.
const manual = { syncIntervalMs: 600_000 };

function replicas(count: number, store = new InMemoryStateStore(), extra = {}) {
  return Array.from({ length: count }, (_, index) =>
    setup([failing(), ok()], {
      stateStore: store,
      sharedState: { ...manual, replicaId: `r${index}` },
      breaker: { failureThreshold: 3, cooldownMs: 60_000 },
      ...extra,
    }),
  );
}

describe('shared state between replicas', () => {
  it('a circuit opened by failures on one replica is open on the others after a sync round', async () => {
    const [a, b] = replicas(2);
    for (let i = 0; i < 3; i++) await a!.engine.execute({ tool: 'flaky' });
    expect(a!.engine.health('flaky').circuitState).toBe('open');
    expect(b!.engine.health('flaky').circuitState).toBe('closed');
    await a!.engine.syncSharedState();
    await b!.engine.syncSharedState();
    expect(b!.engine.health('flaky').circuitState).toBe('open');
    const refused = await b!.engine.execute({ tool: 'flaky' });
    expect(refused.status).toBe('circuit_open');
    expect(b!.telemetry.events('circuit.changed').at(-1)).toMatchObject({ to: 'open' });
    await Promise.all([a!.engine.close(), b!.engine.close()]);
  });

  it('failures spread over replicas count together, and a reset closes the circuit everywhere', async () => {
    const [a, b, c] = replicas(3);
    await a!.engine.execute({ tool: 'flaky' });
    await b!.engine.execute({ tool: 'flaky' });
    await c!.engine.execute({ tool: 'flaky' });
    await c!.engine.syncSharedState();
    // No replica saw three failures itself; the shared count did.
    expect(c!.engine.health('flaky').circuitState).toBe('open');
    await a!.engine.syncSharedState();
    expect(a!.engine.health('flaky').circuitState).toBe('open');
    c!.engine.resetCircuit('flaky');
    await c!.engine.syncSharedState();
    await a!.engine.syncSharedState();
    expect(a!.engine.health('flaky').circuitState).toBe('closed');
    await Promise.all([a, b, c].map((replica) => replica!.engine.close()));
  });

  it('health counts calls from every replica', async () => {
    const [a, b] = replicas(2);
    await a!.engine.execute({ tool: 'steady' });
    await a!.engine.execute({ tool: 'steady' });
    await b!.engine.execute({ tool: 'steady' });
    await b!.engine.execute({ tool: 'flaky' });
    await a!.engine.syncSharedState();
    await b!.engine.syncSharedState();
    await a!.engine.syncSharedState();
    expect(a!.engine.health('steady')).toMatchObject({ totalCalls: 3, successCount: 3 });
    expect(a!.engine.health('flaky')).toMatchObject({ totalCalls: 1, failureCount: 1 });
    await Promise.all([a!.engine.close(), b!.engine.close()]);
  });

  it('an invocation started on one replica is read, cancelled and answered from another', async () => {
    const store = new InMemoryStateStore();
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const slow = tool(
      'slow',
      (_args, context) =>
        new Promise((_resolve, reject) => {
          context.reportProgress({ progress: 1, total: 4, message: 'started' });
          started();
          context.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const make = (replicaId: string) =>
      setup([slow], { stateStore: store, sharedState: { ...manual, replicaId } });
    const a = make('a');
    const b = make('b');
    const id = a.engine.invoke({ tool: 'slow' });
    await running;
    await a.engine.syncSharedState();
    const seen = await b.engine.findInvocation(id);
    expect(seen).toMatchObject({ id, tool: 'slow', state: 'running', progress: 0.25 });
    expect(b.engine.status(id)).toBeUndefined();
    expect(await b.engine.cancelInvocation(id)).toBe(true);
    const answer = b.engine.result(id);
    await a.engine.syncSharedState(); // the owner picks the request up
    expect((await a.engine.result(id)).status).toBe('cancelled');
    await a.engine.syncSharedState();
    expect((await answer).status).toBe('cancelled');
    expect(await b.engine.findInvocation(id)).toMatchObject({ state: 'cancelled' });
    expect(await b.engine.cancelInvocation(id)).toBe(false);
    expect(await b.engine.findInvocation('inv_unknown')).toBeUndefined();
    expect((await b.engine.result('inv_unknown')).status).toBe('not_found');
    await Promise.all([a.engine.close(), b.engine.close()]);
  });

  it('a replica started later picks up an open circuit', async () => {
    const store = new InMemoryStateStore();
    const [a] = replicas(1, store);
    for (let i = 0; i < 3; i++) await a!.engine.execute({ tool: 'flaky' });
    await a!.engine.syncSharedState();
    const [late] = replicas(1, store);
    await late!.engine.syncSharedState();
    expect(late!.engine.health('flaky').circuitState).toBe('open');
    await Promise.all([a!.engine.close(), late!.engine.close()]);
  });

  it('store down: rate limits fail closed, breakers and health fall back to local state, one warning, then recovery', async () => {
    const store = new SwitchableStateStore();
    const telemetry = createInMemoryTelemetry();
    const { engine } = setup([failing(), ok()], {
      telemetry,
      stateStore: store,
      sharedState: manual,
      breaker: { failureThreshold: 2, cooldownMs: 60_000 },
      rateLimits: { tools: { steady: { capacity: 100, refillPerSecond: 100 } } },
    });
    expect((await engine.execute({ tool: 'steady' })).status).toBe('success');
    store.down = true;
    const refused = await engine.execute({ tool: 'steady' });
    expect(refused.status).toBe('rate_limited');
    expect(refused.error?.message).toMatch(/state store, which did not answer.*fail closed/);
    expect(refused.error?.retryable).toBe(true);
    await engine.execute({ tool: 'flaky' });
    await engine.execute({ tool: 'flaky' });
    await engine.syncSharedState();
    expect(engine.health('flaky')).toMatchObject({ circuitState: 'open', totalCalls: 2 });
    expect(telemetry.events('state.unavailable')).toHaveLength(1);
    expect(telemetry.events('state.unavailable')[0]).toMatchObject({ kind: 'rate_limits' });
    // The store comes back empty, as a restarted Redis without persistence does.
    await store.inner.close();
    store.down = false;
    await engine.syncSharedState();
    await engine.syncSharedState();
    expect(telemetry.events('state.recovered')).toHaveLength(1);
    expect(await store.get('arsenal:breaker:default.flaky:1.0.0')).toMatchObject({
      state: 'open',
    });
    expect((await engine.execute({ tool: 'steady' })).status).toBe('success');
    // What was kept locally while down reaches the store once it is back.
    expect(await store.keys('arsenal:health:default.flaky:1.0.0:')).toHaveLength(1);
    await engine.close();
  });

  it('sharedState: false keeps breakers per process; rate limits still use the store', async () => {
    const store = new InMemoryStateStore();
    const { engine } = setup([failing()], {
      stateStore: store,
      sharedState: false,
      rateLimits: { perTool: { capacity: 5, refillPerSecond: 1 } },
    });
    await engine.execute({ tool: 'flaky' });
    await engine.syncSharedState();
    expect(await store.keys('arsenal:breaker')).toEqual([]);
    expect(await store.keys('arsenal:rate:')).toHaveLength(1);
    await engine.close();
  });
});

describe('pending confirmations between replicas', () => {
  const destructive = () =>
    tool('drop_table', (args) => ({ dropped: args.name }), {
      annotations: { destructiveHint: true },
      parametersSchema: { type: 'object', properties: { name: { type: 'string' } } },
    });
  const pair = () => {
    const store = new InMemoryStateStore();
    const make = (replicaId: string) =>
      setup([destructive()], { stateStore: store, sharedState: { ...manual, replicaId } });
    return [make('a'), make('b')] as const;
  };

  it('a call parked on one replica is confirmed on another, and runs exactly once', async () => {
    const [a, b] = pair();
    const parked = await a.engine.execute({ tool: 'drop_table', arguments: { name: 'logs' } });
    expect(parked.status).toBe('pending_confirmation');
    const id = parked.confirmation!.id;
    await a.engine.syncSharedState();
    const confirmed = await b.engine.confirm(id);
    expect(confirmed).toMatchObject({ status: 'success', result: { dropped: 'logs' } });
    const again = await a.engine.confirm(id);
    expect(again.status).toBe('permission_denied');
    expect(again.error?.message).toMatch(/already used/);
    expect((await b.engine.confirm(id)).error?.message).toMatch(/already used/);
    await Promise.all([a.engine.close(), b.engine.close()]);
  });

  it('a call parked on one replica is rejected from another; unknown ids stay unknown', async () => {
    const [a, b] = pair();
    const parked = await a.engine.execute({ tool: 'drop_table', arguments: { name: 'users' } });
    await a.engine.syncSharedState();
    const rejected = await b.engine.reject(parked.confirmation!.id);
    expect(rejected.status).toBe('cancelled');
    expect(rejected.error?.code).toBe('confirmation_rejected');
    expect((await a.engine.confirm(parked.confirmation!.id)).status).toBe('permission_denied');
    expect((await b.engine.confirm('cfm_unknown')).status).toBe('not_found');
    await Promise.all([a.engine.close(), b.engine.close()]);
  });

  it('two replicas confirming at once: one runs the call, the other is refused', async () => {
    const [a, b] = pair();
    const parked = await a.engine.execute({ tool: 'drop_table', arguments: { name: 'x' } });
    await a.engine.syncSharedState();
    const id = parked.confirmation!.id;
    const outcomes = await Promise.all([a.engine.confirm(id), b.engine.confirm(id)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([
      'permission_denied',
      'success',
    ]);
    await Promise.all([a.engine.close(), b.engine.close()]);
  });
});
