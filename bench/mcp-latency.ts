// Round-trip latency of tools/call: server-everything called directly vs through Arsenal
// (`arsenal serve`, static mode, aggregating the same server), both over stdio, same run.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { referenceServerEntry } from './lib/reference-servers.js';
import { machine, percentile, printTable, writeResult } from './lib/report.js';

const CALLS = Number(process.env.CALLS ?? 300);
const CLI = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const everything = referenceServerEntry('server-everything');
const dir = await mkdtemp(join(tmpdir(), 'arsenal-bench-'));
const config = join(dir, 'arsenal.yaml');
await writeFile(
  config,
  `serve: { mode: static }\nmcpServers:\n  everything:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(everything)}, stdio]\n`,
);

async function measure(label: string, command: string, args: string[]) {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  const call = () => client.callTool({ name: 'get_sum', arguments: { a: 1, b: 2 } });
  for (let i = 0; i < 30; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  await client.close();
  times.sort((a, b) => a - b);
  return {
    label,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

const direct = await measure('direct (stdio)', process.execPath, [everything, 'stdio']);
const via = await measure('through arsenal (stdio)', process.execPath, [
  CLI,
  'serve',
  '--config',
  config,
]);
const ratio = via.p50 / direct.p50;
printTable(
  ['path', 'p50 ms', 'p95 ms', 'p99 ms'],
  [direct, via].map((row) => [
    row.label,
    row.p50.toFixed(3),
    row.p95.toFixed(3),
    row.p99.toFixed(3),
  ]),
);
console.log(`\noverhead ratio at p50: ${ratio.toFixed(2)} (target <= 1.3), ${CALLS} calls each`);
console.log(
  `wrote ${writeResult('mcp-latency', { machine: machine(), date: new Date().toISOString(), calls: CALLS, direct, via, ratioP50: ratio })}`,
);
await rm(dir, { recursive: true, force: true });
