// The cost of the front door on the MCP path: tools/call round trips to Arsenal's MCP endpoint as
// hosted by the front door (`@arsenal/http`) and as hosted by the previous code (the hosting
// that lived inside `@arsenal/mcp-server`, extracted from git), both in this process over the
// same Arsenal and the same function tool, calls alternating so both see the same load. Then, for
// context, `arsenal serve --http` and a peer gateway (supergateway 4.0.0), each in front of its
// own server-everything over stdio, alternating too.
//
// From the repository root, with <commit> the last commit before the front door:
//   git archive <commit> packages/mcp-server/src | tar -x -C /tmp/previous-hosting
//   mkdir -p packages/mcp-server/node_modules/.previous-hosting
//   cp -r /tmp/previous-hosting/packages/mcp-server/src packages/mcp-server/node_modules/.previous-hosting/
//   echo '{ "type": "module" }' > packages/mcp-server/node_modules/.previous-hosting/package.json
//   PREVIOUS_HOSTING=$PWD/packages/mcp-server/node_modules/.previous-hosting/src \
//     pnpm --filter @arsenal/bench bench:front-door
//
// (The previous sources sit under mcp-server's node_modules so they resolve the same
// dependencies as the current package.)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createArsenal, defineTool } from '@arsenal/core';
import { createArsenalMcpServer, startHttpServer } from '@arsenal/mcp-server';
import { freePort, startListeningProcess } from '@arsenal/testkit';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ARSENAL_CLI, type ServerProcess, spawnAnnouncedHttpServer } from './lib/mcp-processes.js';
import { referenceServerEntry } from './lib/reference-servers.js';
import { percentile, printTable, writeResult } from './lib/report.js';

const CALLS = Number(process.env.CALLS ?? 2000);
const WARMUP = 200;
const previousDir = process.env.PREVIOUS_HOSTING;
if (!previousDir) {
  throw new Error(
    'Set PREVIOUS_HOSTING to the extracted previous mcp-server src folder (see the header).',
  );
}
const everything = referenceServerEntry('server-everything');
const supergateway = fileURLToPath(
  new URL('./node_modules/supergateway/dist/index.js', import.meta.url),
);

interface Path {
  label: string;
  client: Client;
  tool: { name: string; arguments: Record<string, unknown> };
  times: number[];
}

async function connect(label: string, url: string, tool: Path['tool']): Promise<Path> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)) as Transport);
  return { label, client, tool, times: [] };
}

async function measure(paths: Path[]): Promise<void> {
  for (let round = 0; round < WARMUP + CALLS; round++) {
    for (const path of round % 2 === 0 ? paths : [...paths].reverse()) {
      const started = performance.now();
      await path.client.callTool(path.tool);
      if (round >= WARMUP) path.times.push(performance.now() - started);
    }
  }
}

function summary(path: Path) {
  const sorted = [...path.times].sort((a, b) => a - b);
  return {
    label: path.label,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

interface HostingModule {
  createArsenalMcpServer: typeof createArsenalMcpServer;
  startHttpServer: typeof startHttpServer;
}

const previous = (await import(
  pathToFileURL(join(resolve(previousDir), 'index.ts')).href
)) as HostingModule;
const arsenal = createArsenal();
await arsenal.register(
  defineTool({
    name: 'echo',
    description: 'Echo the text back.',
    input: { type: 'object', properties: { text: { type: 'string' } } },
    handler: ({ text }) => text,
  }),
);
const echo = { name: 'echo', arguments: { text: 'hi' } };
const currentMcp = createArsenalMcpServer({ arsenal, mode: 'static' });
const previousMcp = previous.createArsenalMcpServer({ arsenal, mode: 'static' });
const current = await startHttpServer(currentMcp, { port: 0 });
const before = await previous.startHttpServer(previousMcp, { port: 0 });
const dir = await mkdtemp(join(tmpdir(), 'arsenal-bench-'));
const processes: ServerProcess[] = [];
const paths: Path[] = [];
try {
  const hosting = [
    await connect('front door (@arsenal/http)', current.url, echo),
    await connect('previous hosting (in mcp-server)', before.url, echo),
  ];
  paths.push(...hosting);
  await measure(hosting);

  const config = join(dir, 'stdio.yaml');
  await writeFile(
    config,
    `serve: { mode: static }\nmcpServers:\n  everything:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(everything)}, stdio]\n`,
  );
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
    config,
    '--http',
    '127.0.0.1:0',
  ]);
  processes.push(front);
  const sum = { name: 'get_sum', arguments: { a: 1, b: 2 } };
  const gateways = [
    await connect('arsenal serve --http → stdio', front.url, sum),
    await connect('supergateway 4.0.0 → stdio (peer)', `http://127.0.0.1:${peerPort}/mcp`, sum),
  ];
  paths.push(...gateways);
  await measure(gateways);

  const rows = paths.map(summary);
  printTable(
    ['path', 'p50 ms', 'p95 ms', 'p99 ms'],
    rows.map((row) => [row.label, row.p50.toFixed(3), row.p95.toFixed(3), row.p99.toFixed(3)]),
  );
  const [door, old, served, gateway] = rows;
  console.log(
    `\nfront door / previous hosting: p50 ${(door!.p50 / old!.p50).toFixed(3)}, p99 ${(door!.p99 / old!.p99).toFixed(3)}; arsenal / supergateway: p50 ${(served!.p50 / gateway!.p50).toFixed(2)}; ${CALLS} calls per path`,
  );
  console.log(
    `wrote ${writeResult('front-door-latency', { date: new Date().toISOString(), calls: CALLS, rows })}`,
  );
} finally {
  await Promise.allSettled(paths.map((path) => path.client.close()));
  await Promise.allSettled(processes.map((process) => process.stop()));
  await current.close();
  await before.close();
  await currentMcp.close();
  await previousMcp.close();
  await arsenal.close();
  await rm(dir, { recursive: true, force: true });
}
