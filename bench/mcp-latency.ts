// Round-trip latency of tools/call (server-everything's get_sum) called directly versus through
// Arsenal (`arsenal serve`, static mode, aggregating the same server), over stdio and over
// Streamable HTTP, in the same run. Calls alternate between the paths of a pair, so both see the
// same machine load. A minimal SDK proxy is measured alongside over stdio: the floor any
// SDK-based aggregator pays for the extra hop. A peer gateway (supergateway, serving a stdio server
// over Streamable HTTP) is measured beside Arsenal doing the same: HTTP in front, stdio behind.
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
const WARMUP = 200;
const everything = referenceServerEntry('server-everything');
const sdkProxy = fileURLToPath(new URL('./lib/sdk-stdio-proxy.ts', import.meta.url));
const tsx = import.meta.resolve('tsx');
const supergateway = fileURLToPath(
  new URL('./node_modules/supergateway/dist/index.js', import.meta.url),
);

interface Path {
  label: string;
  transport: 'stdio' | 'http' | 'http→stdio';
  client: Client;
  times: number[];
}

async function connectPath(label: string, transport: Transport, kind: Path['transport']) {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  return { label, transport: kind, client, times: [] as number[] };
}

function stdio(command: string, args: string[]): Transport {
  return new StdioClientTransport({ command, args, stderr: 'ignore' });
}

/** Alternate calls between the paths (order flipped every round); keep times after warm-up. */
async function measure(paths: Path[]): Promise<void> {
  for (let round = 0; round < WARMUP + CALLS; round++) {
    for (const path of round % 2 === 0 ? paths : [...paths].reverse()) {
      const started = performance.now();
      await path.client.callTool({ name: 'get_sum', arguments: { a: 1, b: 2 } });
      if (round >= WARMUP) path.times.push(performance.now() - started);
    }
  }
}

function summary(path: Path) {
  const sorted = [...path.times].sort((a, b) => a - b);
  return {
    label: path.label,
    transport: path.transport,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

const dir = await mkdtemp(join(tmpdir(), 'arsenal-bench-'));
const processes: ServerProcess[] = [];
const clients: Client[] = [];
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
    await connectPath(
      'direct',
      new StreamableHTTPClientTransport(new URL(upstream.url)) as Transport,
      'http',
    ),
    await connectPath(
      'through arsenal',
      new StreamableHTTPClientTransport(new URL(arsenal.url)) as Transport,
      'http',
    ),
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
  const http = (url: string) => new StreamableHTTPClientTransport(new URL(url)) as Transport;
  const frontPaths = [
    await connectPath('through arsenal', http(front.url), 'http→stdio'),
    await connectPath(
      'supergateway 4.0.0 (peer)',
      http(`http://127.0.0.1:${peerPort}/mcp`),
      'http→stdio',
    ),
  ];
  clients.push(...frontPaths.map((path) => path.client));
  await measure(frontPaths);

  const rows = [...stdioPaths, ...httpPaths, ...frontPaths].map(summary);
  const ratio = (transport: Path['transport']) => {
    const direct = rows.find((row) => row.transport === transport && row.label === 'direct')!;
    const via = rows.find((row) => row.transport === transport && row.label === 'through arsenal')!;
    return { p50: via.p50 / direct.p50, p99: via.p99 / direct.p99 };
  };
  printTable(
    ['transport', 'path', 'p50 ms', 'p95 ms', 'p99 ms'],
    rows.map((row) => [
      row.transport,
      row.label,
      row.p50.toFixed(3),
      row.p95.toFixed(3),
      row.p99.toFixed(3),
    ]),
  );
  const ratios = { stdio: ratio('stdio'), http: ratio('http') };
  const [viaArsenal, viaPeer] = frontPaths.map(summary);
  console.log(
    `\nHTTP in front of stdio: Arsenal / supergateway at p50 ${(viaArsenal!.p50 / viaPeer!.p50).toFixed(2)}, at p99 ${(viaArsenal!.p99 / viaPeer!.p99).toFixed(2)}`,
  );
  console.log(
    `\noverhead ratio at p50: stdio ${ratios.stdio.p50.toFixed(2)}, http ${ratios.http.p50.toFixed(2)} (target <= 1.3); ${CALLS} calls per path, alternating`,
  );
  console.log(
    `wrote ${writeResult('mcp-latency', { date: new Date().toISOString(), calls: CALLS, rows, ratios })}`,
  );
} finally {
  await Promise.allSettled(clients.map((client) => client.close()));
  await Promise.allSettled(processes.map((process) => process.stop()));
  await rm(dir, { recursive: true, force: true });
}
