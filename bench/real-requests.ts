// Retrieval latency of real requests at catalog sizes no public set reaches: the 1,047 Seal-Tools
// dev requests (most ask for 2–6 tools in one sentence, so each is searched whole and clause by
// clause) over catalogs of 10k, 100k and 300k tools built from the Seal-Tools catalog's own words
// (lib/vocabulary-catalog.ts; the real tools are part of every catalog).
// Run: pnpm --filter @arsenal/bench bench:real-requests (one run; tsx repeat.ts 3 real-requests
// real-requests.ts for three). BENCH_SIZES=10000,100000,300000 picks the sizes.
// BENCH_COMPARE=<dist/index.js of another build> measures that build too, in the same process
// over the same catalog, the two taking the requests in turn (before/after under the same load).
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import core, { checkModuleFolder } from './lib/core.js';
import { percentile, printTable, writeResult } from './lib/report.js';
import { vocabularyCatalog } from './lib/vocabulary-catalog.js';

type Core = typeof import('@arsenal/core');

const sizes = (process.env.BENCH_SIZES ?? '10000,100000,300000').split(',').map(Number);
const compare = process.env.BENCH_COMPARE;
if (compare) checkModuleFolder(compare);
const cores: { label: string; core: Core }[] = [{ label: 'this build', core }];
if (compare) {
  cores.push({
    label: 'compared build',
    core: (await import(pathToFileURL(compare).href)) as Core,
  });
}

const source = fileURLToPath(new URL('data/seal-tools/tools.jsonl', import.meta.url));
const real = core.parseCatalog(readFileSync(source, 'utf8'), { format: 'jsonl', source });
const queries = readFileSync(new URL('data/seal-tools/queries.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => (JSON.parse(line) as { query: string }).query);

const results: Record<string, unknown>[] = [];
for (const size of sizes) {
  const catalog = vocabularyCatalog(real, size);
  const arsenals = [];
  for (const { label, core: build } of cores) {
    const arsenal = build.createArsenal();
    const summary = await arsenal.register(catalog, { source: 'catalog' });
    if (summary.failed.length > 0) throw new Error(`${label}: ${summary.failed[0]!.error.message}`);
    arsenals.push(arsenal);
  }
  // Warm-up: the first requests index the catalog's boilerplate and compile the hot paths.
  for (const arsenal of arsenals)
    for (const query of queries.slice(0, 100)) await arsenal.retrieve({ query, limit: 10 });
  const latencies: number[][] = arsenals.map(() => []);
  for (const query of queries) {
    for (let i = 0; i < arsenals.length; i++) {
      const started = performance.now();
      await arsenals[i]!.retrieve({ query, limit: 10 });
      latencies[i]!.push(performance.now() - started);
    }
  }
  for (let i = 0; i < arsenals.length; i++) {
    const sorted = latencies[i]!.sort((a, b) => a - b);
    results.push({
      tools: size,
      build: cores[i]!.label,
      queries: sorted.length,
      p50Ms: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      p99Ms: percentile(sorted, 99),
    });
  }
  arsenals.length = 0;
}

printTable(
  ['tools', 'build', 'requests', 'p50 ms', 'p95 ms', 'p99 ms'],
  results.map((row) => [
    (row.tools as number).toLocaleString('en-US'),
    row.build as string,
    row.queries as number,
    (row.p50Ms as number).toFixed(3),
    (row.p95Ms as number).toFixed(3),
    (row.p99Ms as number).toFixed(3),
  ]),
);
console.log(`\nwrote ${writeResult('real-requests', { requests: 'Seal-Tools dev', results })}`);
