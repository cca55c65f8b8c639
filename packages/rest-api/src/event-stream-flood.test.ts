import { createInMemoryStateStore, type StateStore } from '@arsenal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGate,
  type Fixture,
  OTHER_TOKEN,
  startFixture,
  USER_TOKEN,
} from './rest-api-test-support.js';

const STREAMS = 120;

/** The in-memory StateStore, counting reads of keys that end with a given suffix. */
function countingStore(): { store: StateStore; readsOf(suffix: string): number } {
  const inner = createInMemoryStateStore();
  const reads: string[] = [];
  const store: StateStore = {
    get: (key) => {
      reads.push(key);
      return inner.get(key);
    },
    set: (key, value, options) => inner.set(key, value, options),
    delete: (key) => inner.delete(key),
    increment: (key, by, options) => inner.increment(key, by, options),
    takeTokens: (key, request) => inner.takeTokens(key, request),
    keys: (prefix) => inner.keys(prefix),
  };
  return {
    store,
    readsOf: (suffix) =>
      reads.filter((key) => key.endsWith(suffix) && !key.includes('rest-owner')).length,
  };
}

async function eventually(check: () => boolean, attempts = 400): Promise<boolean> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

/** Open an event stream and wait for its first bytes; abort it with the returned controller. */
async function openStream(url: string, token: string): Promise<AbortController> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  await reader?.read();
  return controller;
}

describe('a flood of invocation event streams', () => {
  const counted = countingStore();
  let first: Fixture;
  let second: Fixture;
  beforeAll(async () => {
    const replica = (replicaId: string) =>
      startFixture(
        { stateStore: counted.store, sharedPollMs: 50, maxEventStreamsPerPrincipal: STREAMS },
        {
          execution: {
            stateStore: counted.store,
            sharedState: { replicaId, syncIntervalMs: 50 },
          },
        },
      );
    first = await replica('first');
    second = await replica('second');
  });
  afterAll(async () => {
    first.gate.open();
    await first?.close();
    await second?.close();
  });

  it('is bounded per caller, and every stream and its polling ends when its client goes', async () => {
    first.gate = createGate();
    const started = await first.request('POST', '/execute', {
      body: { tool: 'jobs.count_slowly', mode: 'async' },
    });
    const id = started.body.invocationId as string;
    const events = `/invocations/${id}/events`;

    // The replica that does not run it follows it by polling the shared store.
    const remote = await Promise.all(
      Array.from({ length: STREAMS }, () =>
        openStream(`${second.server.url}${events}`, USER_TOKEN),
      ),
    );
    expect(second.server.api.openEventStreams).toBe(STREAMS);
    const refused = await second.request('GET', events);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_streams');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(String(refused.body.detail)).toMatch(/close one/);
    // Another caller is not refused for this one's streams; it just cannot see the invocation.
    expect((await second.request('GET', events, { token: OTHER_TOKEN })).status).toBe(404);

    // The replica that runs it follows it from memory.
    const local = await Promise.all(
      Array.from({ length: 20 }, () => openStream(`${first.server.url}${events}`, USER_TOKEN)),
    );
    expect(first.server.api.openEventStreams).toBe(20);

    for (const controller of [...remote, ...local]) controller.abort();
    expect(await eventually(() => second.server.api.openEventStreams === 0)).toBe(true);
    expect(await eventually(() => first.server.api.openEventStreams === 0)).toBe(true);
    const quiet = counted.readsOf(id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Ten poll intervals later, nothing still reads the invocation for a stream that is gone.
    expect(counted.readsOf(id)).toBe(quiet);
    // The quota is free again.
    const again = await openStream(`${second.server.url}${events}`, USER_TOKEN);
    again.abort();
  });
});
