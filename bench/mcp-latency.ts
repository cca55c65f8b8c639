// Round-trip latency of tools/call (server-everything's get-sum, which Arsenal lists as get_sum) called directly versus through
// Arsenal (`arsenal serve`, static mode, aggregating the same server), over stdio and over
// Streamable HTTP, in the same run. Calls alternate between the paths of a group, so all see the
// same machine load; the order rotates every round, so each path takes each place equally (with
// the order flipped every round instead, the end paths of a group of three were called twice in a
// row every other round and the middle one never was, which alone made the middle one slower). A minimal SDK proxy is measured alongside over stdio: the floor any
// SDK-based aggregator pays for the extra hop. Two peer gateways (supergateway and mcp-proxy, each
// serving a stdio server over Streamable HTTP) are measured beside Arsenal doing the same: HTTP in
// front, stdio behind. Every group runs twice: one call at a time, then CONCURRENCY calls in
// flight (one client per in-flight call over HTTP, one shared connection over stdio).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startListeningProcess } from '@arsenal/testkit';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ARSENAL_CLI,
  type ServerProcess,
  spawnAnnouncedHttpServer,
  startEverythingHttp,
} from './lib/mcp-processes.js';
import { referenceServerEntry } from './lib/reference-servers.js';
import { percentile, printTable, writeResult } from './lib/report.js';

const CALLS = Number(process.env.CALLS ?? 2000);
// Calls per path before timing starts. The processes are still tiering their hot code up to
// optimised code over the first few thousand calls, so the default times that phase too.
const WARMUP = Number(process.env.WARMUP ?? 200);
// A run with another warm-up is written beside the default one, not over it.
const RESULT = process.env.WARMUP === undefined ? 'mcp-latency' : `mcp-latency-warmup-${WARMUP}`;
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 20);
const everything = referenceServerEntry('server-everything');
const sdkProxy = fileURLToPath(new URL('./lib/sdk-stdio-proxy.ts', import.meta.url));
const tsx = import.meta.resolve('tsx');
const supergateway = fileURLToPath(
  new URL('./node_modules/supergateway/dist/index.js', import.meta.url),
);
const mcpProxy = fileURLToPath(
  new URL('./node_modules/mcp-proxy/dist/bin/mcp-proxy.mjs', import.meta.url),
);

interface Path {
  label: string;
  transport: 'stdio' | 'http' | 'http→stdio';
  client: Client;
  /** get_sum as this path lists it (server-everything says get-sum; Arsenal lists get_sum). */
  tool: string;
  /** How to open one more client of this path (HTTP); undefined: share `client` (stdio). */
  reconnect?: () => Transport;
  times: number[];
  concurrentTimes: number[];
}

async function connectPath(
  label: string,
  connect: () => Transport,
  kind: Path['transport'],
): Promise<Path> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(connect());
  const { tools } = await client.listTools();
  const tool = tools.find((listed) => listed.name.replaceAll('-', '_') === 'get_sum')?.name;
  if (!tool) throw new Error(`${label}: no get_sum tool in ${tools.map((t) => t.name).join(', ')}`);
  return {
    label,
    transport: kind,
    client,
    tool,
    ...(kind === 'stdio' ? {} : { reconnect: connect }),
    times: [],
    concurrentTimes: [],
  };
}

/** One get_sum call; a path that answers with an error is not measuring the same work. */
async function call(client: Client, tool: string): Promise<void> {
  const result = await client.callTool({ name: tool, arguments: { a: 1, b: 2 } });
  if (result.isError) throw new Error(`${tool} failed: ${JSON.stringify(result.content)}`);
}

/**
 * The paths in the order of round `round`: rotated by one each round, so every path takes every
 * place equally often and, with three or more, none is called twice in a row.
 */
function inTurn(paths: Path[], round: number): Path[] {
  const shift = round % paths.length;
  return shift === 0 ? paths : [...paths.slice(shift), ...paths.slice(0, shift)];
}

