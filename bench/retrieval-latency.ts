// Retrieval latency (p50/p95/p99) with the embedded defaults at 1k, 10k and 100k tools, and
// registration throughput. Run: pnpm --filter @arsenal/bench bench:retrieval
import core from './lib/core.js';
import { percentile, printTable, writeResult } from './lib/report.js';
import { syntheticCatalog, syntheticQueries } from './lib/synthetic-catalog.js';

const { createArsenal, createToolDefinition } = core;

const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const queryCount = Number(process.env.BENCH_QUERIES ?? 2000);
const registrationOnly = process.argv.includes('--registration-only');
const rows: (string | number)[][] = [];
const results: Record<string, unknown>[] = [];

// Warm the JIT once so the first size is not measured on cold code.
await createArsenal().register(syntheticCatalog(5000, 99));

for (const size of sizes) {
  const inputs = syntheticCatalog(size);
  // Registration: validation, hashing and indexing, end to end from plain inputs.
  const arsenal = createArsenal();
  const registerStarted = performance.now();
  const summary = await arsenal.register(inputs);
  const registerMs = performance.now() - registerStarted;
  if (summary.failed.length > 0)
    throw new Error(`registration failed: ${summary.failed[0]!.error.message}`);
  const definitionsStarted = performance.now();
  for (const input of inputs) createToolDefinition(input);
  const definitionMs = performance.now() - definitionsStarted;
  // Unchanged re-registration: the same descriptions again (fresh objects, as a source that
  // lists its tools again gives them), each recognised as unchanged without re-indexing.
  const again = syntheticCatalog(size);
  const reregisterStarted = performance.now();
  const reregistered = await arsenal.register(again);
  const reregisterMs = performance.now() - reregisterStarted;
  if (reregistered.unchanged !== size)
    throw new Error(`re-registration reported ${reregistered.unchanged} of ${size} unchanged`);

  const latencies: number[] = [];
  if (!registrationOnly) {
    const queries = syntheticQueries(queryCount);
    for (const query of queries.slice(0, 100)) await arsenal.retrieve({ query, limit: 10 }); // warm-up
    for (const query of queries) {
      const started = performance.now();
      await arsenal.retrieve({ query, limit: 10 });
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
  }
  const row = {
    tools: size,
    registerPerSecond: Math.round(size / (registerMs / 1000)),
    definitionsPerSecond: Math.round(size / (definitionMs / 1000)),
    unchangedReregisterPerSecond: Math.round(size / (reregisterMs / 1000)),
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    queries: latencies.length,
  };
  results.push(row);
  rows.push([
    size.toLocaleString('en-US'),
    row.registerPerSecond.toLocaleString('en-US'),
    row.unchangedReregisterPerSecond.toLocaleString('en-US'),
    registrationOnly ? '-' : row.p50Ms.toFixed(3),
    registrationOnly ? '-' : row.p95Ms.toFixed(3),
    registrationOnly ? '-' : row.p99Ms.toFixed(3),
  ]);
}

printTable(
  ['tools', 'register tools/s', 'unchanged re-register tools/s', 'p50 ms', 'p95 ms', 'p99 ms'],
  rows,
);
console.log(
  `\nwrote ${writeResult(registrationOnly ? 'registration' : 'retrieval-latency', { queryCount, results })}`,
);
