// Arsenal beside MiniSearch, FlexSearch and wink-bm25-text-search, one run, same machine: index
// speed, memory retained by the index, query latency and (where queries are labelled) Recall@5.
// Run: pnpm --filter @arsenal/bench bench:peers   (three runs through repeat.ts; one run:
// node --expose-gc --import tsx peers.ts). BENCH_SETS=seal,10000,100000; BENCH_SEAL_QUERIES
// (default 300, evenly spaced over the 1,047 labelled dev queries) and BENCH_QUERIES (default 100
// per synthetic set) keep the slowest peers (hundreds of ms per query) within minutes.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCatalog, type ToolDefinitionInput } from '@arsenal/core';
import { DESCRIPTION_MAX_LENGTH } from '@arsenal/core/adapter';
import { ENGINES } from './lib/peer-engines.js';
import { percentile, printTable, writeResult } from './lib/report.js';
import { syntheticCatalog, syntheticQueries } from './lib/synthetic-catalog.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc (the bench:peers script does).');
const sets = (process.env.BENCH_SETS ?? 'seal,10000,100000').split(',');
const QUERY_COUNT = Number(process.env.BENCH_QUERIES ?? 100);
const SEAL_QUERY_COUNT = Number(process.env.BENCH_SEAL_QUERIES ?? 300);

/** `count` items spread evenly over the list (all of it when it is shorter). */
function evenlySpaced<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

interface Dataset {
  name: string;
  tools: ToolDefinitionInput[];
  queries: { query: string; relevant?: string[] }[];
}

function load(set: string): Dataset {
  if (set === 'seal') {
    const source = fileURLToPath(new URL('data/seal-tools/tools.jsonl', import.meta.url));
    const tools = parseCatalog(readFileSync(source, 'utf8'), { format: 'jsonl', source }).map(
      fitDescription,
    );
    const queries = readFileSync(new URL('data/seal-tools/queries.jsonl', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as { query: string; relevant: string[] });
    return {
      name: `Seal-Tools (${tools.length.toLocaleString('en-US')})`,
      tools,
      queries: evenlySpaced(queries, SEAL_QUERY_COUNT),
    };
  }
  const size = Number(set);
  return {
    name: `synthetic ${size.toLocaleString('en-US')}`,
    tools: syntheticCatalog(size),
    queries: syntheticQueries(QUERY_COUNT).map((query) => ({ query })),
  };
}

/** As the quality gate: an over-long description is cut, the whole text kept as extended. */
function fitDescription(input: ToolDefinitionInput): ToolDefinitionInput {
  const description = input.description;
  if (typeof description !== 'string' || description.length <= DESCRIPTION_MAX_LENGTH) return input;
  const cut = description.slice(0, DESCRIPTION_MAX_LENGTH).replace(/\s+\S*$/, '');
  return { ...input, description: cut, extendedDescription: description };
}

function settledBytes(): number {
  for (let i = 0; i < 4; i++) gc!();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** One engine on one catalog, in this process (a fresh one: no other engine's heap to settle). */
async function measure(set: string, engineIndex: number): Promise<Record<string, unknown>> {
  const dataset = load(set);
  const engine = ENGINES[engineIndex]!;
  const before = settledBytes();
  const started = performance.now();
  const search = await engine.build(dataset.tools);
  const indexMs = performance.now() - started;
  const bytesPerTool = Math.round((settledBytes() - before) / dataset.tools.length);
  for (const { query } of dataset.queries.slice(0, 50)) await search(query, 10);
  const latencies: number[] = [];
  let recall = 0;
  let labelled = 0;
  for (const { query, relevant } of dataset.queries) {
    const t = performance.now();
    let names = search(query, 10);
    if (names instanceof Promise) names = await names;
    latencies.push(performance.now() - t);
    if (relevant) {
      const top = new Set(names.slice(0, 5));
      recall += relevant.filter((name) => top.has(name)).length / relevant.length;
      labelled++;
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    dataset: dataset.name,
    engine: engine.name,
    tools: dataset.tools.length,
    queries: dataset.queries.length,
    indexToolsPerSecond: Math.round(dataset.tools.length / (indexMs / 1000)),
    bytesPerTool,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    recallAt5: labelled > 0 ? Number(((recall / labelled) * 100).toFixed(2)) : null,
  };
}

const child = process.env.PEERS_MEASURE;
if (child) {
  const [set, engineIndex] = child.split(':');
  process.stdout.write(`${JSON.stringify(await measure(set!, Number(engineIndex)))}\n`);
} else {
  const results: Record<string, unknown>[] = [];
  for (const set of sets) {
    for (let engineIndex = 0; engineIndex < ENGINES.length; engineIndex++) {
      const output = execFileSync(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url)],
        {
          env: { ...process.env, PEERS_MEASURE: `${set}:${engineIndex}` },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
          maxBuffer: 1 << 20,
        },
      );
      const row = JSON.parse(output.trim().split('\n').pop()!) as Record<string, unknown>;
      results.push(row);
      console.log(JSON.stringify(row));
    }
  }
  const fixed = (value: unknown) => (value as number).toFixed(3);
  printTable(
    [
      'catalog',
      'engine',
      'index tools/s',
      'bytes/tool',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'Recall@5 %',
    ],
    results.map((row) => [
      row.dataset as string,
      row.engine as string,
      (row.indexToolsPerSecond as number).toLocaleString('en-US'),
      (row.bytesPerTool as number).toLocaleString('en-US'),
      fixed(row.p50Ms),
      fixed(row.p95Ms),
      fixed(row.p99Ms),
      row.recallAt5 === null ? 'n/a' : (row.recallAt5 as number).toFixed(2),
    ]),
  );
  console.log(`\nwrote ${writeResult('peers', { results })}`);
}
