import { cell, decimals, significant, whole } from './formats.js';
import type { ResultFile } from './result-view.js';
import type { TableSpec } from './table-spec.js';

/** Rows of the core's targets (issue 16): each figure for the earlier core, then this one. */
type TargetRow = [
  label: string,
  target: string,
  source: 0 | 1 | 2 | 3,
  key: string,
  format: (value: number) => string,
];

const TARGET_ROWS: TargetRow[] = [
  ['engine: added p50 per no-op call, µs', '< 5', 0, 'addedP50Us', decimals(2)],
  ['engine: sequential calls/s', '> 150,000', 0, 'engineCallsPerSecond', whole],
  ['engine: calls per CPU-second', '–', 0, 'engineCallsPerCpuSecond', whole],
  ['registration at 10k tools, tools/s', '≥ 50,000', 1, 'results.1.registerPerSecond', whole],
  ['registration at 100k tools, tools/s', '≥ 50,000', 1, 'results.2.registerPerSecond', whole],
  [
    'unchanged re-registration at 10k, tools/s',
    'faster still',
    1,
    'results.1.unchangedReregisterPerSecond',
    whole,
  ],
  [
    'unchanged re-registration at 100k, tools/s',
    'faster still',
    1,
    'results.2.unchangedReregisterPerSecond',
    whole,
  ],
  ['memory at 100k tools, bytes per tool', '≤ 1,536', 2, 'results.1.bytesPerTool', whole],
  ['retrieval p95 at 10k tools, ms', '< 0.5', 3, 'results.1.p95Ms', significant],
  ['retrieval p95 at 100k tools, ms', '< 2', 3, 'results.2.p95Ms', significant],
];

const BENCHES = ['execution-overhead', 'registration', 'memory-per-tool', 'retrieval-latency'];

/**
 * The core before and after one round of work, measured side by side the same hour: the earlier
 * core built from its commit and run through the same benches (`ARSENAL_CORE=… BENCH_LABEL=main`
 * writes `<name>.runs.main.json`).
 */
export const TARGET_TABLES: TableSpec[] = [
  {
    name: 'core-targets',
    sources: [
      ...BENCHES.map((name) => `${name}.runs.main`),
      ...BENCHES.map((name) => `${name}.runs`),
    ],
    headers: ['figure', 'target', 'before (core of 9f784b2)', 'after'],
    rows: (files: ResultFile[]) =>
      TARGET_ROWS.map(([label, target, source, key, format]) => [
        label,
        target,
        cell(files[source]!.root(), key, format),
        cell(files[source + BENCHES.length]!.root(), key, format),
      ]),
  },
];
