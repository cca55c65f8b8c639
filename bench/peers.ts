// Arsenal beside MiniSearch, FlexSearch and wink-bm25-text-search, one run, same machine: index
// speed, memory retained by the index, query latency and (where queries are labelled) Recall@5.
// Run: pnpm --filter @arsenal/bench bench:peers   (BENCH_SETS=seal,10000,100000)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DESCRIPTION_MAX_LENGTH, parseCatalog, type ToolDefinitionInput } from '@arsenal/core';
import { ENGINES } from './lib/peer-engines.js';
import { percentile, printTable, writeResult } from './lib/report.js';
import { syntheticCatalog, syntheticQueries } from './lib/synthetic-catalog.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc (the bench:peers script does).');
const sets = (process.env.BENCH_SETS ?? 'seal,10000,100000').split(',');
const QUERY_COUNT = Number(process.env.BENCH_QUERIES ?? 1000);

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
    return { name: `Seal-Tools (${tools.length.toLocaleString('en-US')})`, tools, queries };
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

const rows: (string | number)[][] = [];
const results: Record<string, unknown>[] = [];
for (const set of sets) {
  const dataset = load(set);
  for (const engine of ENGINES) {
    const before = settledBytes();
    const started = performance.now();
    let search: Awaited<ReturnType<typeof engine.build>> | undefined = await engine.build(
      dataset.tools,
    );
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
    search = undefined;
    latencies.sort((a, b) => a - b);
    const row = {
      dataset: dataset.name,
      engine: engine.name,
      tools: dataset.tools.length,
      indexToolsPerSecond: Math.round(dataset.tools.length / (indexMs / 1000)),
      bytesPerTool,
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      p99Ms: percentile(latencies, 99),
      recallAt5: labelled > 0 ? Number(((recall / labelled) * 100).toFixed(2)) : null,
    };
    results.push(row);
    console.log(JSON.stringify(row));
    rows.push([
      row.dataset,
      row.engine,
      row.indexToolsPerSecond.toLocaleString('en-US'),
      row.bytesPerTool.toLocaleString('en-US'),
      row.p50Ms.toFixed(3),
      row.p95Ms.toFixed(3),
      row.p99Ms.toFixed(3),
      row.recallAt5 === null ? '—' : row.recallAt5.toFixed(2),
    ]);
  }
}

printTable(
  ['catalog', 'engine', 'index tools/s', 'bytes/tool', 'p50 ms', 'p95 ms', 'p99 ms', 'Recall@5 %'],
  rows,
);
console.log(`\nwrote ${writeResult('peers', { queryCount: QUERY_COUNT, results })}`);
