// Tokens of `tools/list` in static vs dynamic mode: the three reference servers plus a
// 1,000-tool catalog, counted with the o200k_base tokenizer.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createArsenalFromConfig } from '@arsenal/config';
import { createArsenalMcpServer } from '@arsenal/mcp-server';
import { getEncoding } from 'js-tiktoken';
import { referenceServerEntry } from './lib/reference-servers.js';
import { machine, printTable, writeResult } from './lib/report.js';
import { syntheticCatalog } from './lib/synthetic-catalog.js';

const workDir = await mkdtemp(join(tmpdir(), 'arsenal-bench-'));
const node = process.execPath;
const { arsenal, close } = await createArsenalFromConfig({
  baseDir: workDir,
  mcpServers: {
    everything: { command: node, args: [referenceServerEntry('server-everything'), 'stdio'] },
    filesystem: { command: node, args: [referenceServerEntry('server-filesystem'), workDir] },
    memory: { command: node, args: [referenceServerEntry('server-memory')] },
  },
});
await arsenal.register(syntheticCatalog(1000), { namespace: 'catalog' });
const encoder = getEncoding('o200k_base');
const rows: { mode: string; tools: number; tokens: number; bytes: number }[] = [];
for (const mode of ['static', 'dynamic', 'hybrid'] as const) {
  const mcp = createArsenalMcpServer({ arsenal, mode, pinned: ['memory.*'] });
  const tools = mcp.listTools();
  const json = JSON.stringify({ tools });
  rows.push({ mode, tools: tools.length, tokens: encoder.encode(json).length, bytes: json.length });
  await mcp.close();
}
const total = arsenal.registry.list().length;
printTable(
  ['mode', 'tools listed', 'tokens (o200k_base)', 'bytes'],
  rows.map((row) => [row.mode, String(row.tools), String(row.tokens), String(row.bytes)]),
);
const staticTokens = rows[0]?.tokens ?? 0;
const dynamicTokens = rows[1]?.tokens ?? 1;
console.log(
  `\n${total} tools registered; dynamic lists ${(staticTokens / dynamicTokens).toFixed(0)}x fewer tokens.`,
);
console.log(
  `wrote ${writeResult('mcp-tokens', { machine: machine(), date: new Date().toISOString(), registeredTools: total, rows })}`,
);
await close();
await rm(workDir, { recursive: true, force: true });
