// Streamable HTTP throughput of execute_tool on a no-op function tool: 50 concurrent SDK clients
// (one session each) against Arsenal's HTTP server in dynamic mode, each calling in a closed loop
// for a fixed time. The server runs in its own process; the clients share this one.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { spawnAnnouncedHttpServer } from './lib/mcp-processes.js';
import { percentile, printTable, writeResult } from './lib/report.js';

const CLIENTS = Number(process.env.CLIENTS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 2);
const serverScript = fileURLToPath(new URL('./lib/noop-http-server.ts', import.meta.url));

const server = await spawnAnnouncedHttpServer([
  '--import',
  import.meta.resolve('tsx'),
  serverScript,
]);
const clients: Client[] = [];
try {
  for (let i = 0; i < CLIENTS; i++) {
    const client = new Client({ name: `bench-${i}`, version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)) as Transport);
    clients.push(client);
  }
  const call = (client: Client) =>
    client.callTool({ name: 'execute_tool', arguments: { tool_name: 'noop', arguments: {} } });
  const first = await call(clients[0]!);
  if (first.isError) throw new Error(`execute_tool failed: ${JSON.stringify(first.content)}`);

  /** Every client calls in a loop until `until`; returns each call's latency in ms. */
  async function run(until: number): Promise<{ times: number[]; errors: number }> {
    const times: number[] = [];
    let errors = 0;
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < until) {
          const started = performance.now();
          const result = await call(client).catch(() => ({ isError: true }));
          if (result.isError) errors++;
          else times.push(performance.now() - started);
        }
      }),
    );
    return { times, errors };
  }

  await run(performance.now() + WARMUP_SECONDS * 1000);
  const started = performance.now();
  const { times, errors } = await run(started + SECONDS * 1000);
  const elapsedSeconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const result = {
    clients: CLIENTS,
    seconds: Number(elapsedSeconds.toFixed(2)),
    requests: times.length,
    errors,
    requestsPerSecond: Math.round(times.length / elapsedSeconds),
    p50Ms: Number(percentile(times, 50).toFixed(2)),
    p99Ms: Number(percentile(times, 99).toFixed(2)),
  };
  printTable(
    ['clients', 'requests', 'errors', 'requests/s', 'p50 ms', 'p99 ms'],
    [
      [
        result.clients,
        result.requests,
        result.errors,
        result.requestsPerSecond,
        result.p50Ms,
        result.p99Ms,
      ],
    ],
  );
  console.log(
    `wrote ${writeResult('mcp-throughput', { date: new Date().toISOString(), mode: 'dynamic', tool: 'execute_tool -> noop (function)', ...result })}`,
  );
} finally {
  await Promise.allSettled(clients.map((client) => client.close()));
  await server.stop();
}
