import { BENCHMARK_SETS, type BenchmarkSet, TASK_SETS } from '../lib/benchmark-sets.js';
import { cell, decimals, significant, whole } from './formats.js';
import type { ResultFile, ResultView } from './result-view.js';
import type { TableSpec } from './table-spec.js';

const points = decimals(2);

type Metric = 'recall1' | 'recall5' | 'recall10' | 'ndcg10' | 'mrr';
const METRICS: Metric[] = ['recall1', 'recall5', 'recall10', 'ndcg10', 'mrr'];
const METRIC_HEADERS = ['R@1', 'R@5', 'R@10', 'NDCG@10', 'MRR'];

/**
 * Plain BM25 over name + description, as each dataset's README gives it: figures quoted from
 * bench/data/<set>/README.md (computed by the converter's author), not measured here. MRR is
 * quoted only where the README reports it.
 */
export const README_BM25: Record<BenchmarkSet, { n: number } & Partial<Record<Metric, number>>> = {
  'azure-mcp': { n: 393, recall1: 81.68, recall5: 96.44, recall10: 97.46, ndcg10: 90.53 },
  stabletoolbench: {
    n: 372,
    recall1: 28.71,
    recall5: 58.15,
    recall10: 67.25,
    ndcg10: 60.32,
    mrr: 68.25,
  },
  'seal-tools': { n: 1047, recall1: 40.74, recall5: 84.06, recall10: 91.04, ndcg10: 86.43 },
  metatool: { n: 10548, recall1: 28.92, recall5: 46.38, recall10: 54.37, ndcg10: 40.81 },
};
export const README_BM25_LABEL = 'plain BM25, name + description (quoted from the dataset README)';

/** The figures each set's quality bar is about: bold in the tables. */
const BARS: Record<BenchmarkSet, Metric[]> = {
  'azure-mcp': ['recall1', 'recall5'],
  stabletoolbench: ['recall5', 'ndcg10'],
  'seal-tools': ['recall5', 'ndcg10'],
  metatool: ['recall5', 'ndcg10'],
};

const bold = (text: string) => `**${text}**`;

/** The measured row of one set and stage; a results file without it is stale. */
export function stageRow(file: ResultFile, set: BenchmarkSet, stage: string): ResultView {
  const row = file
    .root()
    .list('results')
    .find((candidate) => candidate.text('set') === set && candidate.text('stage') === stage);
  if (row === undefined) {
    throw new Error(
      `bench/results/${file.provenance.file} has no row for ${set} at stage "${stage}": run the benchmark that writes it again.`,
    );
  }
  return row;
}

/** Every measured row of a set, in the order the benchmark ran them. */
const rowsOfSet = (file: ResultFile, set: string) =>
  file
    .root()
    .list('results')
    .filter((row) => row.text('set') === set);

/** The quality cells of a measured row; `emphasised` metrics in bold. */
const measuredCells = (row: ResultView, emphasised: readonly Metric[] = []) =>
  METRICS.map((metric) => {
    const text = cell(row, metric, points);
    return emphasised.includes(metric) ? bold(text) : text;
  });

/** The quality cells of a quoted row: `–` where the README gives no figure. */
const quotedCells = (set: BenchmarkSet) =>
  METRICS.map((metric) => {
    const value = README_BM25[set][metric];
    return value === undefined ? '–' : points(value);
  });

const QUALITY_SETS: BenchmarkSet[] = ['seal-tools', 'metatool'];
const REAL_SETS: BenchmarkSet[] = ['azure-mcp', 'stabletoolbench', 'seal-tools', 'metatool'];

/** Retrieval quality (bench/retrieval-quality.ts) and the stages behind it (retrieval-ablation.ts). */
export const QUALITY_TABLES: TableSpec[] = [
  {
    name: 'retrieval-quality',
    sources: ['retrieval-quality'],
    headers: ['benchmark', 'setting', 'n', ...METRIC_HEADERS],
    rows: ([file]) =>
      QUALITY_SETS.flatMap((set) => {
        const name = BENCHMARK_SETS[set];
        const defaults = stageRow(file!, set, 'defaults');
        const learning = stageRow(file!, set, 'learning');
        return [
          [name, README_BM25_LABEL, whole(README_BM25[set].n), ...quotedCells(set)],
          [
            name,
            bold('Arsenal defaults'),
            cell(defaults, 'n', whole),
            ...measuredCells(defaults, BARS[set]),
          ],
          [
            name,
            'Arsenal, learning from the other half (`--train-split 0.5`)',
            cell(learning, 'n', whole),
            ...measuredCells(learning, set === 'metatool' ? ['recall5'] : []),
          ],
        ];
      }),
  },
  {
    name: 'retrieval-quality-stages',
    sources: ['retrieval-quality'],
    headers: ['stage', 'benchmark', 'switches', 'n', ...METRIC_HEADERS, 'p95 ms'],
    rows: ([file]) =>
      QUALITY_SETS.flatMap((set) =>
        rowsOfSet(file!, set).map((row) => {
          // The command as run, less its data files: what sets this stage up.
          const switches = row.text('command').replace(/^.*--queries \S+ ?/, '');
          return [
            row.text('label'),
            BENCHMARK_SETS[set],
            switches === '' ? '(none)' : `\`${switches}\``,
            cell(row, 'n', whole),
            ...measuredCells(row),
            cell(row, 'p95Ms', significant),
          ];
        }),
      ),
  },
  {
    name: 'retrieval-real-catalogs',
    sources: ['retrieval-ablation'],
    headers: ['stage', 'benchmark', 'n', ...METRIC_HEADERS],
    rows: ([file]) =>
      REAL_SETS.flatMap((set) => [
        [README_BM25_LABEL, BENCHMARK_SETS[set], whole(README_BM25[set].n), ...quotedCells(set)],
        ...rowsOfSet(file!, set).map((row) => {
          const defaults = row.text('stage') === 'defaults';
          return [
            defaults
              ? row.text('label').replace('(= defaults)', `(${bold('defaults')})`)
              : row.text('label'),
            BENCHMARK_SETS[set],
            cell(row, 'n', whole),
            ...measuredCells(row, defaults ? BARS[set] : []),
          ];
        }),
      ]),
  },
  {
    name: 'retrieval-multi-server',
    sources: ['retrieval-ablation'],
    headers: ['stage', 'benchmark', 'n', ...METRIC_HEADERS],
    rows: ([file]) =>
      rowsOfSet(file!, 'multi-server').map((row) => [
        row.text('stage') === 'defaults'
          ? row.text('label').replace('(= defaults)', `(${bold('defaults')})`)
          : row.text('label'),
        TASK_SETS['multi-server'],
        cell(row, 'n', whole),
        ...measuredCells(row),
      ]),
  },
];
