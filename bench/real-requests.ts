// Retrieval latency of real requests at catalog sizes no public set reaches: the 1,047 Seal-Tools
// dev requests (most ask for 2–6 tools in one sentence, so each is searched whole and clause by
// clause) over catalogs of 10k, 100k and 300k tools built from the Seal-Tools catalog's own words
// (lib/vocabulary-catalog.ts; the real tools are part of every catalog).
// Run: pnpm --filter @arsenal/bench bench:real-requests (one run; tsx repeat.ts 3 real-requests
// real-requests.ts for three). BENCH_SIZES=10000,100000,300000 picks the sizes.
// BENCH_COMPARE=<dist/index.js of another build> measures that build too, over the same catalog,
// each build in a process of its own (two builds in one process slow each other: every request
// would alternate between two catalogs). The builds take turns size by size, this one first.
// A build that counts its lexical work (`retrieval.lexicalWork`) also reports, per request, the
// postings of the terms its searches looked for and the postings they read: figures that do not
// depend on the machine's load.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import core, { checkModuleFolder } from './lib/core.js';
import { percentile, printTable, writeResult } from './lib/report.js';
import { vocabularyCatalog } from './lib/vocabulary-catalog.js';

type Core = typeof import('@arsenal/core');

/** Set in the process that measures one build at one size: `<label>:<tools>`. */
const CHILD = 'REAL_REQUESTS_CHILD';

const source = fileURLToPath(new URL('data/seal-tools/tools.jsonl', import.meta.url));
const queries = readFileSync(new URL('data/seal-tools/queries.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => (JSON.parse(line) as { query: string }).query);

/** Register a catalog of `size` tools and time every request once, after 100 warm-up requests. */
async function measure(build: Core, label: string, size: number): Promise<Record<string, unknown>> {
  const real = build.parseCatalog(readFileSync(source, 'utf8'), { format: 'jsonl', source });
  const catalog = vocabularyCatalog(real, size);
  const work = { searches: 0, postings: 0, postingsRead: 0, documentsScored: 0 };
  const arsenal = build.createArsenal({ retrieval: { lexicalWork: work } });
  const summary = await arsenal.register(catalog, { source: 'catalog' });
  if (summary.failed.length > 0) throw new Error(`${label}: ${summary.failed[0]!.error.message}`);
  // Warm-up: the first requests index the catalog's boilerplate and compile the hot paths.
  for (const query of queries.slice(0, 100)) await arsenal.retrieve({ query, limit: 10 });
  Object.assign(work, { postings: 0, postingsRead: 0, searches: 0 });
  const latencies: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    await arsenal.retrieve({ query, limit: 10 });
    latencies.push(performance.now() - started);
  }
  const sorted = latencies.sort((a, b) => a - b);
  return {
    tools: size,
    build: label,
    queries: sorted.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    // Older builds do not count their work: nothing is reported for them.
    ...(work.searches > 0
      ? {
          searchesPerRequest: work.searches / sorted.length,
          postingsPerRequest: work.postings / sorted.length,
          postingsReadPerRequest: work.postingsRead / sorted.length,
        }
      : {}),
  };
}

const child = process.env[CHILD];
if (child) {
  // One build at one size; the row goes to the parent as the last line of output.
  const [label, tools] = child.split(':');
  const row = await measure(core, label!, Number(tools));
  console.log(JSON.stringify(row));
  process.exit(0);
}

const sizes = (process.env.BENCH_SIZES ?? '10000,100000,300000').split(',').map(Number);
const compare = process.env.BENCH_COMPARE;
if (compare) checkModuleFolder(compare);
const builds: { label: string; env: NodeJS.ProcessEnv }[] = [
  { label: 'this build', env: { ARSENAL_CORE: undefined } },
];
if (compare) builds.push({ label: 'compared build', env: { ARSENAL_CORE: compare } });

const results: Record<string, unknown>[] = [];
for (const size of sizes) {
  for (const { label, env } of builds) {
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url)],
      {
        cwd: import.meta.dirname,
        env: { ...process.env, ...env, [CHILD]: `${label}:${size}` },
        stdio: ['ignore', 'pipe', 'inherit'],
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const lines = output.trim().split('\n');
    results.push(JSON.parse(lines[lines.length - 1]!) as Record<string, unknown>);
  }
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
