import { fileURLToPath } from 'node:url';

/** The labelled dev sets under bench/data, by folder, with the names the docs give them. */
export const BENCHMARK_SETS = {
  'azure-mcp': 'azure-mcp',
  stabletoolbench: 'stabletoolbench',
  'seal-tools': 'Seal-Tools',
  metatool: 'MetaTool',
} as const;

export type BenchmarkSet = keyof typeof BENCHMARK_SETS;

/** The path of a set's catalog (`tools.jsonl`) or labelled queries (`queries.jsonl`). */
export function benchmarkFile(set: BenchmarkSet, file: 'tools' | 'queries'): string {
  return fileURLToPath(new URL(`../data/${set}/${file}.jsonl`, import.meta.url));
}

/** A fraction (0–1) as a percentage with two decimals, the precision the docs print. */
export const percent = (fraction: number) => Math.round(fraction * 10_000) / 100;

/** Milliseconds to three decimals: finer than any latency the docs print. */
export const milliseconds = (value: number) => Math.round(value * 1000) / 1000;
