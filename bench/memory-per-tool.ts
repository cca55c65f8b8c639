// Memory (JS heap + array buffers) retained per registered tool with the embedded defaults (lexical index, no embedder).
// Run with --expose-gc: pnpm --filter @arsenal/bench bench:memory
// Counts everything the Arsenal keeps once the caller has dropped its inputs.
import core from './lib/core.js';
import { printTable, writeResult } from './lib/report.js';
import { syntheticCatalog } from './lib/synthetic-catalog.js';

const { createArsenal } = core;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc (the bench:memory script does).');
const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const TARGET_BYTES = 1.5 * 1024;

function settledHeap(): number {
  for (let i = 0; i < 4; i++) gc!();
  // Typed arrays (index postings) keep their bytes outside the JS heap: count both.
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

const results: { tools: number; bytesPerTool: number; heapMiB: number }[] = [];
for (const size of sizes) {
  const before = settledHeap();
  const arsenal = createArsenal();
  let inputs: ReturnType<typeof syntheticCatalog> | undefined = syntheticCatalog(size);
  const summary = await arsenal.register(inputs);
  if (summary.failed.length > 0) throw new Error(summary.failed[0]!.error.message);
  inputs = undefined;
  // One query builds what retrieval builds lazily, so the figure is that of a serving Arsenal.
  await arsenal.retrieve({ query: 'create an invoice for a customer', limit: 5 });
  const retained = settledHeap() - before;
  results.push({
    tools: size,
    bytesPerTool: Math.round(retained / size),
    heapMiB: Math.round((retained / 2 ** 20) * 10) / 10,
  });
  // Keep the arsenal alive until measured.
  if (arsenal.registry.list({ limit: 1 }).length === 0) throw new Error('empty registry');
}

printTable(
  ['tools', 'bytes per tool', 'retained MiB'],
  results.map((row) => [row.tools.toLocaleString('en-US'), row.bytesPerTool, row.heapMiB]),
);
const last = results[results.length - 1]!;
console.log(
  `\ntarget: ≤ ${TARGET_BYTES} bytes per tool at ${last.tools.toLocaleString('en-US')} → ${last.bytesPerTool <= TARGET_BYTES ? 'met' : 'MISSED'}`,
);
console.log(
  `wrote ${writeResult('memory-per-tool', { targetBytesPerTool: TARGET_BYTES, results })}`,
);