/**
 * CONCURRENCY callers per path, each calling in a loop; the paths take turns by batch (one call per
 * caller), in rotating order (`inTurn`), so all see the same load. Keeps times after warm-up.
 */
async function measureConcurrent(paths: Path[]): Promise<void> {
  const callers = new Map<Path, Client[]>();
  for (const path of paths) {
    const clients = [path.client];
    for (let index = 1; index < CONCURRENCY; index++) {
      if (!path.reconnect) {
        clients.push(path.client);
        continue;
      }
      const client = new Client({ name: 'bench', version: '1.0.0' });
      await client.connect(path.reconnect());
      openClients.push(client);
      clients.push(client);
    }
    callers.set(path, clients);
  }
  const batches = Math.ceil((WARMUP + CALLS) / CONCURRENCY);
  const warmupBatches = Math.ceil(WARMUP / CONCURRENCY);
  for (let batch = 0; batch < batches; batch++) {
    for (const path of inTurn(paths, batch)) {
      await Promise.all(
        callers.get(path)!.map(async (client) => {
          const started = performance.now();
          await call(client, path.tool);
          if (batch >= warmupBatches) path.concurrentTimes.push(performance.now() - started);
        }),
      );
    }
  }
}

function stdio(command: string, args: string[]): () => Transport {
  return () => new StdioClientTransport({ command, args, stderr: 'ignore' });
}

function http(url: string): () => Transport {
  return () => new StreamableHTTPClientTransport(new URL(url)) as Transport;
}

/** Alternate calls between the paths (order rotating every round); keep times after warm-up. */
async function measure(paths: Path[]): Promise<void> {
  for (let round = 0; round < WARMUP + CALLS; round++) {
    for (const path of inTurn(paths, round)) {
      const started = performance.now();
      await call(path.client, path.tool);
      if (round >= WARMUP) path.times.push(performance.now() - started);
    }
  }
}

