// Run one benchmark several times and record the median and range of every figure it reports.
// Usage: tsx repeat.ts <runs> <result-name> <script.ts> [node flags...] [-- script arguments...]
// e.g.   tsx repeat.ts 5 execution-overhead execution-overhead.ts
//        tsx repeat.ts 3 vector-stores-10000 vector-stores.ts -- --tools 10000
//        tsx repeat.ts 3 registration retrieval-latency.ts -- --registration-only
// Writes results/<result-name>.runs.json: each run's figures and load average, then per figure
// its median, min and max.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { machine, resultName, writeResult } from './lib/report.js';

const [runsText, name, script, ...rest] = process.argv.slice(2);
const separator = rest.indexOf('--');
const flags = separator < 0 ? rest : rest.slice(0, separator);
const scriptArguments = separator < 0 ? [] : rest.slice(separator + 1);
const runs = Number(runsText);
if (!(runs >= 1) || !name || !script) {
  console.error(
    'usage: tsx repeat.ts <runs> <result-name> <script.ts> [node flags...] [-- script arguments...]',
  );
  process.exit(2);
}
const resultPath = join(import.meta.dirname, 'results', `${resultName(name)}.json`);

type Json = number | string | boolean | null | Json[] | { [key: string]: Json };
const collected: Json[] = [];
for (let run = 1; run <= runs; run++) {
  execFileSync(process.execPath, [...flags, '--import', 'tsx', script, ...scriptArguments], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: process.env,
  });
  const result = JSON.parse(readFileSync(resultPath, 'utf8')) as Json;
  collected.push(result);
  console.log(`run ${run}/${runs} done (load ${machine().loadAverage.join(' ')})`);
}

/** Every numeric leaf, by path (`results.0.p50Ms`). */
function leaves(value: Json, path: string, out: Map<string, number[]>): void {
  if (typeof value === 'number') {
    const list = out.get(path) ?? [];
    list.push(value);
    out.set(path, list);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      if (key !== 'machine') leaves(child as Json, path ? `${path}.${key}` : key, out);
  }
}

const byPath = new Map<string, number[]>();
for (const result of collected) leaves(result, '', byPath);
const summary: Record<string, { median: number; min: number; max: number }> = {};
for (const [path, values] of byPath) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median =
    sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  summary[path] = { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}
const loads = collected.map(
  (result) => (result as { machine?: { loadAverage?: number[] } }).machine?.loadAverage ?? [],
);
console.log(`wrote ${writeResult(`${name}.runs`, { runs, loads, summary, each: collected })}`);
for (const [path, { median, min, max }] of Object.entries(summary))
  console.log(`${path}: median ${median} (min ${min}, max ${max})`);
