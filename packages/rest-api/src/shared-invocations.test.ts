import { createInMemoryTelemetry } from '@arsenal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGate,
  type Fixture,
  OTHER_TOKEN,
  readEvents,
  startFixture,
  USER_TOKEN,
} from './rest-api-test-support.js';
import { SharedInvocationOwners } from './shared-invocation-owners.js';
import { switchableStore } from './state-store-test-support.js';

/** Ask until `check` holds (no timing is asserted, only the outcome). */
async function eventually(check: () => Promise<boolean>, attempts = 400): Promise<boolean> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

describe('invocations across two replicas sharing one StateStore', () => {
  const shared = switchableStore();
  const firstEvents = createInMemoryTelemetry();
  let first: Fixture;
  let second: Fixture;
  beforeAll(async () => {
    const replica = (replicaId: string) =>
      startFixture(
        { stateStore: shared.store, sharedPollMs: 20 },
        {
          ...(replicaId === 'first' ? { telemetry: firstEvents } : {}),
          execution: { stateStore: shared.store, sharedState: { replicaId, syncIntervalMs: 20 } },
        },
      );
    first = await replica('first');
    second = await replica('second');
  });
  afterAll(async () => {
    shared.down = false;
    await first?.close();
    await second?.close();
  });

  const startSlow = async (on: Fixture) => {
    on.gate = createGate();
    const started = await on.request('POST', '/execute', {
      body: { tool: 'jobs.count_slowly', mode: 'async' },
    });
    expect(started.status).toBe(202);
    return started.body.invocationId as string;
  };

  it('reads and cancels from one replica an invocation the other runs, aborting its handler', async () => {
    const id = await startSlow(first);
    const status = await second.request('GET', `/invocations/${id}`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ id, tool: 'jobs.count_slowly', state: 'running' });

    for (const token of [OTHER_TOKEN, '']) {
      expect((await second.request('GET', `/invocations/${id}`, { token })).status).not.toBe(200);
    }
    const stolen = await second.request('POST', `/invocations/${id}/cancel`, {
      token: OTHER_TOKEN,
    });
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe('invocation_not_found');

    const cancel = await second.request('POST', `/invocations/${id}/cancel`);
    expect(cancel.status).toBe(202);
    // The handler on the first replica sees its signal abort and the call ends cancelled.
    const result = await first.arsenal.result(id);
    expect(result.status).toBe('cancelled');
    const everywhere = await eventually(async () => {
      const answers = await Promise.all(
        [first, second].map((replica) => replica.request('GET', `/invocations/${id}`)),
      );
      return answers.every((answer) => answer.body.state === 'cancelled');
    });
    expect(everywhere).toBe(true);
    const again = await second.request('POST', `/invocations/${id}/cancel`);
    expect(again.status).toBe(200);
    expect(again.body.state).toBe('cancelled');
  });

  it('streams from a replica that did not start it, until the result', async () => {
    const id = await startSlow(first);
    const response = await fetch(`${second.server.url}/invocations/${id}/events`, {
      headers: { authorization: `Bearer ${USER_TOKEN}` },
    });
    expect(response.status).toBe(200);
    const events = await readEvents(response, (event) => {
      if (event.event === 'status') first.gate.open();
    });
    expect(events[0]?.event).toBe('status');
    expect(events.at(-1)).toMatchObject({
      event: 'result',
      data: { id, state: 'completed', result: { result: { counted: 3 } } },
    });
  });

  it('fails closed while the store is down: 503, never another caller’s invocation', async () => {
    const id = await startSlow(first);
    firstEvents.clear();
    shared.down = true;
    try {
      for (const token of [USER_TOKEN, OTHER_TOKEN]) {
        const answer = await second.request('GET', `/invocations/${id}`, { token });
        expect(answer.status).toBe(503);
        expect(answer.body.code).toBe('ownership_unavailable');
        expect(answer.headers.get('retry-after')).toBe('1');
        expect(String(answer.body.detail)).not.toContain('127.0.0.1');
      }
      const refused = await first.request('POST', '/execute', {
        body: { tool: 'jobs.count_slowly', mode: 'async' },
      });
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe('ownership_unavailable');
    } finally {
      shared.down = false;
    }
    // The call it could not record an owner for was stopped, not left running unowned.
    const ended = firstEvents
      .events('invocation.changed')
      .filter((event) => event.invocationId !== id && event.state === 'cancelled');
    expect(ended.length).toBeGreaterThanOrEqual(1);
    first.gate.open();
    expect((await first.arsenal.result(id)).status).toBe('success');
    const after = await second.request('GET', `/invocations/${id}`);
    expect(after.status).toBe(200);
  });

  it('rejects a shared ownership time-to-live that is not a positive number', () => {
    expect(() => new SharedInvocationOwners(shared.store, { ttlMs: 0 })).toThrow(
      /ttlMs must be a positive number/,
    );
  });
});
