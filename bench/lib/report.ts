import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

/** Percentile of an ascending-sorted array (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function machine(): {
  node: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  date: string;
  /** 1, 5 and 15-minute load averages when the run ended: a shared machine skews timings. */
  loadAverage: number[];
  /** The commit measured (`+dirty` when the working tree had changes), `unknown` outside git. */
  commit: string;
} {
  const cpu = cpus()[0]?.model ?? 'unknown';
  return {
    node: process.version,
    cpu,
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    date: new Date().toISOString().slice(0, 10),
    loadAverage: loadavg().map((load) => Math.round(load * 100) / 100),
    commit: commit(),
  };
}

/** Changes that cannot change a measurement: results, docs and the tables built from them. */
const NOT_MEASURED = /^(bench\/results\/|bench\/tables\/|docs\/)|\.md$/;
let measuredCommit: string | undefined;
/** The short commit id, read once per process; `+dirty` when measured sources had changes. */
function commit(): string {
  if (measuredCommit !== undefined) return measuredCommit;
  // Not trimmed: a porcelain line starts with a space when only the worktree side changed.
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: import.meta.dirname, encoding: 'utf8' }).trimEnd();
  try {
    const id = git('rev-parse', '--short', 'HEAD').trim();
    const changed = git('status', '--porcelain', '--untracked-files=no')
      .split('\n')
      .filter((line) => line.trim() !== '' && !NOT_MEASURED.test(line.slice(3)));
    measuredCommit = changed.length > 0 ? `${id}+dirty` : id;
  } catch {
    measuredCommit = 'unknown';
  }
  return measuredCommit;
}

/** Print a markdown table. */
export function printTable(
  headers: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): void {
  console.log(`| ${headers.join(' | ')} |`);
  console.log(`| ${headers.map(() => '---').join(' | ')} |`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

/** A result's file name: BENCH_LABEL (e.g. `base`) keeps runs of another build apart. */
export function resultName(name: string): string {
  const label = process.env.BENCH_LABEL;
  return label ? `${name}.${label}` : name;
}

export function writeResult(name: string, data: unknown): string {
  const dir = join(import.meta.dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${resultName(name)}.json`);
  writeFileSync(path, `${JSON.stringify({ machine: machine(), ...(data as object) }, null, 2)}\n`);
  return path;
}