function summary(path: Path, concurrency = 1) {
  const sorted = [...(concurrency === 1 ? path.times : path.concurrentTimes)].sort((a, b) => a - b);
  return {
    label: path.label,
    transport: path.transport,
    concurrency,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

const dir = await mkdtemp(join(tmpdir(), 'arsenal-bench-'));
const processes: ServerProcess[] = [];
const openClients: Client[] = [];
const clients = openClients;
try {
  // stdio: Arsenal spawns its own server-everything child.
  const stdioConfig = join(dir, 'stdio.yaml');
  await writeFile(
    stdioConfig,
    `serve: { mode: static }\nmcpServers:\n  everything:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(everything)}, stdio]\n`,
  );
  const stdioPaths = [
    await connectPath('direct', stdio(process.execPath, [everything, 'stdio']), 'stdio'),
    await connectPath(
      'through arsenal',
      stdio(process.execPath, [ARSENAL_CLI, 'serve', '--config', stdioConfig]),
      'stdio',
    ),
    await connectPath(
      'minimal SDK proxy (reference)',
      stdio(process.execPath, ['--import', tsx, sdkProxy, process.execPath, everything, 'stdio']),
      'stdio',
    ),
  ];
  clients.push(...stdioPaths.map((path) => path.client));
  await measure(stdioPaths);
  await measureConcurrent(stdioPaths);

  // HTTP: one server-everything over Streamable HTTP, called directly and by Arsenal.
  const upstream = await startEverythingHttp();
  processes.push(upstream);
  const httpConfig = join(dir, 'http.yaml');
  await writeFile(
    httpConfig,
    `serve: { mode: static }\nmcpServers:\n  everything:\n    url: ${JSON.stringify(upstream.url)}\n`,
  );
  const arsenal = await spawnAnnouncedHttpServer([
    ARSENAL_CLI,
    'serve',
    '--config',
    httpConfig,
    '--http',
    '127.0.0.1:0',
  ]);
  processes.push(arsenal);
  const httpPaths = [
    await connectPath('direct', http(upstream.url), 'http'),
    await connectPath('through arsenal', http(arsenal.url), 'http'),
  ];
  clients.push(...httpPaths.map((path) => path.client));
  await measure(httpPaths);

  // HTTP in front of a stdio server: Arsenal and a peer gateway, each spawning its own child.
  const peerPort = await freePort();
  const peer = await startListeningProcess(
    supergateway,
    [
      '--stdio',
      `${process.execPath} ${everything} stdio`,
      '--outputTransport',
      'streamableHttp',
      '--stateful',
      '--port',
      String(peerPort),
      '--logLevel',
      'none',
    ],
    { port: peerPort },
  );
  processes.push({ url: '', child: peer.child, stop: peer.stop });
  const front = await spawnAnnouncedHttpServer([
    ARSENAL_CLI,
    'serve',
    '--config',
    stdioConfig,
    '--http',
    '127.0.0.1:0',
  ]);
  processes.push(front);
  const proxyPort = await freePort();
  const proxy = await startListeningProcess(
    mcpProxy,
    [
      '--port',
      String(proxyPort),
      '--host',
      '127.0.0.1',
      '--server',
      'stream',
      '--',
      process.execPath,
      everything,
      'stdio',
    ],
    { port: proxyPort },
  );
  processes.push({ url: '', child: proxy.child, stop: proxy.stop });
  const frontPaths = [
    await connectPath('through arsenal', http(front.url), 'http→stdio'),
    await connectPath(
      'supergateway 4.0.0 (peer)',
      http(`http://127.0.0.1:${peerPort}/mcp`),
      'http→stdio',
    ),
    await connectPath(
      'mcp-proxy 6.2.0 (peer)',
      http(`http://127.0.0.1:${proxyPort}/mcp`),
      'http→stdio',
    ),
  ];
  clients.push(...frontPaths.map((path) => path.client));
  await measure(frontPaths);
  await measureConcurrent(frontPaths);

  const all = [...stdioPaths, ...httpPaths, ...frontPaths];
  const rows = [
    ...all.map((path) => summary(path)),
    ...all
      .filter((path) => path.concurrentTimes.length > 0)
      .map((path) => summary(path, CONCURRENCY)),
  ];
  const ratio = (transport: Path['transport']) => {
    const sequential = rows.filter((row) => row.concurrency === 1 && row.transport === transport);
    const direct = sequential.find((row) => row.label === 'direct')!;
    const via = sequential.find((row) => row.label === 'through arsenal')!;
    return { p50: via.p50 / direct.p50, p99: via.p99 / direct.p99 };
  };
  printTable(
    ['transport', 'in flight', 'path', 'p50 ms', 'p95 ms', 'p99 ms'],
    rows.map((row) => [
      row.transport,
      String(row.concurrency),
      row.label,
      row.p50.toFixed(3),
      row.p95.toFixed(3),
      row.p99.toFixed(3),
    ]),
  );
  const ratios = { stdio: ratio('stdio'), http: ratio('http') };
  for (const concurrency of [1, CONCURRENCY]) {
    const [viaArsenal, ...peers] = frontPaths.map((path) => summary(path, concurrency));
    for (const peer of peers) {
      console.log(
        `HTTP in front of stdio, ${concurrency} in flight: Arsenal / ${peer.label} at p50 ${(viaArsenal!.p50 / peer.p50).toFixed(2)}, at p99 ${(viaArsenal!.p99 / peer.p99).toFixed(2)}`,
      );
    }
  }
  console.log(
    `\noverhead ratio at p50: stdio ${ratios.stdio.p50.toFixed(2)}, http ${ratios.http.p50.toFixed(2)} (target <= 1.3); ${CALLS} calls per path, alternating`,
  );
  console.log(
    `wrote ${writeResult(RESULT, {
      date: new Date().toISOString(),
      calls: CALLS,
      warmup: WARMUP,
      concurrency: CONCURRENCY,
      rows,
      ratios,
    })}`,
  );
} finally {
  await Promise.allSettled(clients.map((client) => client.close()));
  await Promise.allSettled(processes.map((process) => process.stop()));
  await rm(dir, { recursive: true, force: true });
}
