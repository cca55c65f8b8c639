import { fileURLToPath } from 'node:url';
import type { EvaluationReport } from '@arsenal/cli';
import { printTable } from './report.js';

/** The labelled dev sets under bench/data, by folder, with the names the docs give them. */
export const BENCHMARK_SETS = {
  'azure-mcp': 'azure-mcp',
  stabletoolbench: 'stabletoolbench',
  'seal-tools': 'Seal-Tools',
  metatool: 'MetaTool',
} as const;

export type BenchmarkSet = keyof typeof BENCHMARK_SETS;

/**
 * Multi-server tasks written for this project over real MCP servers' tool lists (see
 * data/multi-server/README.md): measured beside the dev sets, not one of them.
 */
export const TASK_SETS = { 'multi-server': 'multi-server tasks' } as const;

export type TaskSet = keyof typeof TASK_SETS;

/** The path of a set's catalog (`tools.jsonl`) or labelled queries (`queries.jsonl`). */
export function benchmarkFile(set: BenchmarkSet | TaskSet, file: 'tools' | 'queries'): string {
  return fileURLToPath(new URL(`../data/${set}/${file}.jsonl`, import.meta.url));
}

/** A fraction (0–1) as a percentage with two decimals, the precision the docs print. */
export const percent = (fraction: number) => Math.round(fraction * 10_000) / 100;

/** Milliseconds to three decimals: finer than any latency the docs print. */
export const milliseconds = (value: number) => Math.round(value * 1000) / 1000;

/** The figures of one evaluation, as the docs print them (recall, NDCG and MRR in %). */
export function qualityFigures({
  overall,
  latencyMs,
}: Pick<EvaluationReport, 'overall' | 'latencyMs'>) {
  return {
    n: overall.queries,
    recall1: percent(overall.recall['1']!),
    recall5: percent(overall.recall['5']!),
    recall10: percent(overall.recall['10']!),
    ndcg10: percent(overall.ndcg10),
    mrr: percent(overall.mrr),
    p50Ms: milliseconds(latencyMs.p50),
    p95Ms: milliseconds(latencyMs.p95),
    p99Ms: milliseconds(latencyMs.p99),
  };
}

type QualityRow = ReturnType<typeof qualityFigures> & {
  label: string;
  set: BenchmarkSet | TaskSet;
};

/** One line per stage and set; `latency` adds the p95 column. */
export function printQualityTable(rows: readonly QualityRow[], latency: boolean): void {
  printTable(
    [
      'stage',
      'benchmark',
      'n',
      'R@1',
      'R@5',
      'R@10',
      'NDCG@10',
      'MRR',
      ...(latency ? ['p95 ms'] : []),
    ],
    rows.map((row) => [
      row.label,
      row.set in BENCHMARK_SETS
        ? BENCHMARK_SETS[row.set as BenchmarkSet]
        : TASK_SETS[row.set as TaskSet],
      row.n,
      row.recall1.toFixed(2),
      row.recall5.toFixed(2),
      row.recall10.toFixed(2),
      row.ndcg10.toFixed(2),
      row.mrr.toFixed(2),
      ...(latency ? [row.p95Ms.toFixed(2)] : []),
    ]),
  );
}
