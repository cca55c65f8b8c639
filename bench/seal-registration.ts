// Registration throughput on the Seal-Tools catalog's real tools (4,076 schemas) through the
// public path, `arsenal.register`, beside the fastest peers indexing the same tools, in one
// process: every round builds each engine once, in turn (the order rotating from round to round),
// so the engines share the machine's load. Arsenal's time includes one retrieval, which does the
// indexing it defers until a search needs it. The first round warms the JIT and is reported
// apart. Run: pnpm --filter @arsenal/bench bench:seal-registration (one run; `tsx repeat.ts 3
// seal-registration seal-registration.ts` for three). BENCH_ROUNDS (default 24) sets the rounds;
// with 8, the medians of one engine moved by up to a sixth between runs on a quiet machine.
// BENCH_COMPARE=<dist/index.js of another build> adds that build's Arsenal.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ToolDefinitionInput } from '@arsenal/core';
import core, { checkModuleFolder } from './lib/core.js';
import { ENGINES } from './lib/peer-engines.js';
import { printTable, writeResult } from './lib/report.js';

type Core = typeof import('@arsenal/core');
const rounds = Number(process.env.BENCH_ROUNDS ?? 24);
const source = fileURLToPath(new URL('data/seal-tools/tools.jsonl', import.meta.url));
const tools = core.parseCatalog(readFileSync(source, 'utf8'), { format: 'jsonl', source });

function arsenalOf(build: Core) {
  return async (list: readonly ToolDefinitionInput[]) => {
    const arsenal = build.createArsenal();
    const summary = await arsenal.register(list as ToolDefinitionInput[], { hygiene: 'flag' });
    if (summary.failed.length > 0) throw new Error(summary.failed[0]!.error.message);
    await arsenal.retrieve({ query: 'weather forecast', limit: 1 });
  };
}

const engines: {
  name: string;
  build: (list: readonly ToolDefinitionInput[]) => Promise<unknown>;
}[] = [{ name: 'Arsenal (this build)', build: arsenalOf(core) }];
const compare = process.env.BENCH_COMPARE;
if (compare) {
  checkModuleFolder(compare);
  const other = (await import(pathToFileURL(compare).href)) as Core;
  engines.push({ name: 'Arsenal (compared build)', build: arsenalOf(other) });
}
for (const peer of ENGINES)
  if (/^(MiniSearch|FlexSearch)/.test(peer.name))
    engines.push({ name: peer.name, build: (list) => peer.build(list) });

const times: number[][] = engines.map(() => []);
for (let round = 0; round < rounds; round++) {
  for (let k = 0; k < engines.length; k++) {
    const e = (k + round) % engines.length;
    const started = performance.now();
    await engines[e]!.build(tools);
    times[e]!.push(performance.now() - started);
  }
}

const perSecond = (ms: number) => Math.round(tools.length / (ms / 1000));
const results = engines.map((engine, e) => {
  const warm = times[e]!.slice(1).sort((a, b) => a - b);
  const median =
    warm.length % 2
      ? warm[warm.length >> 1]!
      : (warm[warm.length / 2 - 1]! + warm[warm.length / 2]!) / 2;
  return {
    engine: engine.name,
    tools: tools.length,
    rounds: warm.length,
    firstRoundToolsPerSecond: perSecond(times[e]![0]!),
    toolsPerSecond: perSecond(median),
    bestToolsPerSecond: perSecond(warm[0] ?? Number.NaN),
  };
});
printTable(
  ['engine', 'tools', 'tools/s (median of warm rounds)', 'best round', 'first round'],
  results.map((row) => [
    row.engine,
    row.tools,
    row.toolsPerSecond.toLocaleString('en-US'),
    row.bestToolsPerSecond.toLocaleString('en-US'),
    row.firstRoundToolsPerSecond.toLocaleString('en-US'),
  ]),
);
console.log(`\nwrote ${writeResult('seal-registration', { results })}`);
