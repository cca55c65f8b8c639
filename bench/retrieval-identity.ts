// Ranking identity: every dev query of every labelled set (Seal-Tools, MetaTool, azure-mcp,
// stabletoolbench), retrieved with the embedded defaults, must return the same top 10, in the
// same order, as the lists recorded in fixtures/top10-<set>.json. A change meant to make
// retrieval faster without changing what it returns is checked with it.
// Run: pnpm --filter @arsenal/bench bench:identity             (compare; exits 1 on a difference)
//      pnpm --filter @arsenal/bench bench:identity -- --record (write the fixtures from this build)
// ARSENAL_CORE=<dist/index.js> checks (or records from) another build.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BENCHMARK_SETS, type BenchmarkSet, benchmarkFile } from './lib/benchmark-sets.js';
import core from './lib/core.js';

const { createArsenal, parseCatalog } = core;
const record = process.argv.includes('--record');
const sets = Object.keys(BENCHMARK_SETS) as BenchmarkSet[];
const fixture = (set: BenchmarkSet) =>
  fileURLToPath(new URL(`fixtures/top10-${set}.json`, import.meta.url));

/**
 * The top 10 of each query, as positions in the set's tools.jsonl (positions keep the fixture
 * small: MetaTool alone has 10,548 queries).
 */
async function topTens(set: BenchmarkSet): Promise<{ ids: string[]; lists: number[][] }> {
  const source = benchmarkFile(set, 'tools');
  const inputs = parseCatalog(readFileSync(source, 'utf8'), { format: 'jsonl', source });
  const arsenal = createArsenal();
  const summary = await arsenal.register(inputs, { source: 'catalog' });
  if (summary.failed.length > 0) throw new Error(`${set}: ${summary.failed[0]!.error.message}`);
  const position = new Map<string, number>();
  for (const tool of arsenal.registry.all()) position.set(tool.qualifiedName, position.size);
  const queries = readFileSync(benchmarkFile(set, 'queries'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { id: string; query: string });
  const lists: number[][] = [];
  for (const { query } of queries) {
    const result = await arsenal.retrieve({ query, limit: 10 });
    lists.push(result.tools.map((entry) => position.get(entry.tool.qualifiedName) ?? -1));
  }
  return { ids: queries.map((query) => query.id), lists };
}

let differing = 0;
for (const set of sets) {
  const current = await topTens(set);
  if (record) {
    const lines = current.lists.map((list, i) => `  ${JSON.stringify([current.ids[i], list])}`);
    writeFileSync(fixture(set), `[\n${lines.join(',\n')}\n]\n`);
    console.log(`${set}: recorded ${current.lists.length} top-10 lists`);
    continue;
  }
  const recorded = JSON.parse(readFileSync(fixture(set), 'utf8')) as [string, number[]][];
  let changed = 0;
  for (let i = 0; i < Math.max(recorded.length, current.lists.length); i++) {
    const [id, before] = recorded[i] ?? ['(missing)', []];
    const after = current.lists[i] ?? [];
    if (id !== current.ids[i] || before.join() !== after.join()) {
      if (changed < 5) console.log(`${set} ${id}: recorded [${before}] now [${after}]`);
      changed++;
    }
  }
  console.log(`${set}: ${current.lists.length - changed} of ${current.lists.length} identical`);
  differing += changed;
}
if (!record && differing > 0) {
  console.error(`${differing} top-10 lists differ from the recorded ones.`);
  process.exit(1);
}
