// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are config text with ${VAR} references.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  findRedisServer,
  type RedisServerProcess,
  removeTemporaryDirectory,
  startRedisServer,
} from '@arsenal/testkit';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedHttpServer, spawnHttpServer } from './test-support/spawn-server.js';

const binary = findRedisServer();
if (!binary) {
  console.warn(
    'Skipping the replica tests: redis-server is not installed (apt-get install -y redis-server).',
  );
}

const CAPACITY = 300;

interface Replica {
  server: SpawnedHttpServer;
  client: Client;
}

interface CallAnswer {
  isError?: boolean;
  content?: { type: string; text?: string }[];
}

/** The Arsenal error code an answer starts with, or `ok`. */
function codeOf(answer: CallAnswer): string {
  if (!answer.isError) return 'ok';
  const text = answer.content?.find((part) => part.type === 'text')?.text ?? '';
  return text.split(':')[0] ?? 'unknown';
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'replica-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** Ask until `check` holds, at most `attempts` times (no timing is asserted, only the outcome). */
async function eventually(check: () => Promise<boolean>, attempts = 600): Promise<boolean> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe.skipIf(!binary)('three arsenal serve --http replicas sharing one Redis', () => {
  let redis: RedisServerProcess;
  let backend: Server;
  let backendCalls = { ping: 0, flaky: 0 };
  let configPath = '';
  const replicas: Replica[] = [];
  const tools = new Map<string, string>();

  const startReplica = async (index: number): Promise<Replica> => {
    const server = await spawnHttpServer(['--config', configPath], {
      REPLICA_ID: `replica-${index}`,
      REDIS_URL: redis.url,
    });
    const client = await connect(server.url);
    return { server, client };
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    backend = createServer((request, response) => {
      if (request.url?.startsWith('/flaky')) {
        backendCalls.flaky++;
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end('{"error":"backend broken"}');
        return;
      }
      backendCalls.ping++;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"pong":true}');
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    const backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
    configPath = join(await mkdtemp(join(tmpdir(), 'arsenal-replicas-')), 'arsenal.yaml');
    await writeFile(
      configPath,
      [
        'serve:',
        '  mode: static',
        'state:',
        "  use: '@arsenal/state-redis'",
        // A busy CI machine can stall a replica's event loop for seconds: no spurious timeouts.
        '  options: { url: "${REDIS_URL}", commandTimeoutMs: 30000 }',
        '  replicaId: ${REPLICA_ID}',
        '  syncIntervalMs: 200',
        'execution:',
        '  retries: 0',
        '  breaker: { failureThreshold: 5, cooldownMs: 3600000 }',
        '  rateLimits:',
        '    tools:',
        `      ping: { capacity: ${CAPACITY}, refillPerSecond: 0.0001 }`,
        'http:',
        '  backend:',
        '    allowAddresses: [loopback]',
        '    maxRetries: 0',
        '    tools:',
        '      - name: ping',
        '        description: Ask the backend whether it is up; answers with a pong.',
        `        url: ${backendUrl}/ping`,
        '      - name: flaky',
        '        description: Ask the broken backend endpoint, which always fails.',
        `        url: ${backendUrl}/flaky`,
      ].join('\n'),
    );
    for (let index = 0; index < 3; index++) replicas.push(await startReplica(index));
    const listed = await replicas[0]!.client.listTools();
    for (const tool of listed.tools) {
      if (tool.name.includes('ping')) tools.set('ping', tool.name);
      if (tool.name.includes('flaky')) tools.set('flaky', tool.name);
    }
    backendCalls = { ping: 0, flaky: 0 };
  });

  afterAll(async () => {
    for (const replica of replicas) {
      await replica.client.close().catch(() => {});
      await replica.server.stop();
    }
    await new Promise((resolve) => backend?.close(resolve));
    await redis?.stop();
    if (configPath) removeTemporaryDirectory(dirname(configPath));
  });

  it('holds one global rate limit across the replicas', async () => {
    const calls = Array.from({ length: CAPACITY + 150 }, (_, index) =>
      replicas[index % 3]!.client.callTool({ name: tools.get('ping')!, arguments: {} }),
    );
    const answers = (await Promise.all(calls)) as CallAnswer[];
    const codes = answers.map(codeOf);
    const failClosed = answers.filter((answer) =>
      /fail closed/.test(answer.content?.[0]?.text ?? ''),
    );
    expect(failClosed.map((answer) => answer.content?.[0]?.text).slice(0, 1)).toEqual([]);
    const succeeded = codes.filter((code) => code === 'ok').length;
    const limited = codes.filter((code) => code === 'rate_limited').length;
    expect(succeeded + limited).toBe(calls.length);
    expect(Math.abs(succeeded - CAPACITY)).toBeLessThanOrEqual(CAPACITY * 0.01);
    expect(backendCalls.ping).toBe(succeeded);
  });

  it('opens a breaker on every replica after failures seen on one', async () => {
    const first = replicas[0]!.client;
    for (let i = 0; i < 5; i++) {
      const answer = await first.callTool({ name: tools.get('flaky')!, arguments: {} });
      expect(codeOf(answer as CallAnswer)).not.toBe('ok');
    }
    expect(
      codeOf((await first.callTool({ name: tools.get('flaky')!, arguments: {} })) as CallAnswer),
    ).toBe('circuit_open');
    for (const replica of replicas.slice(1)) {
      const open = await eventually(async () => {
        const answer = await replica.client.callTool({ name: tools.get('flaky')!, arguments: {} });
        return codeOf(answer as CallAnswer) === 'circuit_open';
      });
      expect(open).toBe(true);
    }
    // The others learn at their next sync round, or from the shared failure count on their first
    // failing call: at most one call each reaches the broken backend.
    expect(backendCalls.flaky).toBeGreaterThanOrEqual(5);
    expect(backendCalls.flaky).toBeLessThanOrEqual(5 + 2);
  });

  it('a restarted replica picks up the open breaker and the spent rate limit', async () => {
    const flakyCalls = backendCalls.flaky;
    const old = replicas.pop()!;
    await old.client.close();
    await old.server.stop();
    const restarted = await startReplica(2);
    replicas.push(restarted);
    const open = await eventually(async () => {
      const answer = await restarted.client.callTool({ name: tools.get('flaky')!, arguments: {} });
      return codeOf(answer as CallAnswer) === 'circuit_open';
    });
    expect(open).toBe(true);
    const ping = await restarted.client.callTool({ name: tools.get('ping')!, arguments: {} });
    expect(codeOf(ping as CallAnswer)).toBe('rate_limited');
    // It adopted the open circuit at its first sync round, before serving any call.
    expect(backendCalls.flaky).toBe(flakyCalls);
  });

  it('keeps serving while Redis is down (rate limits fail closed, breakers stay open) and recovers', async () => {
    const replica = replicas[0]!;
    await redis.stop();
    const ping = (await replica.client.callTool({
      name: tools.get('ping')!,
      arguments: {},
    })) as CallAnswer;
    expect(codeOf(ping)).toBe('rate_limited');
    expect(ping.content?.[0]?.text).toMatch(/fail closed/);
    const flaky = await replica.client.callTool({ name: tools.get('flaky')!, arguments: {} });
    expect(codeOf(flaky as CallAnswer)).toBe('circuit_open');
    expect(replica.server.stderr()).toMatch(/shared state store is unavailable/);
    await redis.start();
    // The restarted Redis is empty (no persistence): a fresh bucket, so pings pass again.
    const back = await eventually(async () => {
      const answer = await replica.client.callTool({ name: tools.get('ping')!, arguments: {} });
      return codeOf(answer as CallAnswer) === 'ok';
    });
    expect(back).toBe(true);
    expect(replica.server.stderr()).toMatch(/shared state store answers again/);
  });
});
