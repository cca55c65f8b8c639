// Retrieval latency of real requests at catalog sizes no public set reaches: the 1,047 Seal-Tools
// dev requests (most ask for 2–6 tools in one sentence, so each is searched whole and clause by
// clause) over catalogs of 10k, 100k and 300k tools built from the Seal-Tools catalog's own words
// (lib/vocabulary-catalog.ts; the real tools are part of every catalog).
// Run: pnpm --filter @arsenal/bench bench:real-requests (one run; tsx repeat.ts 3 real-requests
// real-requests.ts for three). BENCH_SIZES=10000,100000,300000 picks the sizes.
// BENCH_COMPARE=<dist/index.js of another build> measures that build too, in the same process
// over the same catalog, the two taking the requests in turn (before/after under the same load).
// A build that counts its lexical work (`retrieval.lexicalWork`) also reports, per request, the
// postings of the terms its searches looked for and the postings they read: figures that do not
// depend on the machine's load.
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
  const works: {
    searches: number;
    postings: number;
    postingsRead: number;
    documentsScored: number;
  }[] = [];
  for (const { label, core: build } of cores) {
    const work = { searches: 0, postings: 0, postingsRead: 0, documentsScored: 0 };
    works.push(work);
    const arsenal = build.createArsenal({ retrieval: { lexicalWork: work } });
    const summary = await arsenal.register(catalog, { source: 'catalog' });
    if (summary.failed.length > 0) throw new Error(`${label}: ${summary.failed[0]!.error.message}`);
    arsenals.push(arsenal);
  }
  // Warm-up: the first requests index the catalog's boilerplate and compile the hot paths.
  for (const arsenal of arsenals)
    for (const query of queries.slice(0, 100)) await arsenal.retrieve({ query, limit: 10 });
  for (const work of works) Object.assign(work, { postings: 0, postingsRead: 0, searches: 0 });
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
      // Older builds do not count their work: nothing is reported for them.
      ...(works[i]!.searches > 0
        ? {
            searchesPerRequest: works[i]!.searches / sorted.length,
            postingsPerRequest: works[i]!.postings / sorted.length,
            postingsReadPerRequest: works[i]!.postingsRead / sorted.length,
          }
        : {}),
    });
  }
  arsenals.length = 0;
}

const perRequest = (value: unknown) =>
  value === undefined ? 'n/a' : Math.round(value as number).toLocaleString('en-US');
printTable(
  ['tools', 'build', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'postings', 'postings read'],
  results.map((row) => [
    (row.tools as number).toLocaleString('en-US'),
    row.build as string,
    row.queries as number,
    (row.p50Ms as number).toFixed(3),
    (row.p95Ms as number).toFixed(3),
    (row.p99Ms as number).toFixed(3),
    perRequest(row.postingsPerRequest),
    perRequest(row.postingsReadPerRequest),
  ]),
);
console.log(`\nwrote ${writeResult('real-requests', { requests: 'Seal-Tools dev', results })}`);
