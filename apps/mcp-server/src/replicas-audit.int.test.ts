import { dirname } from 'node:path';
import { createPostgresHistoryStore } from '@arsenal/history-postgres';
import {
  findRedisServer,
  type RedisServerProcess,
  removeTemporaryDirectory,
  startRedisServer,
  startTestPostgres,
  type TestPostgres,
} from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Backend,
  callIdOf,
  eventually,
  OTHER_TOKEN,
  parseEvents,
  type Replica,
  startBackend,
  startReplica,
  USER_TOKEN,
  writeClusterConfig,
} from './test-support/replica-cluster.js';

const binary = findRedisServer();
if (!binary) {
  console.warn(
    'Skipping the replica audit tests: redis-server is not installed (apt-get install -y redis-server).',
  );
}

const LIMITED_CAPACITY = 20;
const TABLE = 'replica_audit';
const CALLS = 240;
const CONCURRENCY = 12;
/** The replica killed mid-load, after this many answers. */
const VICTIM = 1;
const KILL_AFTER = 80;

describe.skipIf(!binary)('three replicas sharing Redis and Postgres, over REST', () => {
  let redis: RedisServerProcess;
  let postgres: TestPostgres;
  let backend: Backend;
  let configPath = '';
  const replicas: Replica[] = [];
  const names = new Map<string, string>();

  beforeAll(async () => {
    [redis, postgres, backend] = await Promise.all([
      startRedisServer(),
      startTestPostgres(),
      startBackend(),
    ]);
    configPath = await writeClusterConfig({
      backendUrl: backend.url,
      redisUrl: redis.url,
      postgresUrl: postgres.url,
      auditTable: TABLE,
      limitedCapacity: LIMITED_CAPACITY,
    });
    // One at a time: the first creates the audit table the others then find.
    for (let index = 0; index < 3; index++) replicas.push(await startReplica(configPath, index));
    const listed = await replicas[0]!.rest('GET', '/tools');
    for (const tool of listed.body.tools as { name: string; qualifiedName: string }[]) {
      names.set(tool.name, tool.qualifiedName);
    }
    // Three servers, a Postgres cluster and three replicas, each started when the one before is
    // ready: a ceiling for a machine at a load of 10, not a wait.
  }, 360_000);

  afterAll(async () => {
    for (const replica of replicas) await replica.server.stop();
    await backend?.close();
    await redis?.stop();
    await postgres?.dispose();
    if (configPath) removeTemporaryDirectory(dirname(configPath));
  });

  const tool = (name: string) => names.get(name) ?? name;

  it('reads and follows an invocation on another replica and cancels it from a third, aborting the handler', async () => {
    const [first, second, third] = replicas as [Replica, Replica, Replica];
    const started = await first.rest('POST', '/execute', {
      body: { tool: tool('slow'), mode: 'async' },
    });
    expect(started.status).toBe(202);
    const id = started.body.invocationId as string;
    const path = `/invocations/${encodeURIComponent(id)}`;

    const status = await second.rest('GET', path);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ id, state: 'running' });
    for (const replica of replicas) {
      const foreign = await replica.rest('GET', path, { token: OTHER_TOKEN });
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('invocation_not_found');
      const stolen = await replica.rest('POST', `${path}/cancel`, { token: OTHER_TOKEN });
      expect(stolen.status).toBe(404);
    }
    expect(await eventually(async () => backend.counts.slowStarted === 1)).toBe(true);

    // Followed from a replica that does not run it: the stream ends with the final status.
    const events = await fetch(`${second.origin}/api${path}/events`, {
      headers: { authorization: `Bearer ${USER_TOKEN}` },
    });
    expect(events.status).toBe(200);
    const streamed = events.text();

    const cancel = await third.rest('POST', `${path}/cancel`);
    expect(cancel.status).toBe(202);
    const everywhere = await eventually(async () => {
      const answers = await Promise.all(replicas.map((replica) => replica.rest('GET', path)));
      return answers.every((answer) => answer.body.state === 'cancelled');
    });
    expect(everywhere).toBe(true);
    // The first replica aborted the backend request its handler was waiting on.
    expect(await eventually(async () => backend.counts.slowAborted === 1)).toBe(true);
    const final = await third.rest('GET', path);
    expect((final.body.result as { status: string }).status).toBe('cancelled');
    const received = parseEvents(await streamed);
    expect(received[0]).toMatchObject({ event: 'status', data: { id, state: 'running' } });
    expect(received.at(-1)).toMatchObject({ event: 'result', data: { id, state: 'cancelled' } });
  });

  it('keeps one audit record for every answered call when a replica is killed mid-load', async () => {
    // Open the breaker of `flaky` everywhere before the load, so a restart has something to adopt.
    for (let attempt = 0; attempt < 6; attempt++) {
      await replicas[0]!.rest('POST', '/execute', { body: { tool: tool('flaky') } });
    }
    const answered = new Map<string, { replica: number; status: number }>();
    const refused: number[] = [];
    let next = 0;
    let killed = false;
    const victim = replicas[VICTIM]!;
    const worker = async () => {
      while (next < CALLS) {
        const call = next++;
        const index = call % 3;
        const name = call % 4 === 0 ? 'limited' : 'ping';
        let answer: { status: number; body: Record<string, unknown> };
        try {
          answer = await replicas[index]!.rest('POST', '/execute', {
            body: { tool: tool(name), arguments: {} },
          });
        } catch {
          // No answer reached the client (the replica died under it): nothing is promised.
          refused.push(call);
          continue;
        }
        const callId = callIdOf(answer.body);
        if (!callId) throw new Error(`An answer without a call id: ${JSON.stringify(answer.body)}`);
        answered.set(callId, { replica: index, status: answer.status });
        if (!killed && answered.size >= KILL_AFTER) {
          killed = true;
          victim.server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(killed).toBe(true);
    // The killed replica had answered calls of its own, and some calls got no answer at all.
    const fromVictim = [...answered.values()].filter((entry) => entry.replica === VICTIM);
    expect(fromVictim.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    const statuses = new Set([...answered.values()].map((entry) => entry.status));
    expect([...statuses].every((status) => status === 200 || status === 429)).toBe(true);

    // Read straight away, without flushing anything: every answered call is already in Postgres.
    const history = await createPostgresHistoryStore({
      connectionString: postgres.url,
      table: TABLE,
    });
    try {
      const records = await history.query({ limit: 100_000 });
      const byId = new Map<string, number>();
      for (const record of records) byId.set(record.id, (byId.get(record.id) ?? 0) + 1);
      const missing = [...answered.keys()].filter((id) => byId.get(id) !== 1);
      expect(missing).toEqual([]);
    } finally {
      await history.close();
    }
  });

  it('a replica restarted after SIGKILL picks up shared state and serves', async () => {
    const dead = replicas[VICTIM]!;
    expect(dead.server.child.signalCode).toBe('SIGKILL');
    const restarted = await startReplica(configPath, VICTIM);
    replicas[VICTIM] = restarted;
    const ready = await fetch(`${restarted.origin}/readyz`);
    expect(ready.status).toBe(200);
    const flakyBefore = backend.counts.flaky;
    const flaky = await restarted.rest('POST', '/execute', { body: { tool: tool('flaky') } });
    expect(flaky.status).toBe(503);
    expect(flaky.body.code).toBe('circuit_open');
    expect(backend.counts.flaky).toBe(flakyBefore);
    const limited = await restarted.rest('POST', '/execute', { body: { tool: tool('limited') } });
    expect(limited.status).toBe(429);
    // At most the capacity reached the backend (a call killed with its replica may have taken a
    // token without calling it).
    expect(backend.counts.limited).toBeLessThanOrEqual(LIMITED_CAPACITY);
    const ping = await restarted.rest('POST', '/execute', { body: { tool: tool('ping') } });
    expect(ping.status).toBe(200);
  });

  it('fails closed on ownership while Redis is down, and serves invocations again after', async () => {
    const replica = replicas[2]!;
    const started = await replica.rest('POST', '/execute', {
      body: { tool: tool('ping'), mode: 'async' },
    });
    expect(started.status).toBe(202);
    const path = `/invocations/${encodeURIComponent(started.body.invocationId as string)}`;
    await redis.stop();
    try {
      for (const token of [undefined, OTHER_TOKEN]) {
        const answer = await replicas[0]!.rest('GET', path, token ? { token } : {});
        expect(answer.status).toBe(503);
        expect(answer.body.code).toBe('ownership_unavailable');
        expect(JSON.stringify(answer.body)).not.toContain(redis.url);
      }
      const refused = await replica.rest('POST', '/execute', {
        body: { tool: tool('ping'), mode: 'async' },
      });
      expect(refused.status).toBe(503);
      // Synchronous calls that need no shared owner keep being served.
      expect(
        (await replica.rest('POST', '/execute', { body: { tool: tool('ping') } })).status,
      ).toBe(200);
    } finally {
      await redis.start();
    }
    // The restarted Redis is empty: new invocations are tracked again on every replica.
    const again = await eventually(async () => {
      const answer = await replica.rest('POST', '/execute', {
        body: { tool: tool('ping'), mode: 'async' },
      });
      if (answer.status !== 202) return false;
      const id = encodeURIComponent(answer.body.invocationId as string);
      return (await replicas[0]!.rest('GET', `/invocations/${id}`)).status === 200;
    });
    expect(again).toBe(true);
  });
});
