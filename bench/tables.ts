// Rebuilds every marked table of docs/benchmarks.md from bench/results/*.json; prose around the
// markers is left as written. `--check` rewrites nothing and fails when the document is stale.
// Run: pnpm bench:tables (at the root), or tsx tables.ts [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { regenerate } from './tables/generate.js';

const documentPath = join(import.meta.dirname, '..', 'docs', 'benchmarks.md');
const resultsDirectory = join(import.meta.dirname, 'results');
const current = readFileSync(documentPath, 'utf8');
const next = regenerate(current, resultsDirectory);
if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error(
      'docs/benchmarks.md is out of date with bench/results: run `pnpm bench:tables` and commit.',
    );
    process.exit(1);
  }
  console.log('docs/benchmarks.md matches bench/results.');
} else if (next === current) {
  console.log('docs/benchmarks.md already matches bench/results.');
} else {
  writeFileSync(documentPath, next);
  console.log('docs/benchmarks.md: tables rebuilt from bench/results.');
}
