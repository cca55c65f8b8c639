// Retrieval quality on the two halves of each dev file, for tuning: half A holds the queries
// whose sha256("tune:" + id) is even, half B the others. Tune on A, check on B, report both.
// Prints Arsenal (with the options in ARSENAL_RETRIEVAL, JSON, default none) beside plain BM25
// over name + description and over all fields. Not part of `pnpm bench`: nothing is recorded.
// Run: pnpm --filter @arsenal/bench exec tsx retrieval-halves.ts [set ...]
import {
  type BenchmarkQuery,
  createPlainBm25,
  evaluateRetrieval,
  loadBenchmarkQueries,
  loadCatalogFile,
  type Ranker,
} from '@arsenal/cli';
import { type Arsenal, createArsenal } from '@arsenal/core';
import { sha256Hex } from '@arsenal/core/adapter';
import { BENCHMARK_SETS, type BenchmarkSet, benchmarkFile, percent } from './lib/benchmark-sets.js';
import { printTable } from './lib/report.js';

const SETS = Object.keys(BENCHMARK_SETS) as BenchmarkSet[];
const chosen = process.argv.slice(2).length > 0 ? (process.argv.slice(2) as BenchmarkSet[]) : SETS;
const retrieval = JSON.parse(process.env.ARSENAL_RETRIEVAL ?? '{}');

const inHalfA = (query: BenchmarkQuery) =>
  Number.parseInt(sha256Hex(`tune:${query.id}`).slice(-1), 16) % 2 === 0;

async function figures(arsenal: Arsenal, queries: BenchmarkQuery[], ranker?: Ranker) {
  const report = await evaluateRetrieval({ arsenal, queries, ks: [1, 5, 10], ranker });
  return [
    percent(report.overall.recall['1']!),
    percent(report.overall.recall['5']!),
    percent(report.overall.ndcg10),
  ];
}

const rows: (string | number)[][] = [];
for (const set of chosen) {
  const arsenal = createArsenal({ retrieval });
  const summary = await arsenal.register(await loadCatalogFile(benchmarkFile(set, 'tools')), {
    source: 'catalog',
  });
  if (summary.failed.length > 0) throw new Error(`${set}: tools were not registered`);
  const queries = await loadBenchmarkQueries(benchmarkFile(set, 'queries'));
  const halves = { A: queries.filter(inHalfA), B: queries.filter((query) => !inHalfA(query)) };
  const tools = [...arsenal.registry.all()];
  const rankers: [string, Ranker | undefined][] = [
    ['Arsenal', undefined],
    ['BM25 name+desc', createPlainBm25(tools, 'name-description')],
    ['BM25 all fields', createPlainBm25(tools, 'all-fields')],
  ];
  for (const [label, ranker] of rankers) {
    const a = await figures(arsenal, halves.A, ranker);
    const b = await figures(arsenal, halves.B, ranker);
    const all = await figures(arsenal, queries, ranker);
    rows.push([BENCHMARK_SETS[set], label, ...a, ...b, ...all]);
  }
  await arsenal.close();
}
printTable(
  ['set', 'ranker', 'A R@1', 'A R@5', 'A N@10', 'B R@1', 'B R@5', 'B N@10', 'R@1', 'R@5', 'N@10'],
  rows.map((row) => row.map((cell) => (typeof cell === 'number' ? cell.toFixed(2) : cell))),
);
