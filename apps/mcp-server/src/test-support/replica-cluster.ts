import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SpawnedHttpServer, spawnHttpServer } from './spawn-server.js';

export const USER_TOKEN = 'replica-user-token-0123456789';
export const OTHER_TOKEN = 'replica-other-token-0123456789';

/** What the backend behind the replicas' HTTP tools saw. */
export interface BackendCounts {
  ping: number;
  flaky: number;
  limited: number;
  slowStarted: number;
  /** Slow requests whose client (a replica's handler) went away before an answer. */
  slowAborted: number;
}

/** A local HTTP API: `ping` and `limited` answer, `flaky` fails, `slow` never answers. */
export interface Backend {
  url: string;
  counts: BackendCounts;
  close(): Promise<void>;
}

export async function startBackend(): Promise<Backend> {
  const counts: BackendCounts = { ping: 0, flaky: 0, limited: 0, slowStarted: 0, slowAborted: 0 };
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path.startsWith('/slow')) {
      counts.slowStarted++;
      // Held open until the caller aborts: the only way this request ends is a cancel.
      response.once('close', () => {
        if (!response.writableFinished) counts.slowAborted++;
      });
      return;
    }
    if (path.startsWith('/flaky')) {
      counts.flaky++;
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"error":"backend broken"}');
      return;
    }
    if (path.startsWith('/limited')) counts.limited++;
    else counts.ping++;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"pong":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ClusterConfig {
  backendUrl: string;
  redisUrl: string;
  /** Audit records go to this Postgres table when set. */
  postgresUrl?: string;
  auditTable?: string;
  /** Capacity of the `limited` tool's shared bucket (it hardly refills). */
  limitedCapacity: number;
}

/** arsenal.yaml for replicas sharing Redis (and Postgres for audit), serving REST at /api. */
export async function writeClusterConfig(config: ClusterConfig): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'arsenal-cluster-'));
  const path = join(dir, 'arsenal.yaml');
  const history = config.postgresUrl
    ? [
        'history:',
        "  use: '@arsenal/history-postgres'",
        `  options: { connectionString: "${config.postgresUrl}", table: ${config.auditTable ?? 'arsenal_audit'}, maxConnections: 2, queryTimeoutMs: 60000, connectionTimeoutMs: 60000 }`,
      ]
    : [];
  const lines = [
    'serve:',
    '  mode: static',
    '  rest: true',
    '  drainTimeoutMs: 5000',
    '  auth:',
    '    tokens:',
    `      - token: ${USER_TOKEN}`,
    '        principal: { id: uma }',
    `      - token: ${OTHER_TOKEN}`,
    '        principal: { id: otto }',
    'state:',
    "  use: '@arsenal/state-redis'",
    // A busy CI machine can stall a replica's event loop for seconds: no spurious timeouts.
    `  options: { url: "${config.redisUrl}", commandTimeoutMs: 30000 }`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: config text with a ${VAR} reference.
    '  replicaId: ${REPLICA_ID}',
    '  syncIntervalMs: 200',
    ...history,
    'execution:',
    '  retries: 0',
    '  timeoutMs: 600000',
    '  breaker: { failureThreshold: 5, cooldownMs: 3600000 }',
    '  rateLimits:',
    '    tools:',
    `      limited: { capacity: ${config.limitedCapacity}, refillPerSecond: 0.0001 }`,
    'http:',
    '  backend:',
    '    allowAddresses: [loopback]',
    '    maxRetries: 0',
    '    timeoutMs: 600000',
    '    tools:',
    '      - name: ping',
    '        description: Ask the backend whether it is up; answers with a pong.',
    `        url: ${config.backendUrl}/ping`,
    '      - name: limited',
    '        description: Ask the rate-limited backend endpoint whether it is up.',
    `        url: ${config.backendUrl}/limited`,
    '      - name: flaky',
    '        description: Ask the broken backend endpoint, which always fails.',
    `        url: ${config.backendUrl}/flaky`,
    '      - name: slow',
    '        description: Start a long backend job that runs until it is cancelled.',
    `        url: ${config.backendUrl}/slow`,
  ];
  await writeFile(path, lines.join('\n'));
  return path;
}

/** One `arsenal serve --http` replica and a REST client for it. */
export interface Replica {
  server: SpawnedHttpServer;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  rest(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
}

export async function startReplica(configPath: string, index: number): Promise<Replica> {
  const server = await spawnHttpServer(['--config', configPath], {
    REPLICA_ID: `replica-${index}`,
  });
  const origin = new URL(server.url).origin;
  return {
    server,
    origin,
    async rest(method, path, { token = USER_TOKEN, body } = {}) {
      const response = await fetch(`${origin}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return {
        status: response.status,
        body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
      };
    },
  };
}

/** The id the engine gave a call, from a 200 result or from a problem document's `result`. */
export function callIdOf(body: Record<string, unknown>): string | undefined {
  if (typeof body.callId === 'string') return body.callId;
  const result = body.result as { callId?: unknown } | undefined;
  return typeof result?.callId === 'string' ? result.callId : undefined;
}

/** Ask until `check` holds, at most `attempts` times (no timing is asserted, only the outcome). */
export async function eventually(check: () => Promise<boolean>, attempts = 600): Promise<boolean> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** The events of a Server-Sent Events body that has ended, in order. */
export function parseEvents(text: string): { event: string; data: unknown }[] {
  const events: { event: string; data: unknown }[] = [];
  for (const block of text.split('\n\n')) {
    const lines = block.split('\n');
    const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
    const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
    if (event !== undefined && data !== undefined) events.push({ event, data: JSON.parse(data) });
  }
  return events;
}
