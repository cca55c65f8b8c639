// Three `arsenal serve --http --rest` replicas sharing one redis-server (and, in the second setup,
// one Postgres for the audit history), driven over REST by concurrent clients spread round-robin
// across them. Reports throughput and latency of a call to a local HTTP backend, and how exactly
// the shared rate limit held: of LIMIT_CALLS calls to a tool whose bucket holds LIMIT_CAPACITY,
// how many went through (ideal: exactly the capacity). Bounded: CALLS calls per setup.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  findRedisServer,
  type RedisServerProcess,
  startRedisServer,
  startTestPostgres,
  type TestPostgres,
} from '@arsenal/testkit';
import { ARSENAL_CLI, type ServerProcess, spawnAnnouncedHttpServer } from './lib/mcp-processes.js';
import { percentile, printTable, writeResult } from './lib/report.js';

const CALLS = Number(process.env.CALLS ?? 1500);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 24);
const LIMIT_CAPACITY = Number(process.env.LIMIT_CAPACITY ?? 300);
const LIMIT_CALLS = Number(process.env.LIMIT_CALLS ?? 450);
const TOKEN = 'bench-token-0123456789abcdef';

if (!findRedisServer()) {
  console.error('bench:replicas needs redis-server (apt-get install -y redis-server).');
  process.exit(1);
}

let backendCalls = { ping: 0, limited: 0 };
const backend = createServer((request, response) => {
  if (request.url?.startsWith('/limited')) backendCalls.limited++;
  else backendCalls.ping++;
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"pong":true}');
});
await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
const backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;

async function writeConfig(redisUrl: string, postgresUrl: string | undefined): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'arsenal-bench-replicas-')), 'arsenal.yaml');
  const lines = [
    'serve: { mode: static, rest: true, auth: { tokens: [{ token: TOKEN, principal: { id: bench } }] } }'.replace(
      'TOKEN',
      TOKEN,
    ),
    'state:',
    "  use: '@arsenal/state-redis'",
    `  options: { url: "${redisUrl}", commandTimeoutMs: 30000 }`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: config text with a ${VAR} reference.
    '  replicaId: ${REPLICA_ID}',
    ...(postgresUrl
      ? [
          'history:',
          "  use: '@arsenal/history-postgres'",
          `  options: { connectionString: "${postgresUrl}", table: bench_audit, maxConnections: 4 }`,
        ]
      : []),
    'execution:',
    '  retries: 0',
    '  rateLimits:',
    '    tools:',
    `      limited: { capacity: ${LIMIT_CAPACITY}, refillPerSecond: 0.0001 }`,
    'http:',
    '  backend:',
    '    allowAddresses: [loopback]',
    '    maxRetries: 0',
    '    tools:',
    '      - { name: ping, description: Ask the backend whether it is up; answers with a pong., url: "BACKEND/ping" }',
    '      - { name: limited, description: Ask the rate-limited backend endpoint whether it is up., url: "BACKEND/limited" }',
  ].map((line) => line.replaceAll('BACKEND', backendUrl));
  await writeFile(path, lines.join('\n'));
  return path;
}

/** `n` calls of `tool` spread round-robin over the replicas by `CONCURRENCY` clients. */
async function drive(origins: readonly string[], tool: string, n: number) {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) {
        const origin = origins[next++ % origins.length]!;
        const began = performance.now();
        const response = await fetch(`${origin}/api/execute`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ tool, arguments: {} }),
        });
        await response.arrayBuffer();
        times.push(performance.now() - began);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    calls: n,
    seconds: Number(seconds.toFixed(2)),
    callsPerSecond: Math.round(n / seconds),
    p50Ms: Number(percentile(times, 50).toFixed(2)),
    p95Ms: Number(percentile(times, 95).toFixed(2)),
    statuses: Object.fromEntries(statuses),
  };
}

async function runSetup(name: string, withAudit: boolean) {
  let redis: RedisServerProcess | undefined;
  let postgres: TestPostgres | undefined;
  const replicas: ServerProcess[] = [];
  let config: string | undefined;
  try {
    redis = await startRedisServer();
    if (withAudit) postgres = await startTestPostgres();
    config = await writeConfig(redis.url, postgres?.url);
    for (let index = 0; index < 3; index++) {
      replicas.push(
        await spawnAnnouncedHttpServer(
          [ARSENAL_CLI, 'serve', '--http', '127.0.0.1:0', '--config', config],
          {
            REPLICA_ID: `bench-${index}`,
          },
        ),
      );
    }
    const origins = replicas.map((replica) => new URL(replica.url).origin);
    const tools = (await (
      await fetch(`${origins[0]}/api/tools`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).json()) as { tools: { name: string; qualifiedName: string }[] };
    const qualified = (short: string) =>
      tools.tools.find((tool) => tool.name === short)?.qualifiedName ?? short;
    await drive(origins, qualified('ping'), 100); // warm-up
    backendCalls = { ping: 0, limited: 0 };
    const throughput = await drive(origins, qualified('ping'), CALLS);
    const limit = await drive(origins, qualified('limited'), LIMIT_CALLS);
    const allowed = limit.statuses[200] ?? 0;
    return {
      setup: name,
      replicas: 3,
      concurrency: CONCURRENCY,
      throughput,
      rateLimit: {
        capacity: LIMIT_CAPACITY,
        calls: LIMIT_CALLS,
        allowed,
        limited: limit.statuses[429] ?? 0,
        backendCalls: backendCalls.limited,
        /** allowed / capacity: 1 is exact; above 1 the replicas overspent the shared bucket. */
        accuracy: Number((allowed / LIMIT_CAPACITY).toFixed(4)),
      },
    };
  } finally {
    await Promise.allSettled(replicas.map((replica) => replica.stop()));
    await redis?.stop();
    await postgres?.dispose();
    if (config) await rm(dirname(config), { recursive: true, force: true });
  }
}

try {
  const results = [
    await runSetup('redis state', false),
    await runSetup('redis state + postgres audit', true),
  ];
  printTable(
    ['setup', 'calls', 'calls/s', 'p50 ms', 'p95 ms', 'limit: allowed / capacity', 'backend saw'],
    results.map((result) => [
      result.setup,
      result.throughput.calls,
      result.throughput.callsPerSecond,
      result.throughput.p50Ms,
      result.throughput.p95Ms,
      `${result.rateLimit.allowed} / ${result.rateLimit.capacity}`,
      result.rateLimit.backendCalls,
    ]),
  );
  console.log(
    `wrote ${writeResult('replicas', { date: new Date().toISOString(), calls: CALLS, results })}`,
  );
} finally {
  await new Promise((resolve) => backend.close(resolve));
}
