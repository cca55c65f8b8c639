import { type EvaluationReport, NDCG_K, type QualitySummary } from '../eval/evaluate.js';
import { formatMatched, type RetrievalMiss } from '../eval/misses.js';
import { type CliIO, writeLine } from '../io.js';
import { formatCount, formatMs, formatTable } from '../table.js';

const percent = (value: number) => (value * 100).toFixed(2);

function qualityRow(label: string, summary: QualitySummary, ks: readonly number[]): string[] {
  return [
    label,
    formatCount(summary.queries),
    ...ks.map((k) => percent(summary.recall[String(k)] ?? 0)),
    percent(summary.ndcg10),
    percent(summary.mrr),
  ];
}

export function printReport(
  io: CliIO,
  report: EvaluationReport,
  context: {
    ks: number[];
    toolCount: number;
    toolsLabel: string;
    indexMs: number;
    queriesLabel: string;
  },
): void {
  const { ks } = context;
  writeLine(
    io.stdout,
    `Retrieval quality: ${formatCount(report.overall.queries)} queries (${context.queriesLabel}) over ` +
      `${formatCount(context.toolCount)} tools (${context.toolsLabel}), top ${report.retrievalLimit}. Values in %.`,
  );
  writeLine(io.stdout);
  const rows = [
    qualityRow('all', report.overall, ks),
    ...Object.entries(report.subsets).map(([label, summary]) => qualityRow(label, summary, ks)),
  ];
  writeLine(
    io.stdout,
    formatTable(
      [
        { header: 'subset' },
        { header: 'n', align: 'right' },
        ...ks.map((k) => ({ header: `Recall@${k}`, align: 'right' as const })),
        { header: `NDCG@${NDCG_K}`, align: 'right' },
        { header: 'MRR', align: 'right' },
      ],
      rows,
    ),
  );
  writeLine(io.stdout);
  writeLine(
    io.stdout,
    'Recall@k = |relevant ∩ top-k| / |relevant|; with several relevant tools Recall@1 is at most 1/|relevant|.',
  );
  if (report.queriesWithUnknownTools > 0) {
    writeLine(
      io.stdout,
      `${formatCount(report.queriesWithUnknownTools)} queries name relevant tools missing from the catalog (counted as misses).`,
    );
  }
  const latency = report.latencyMs;
  writeLine(
    io.stdout,
    `Latency per retrieve: p50 ${formatMs(latency.p50)} · p95 ${formatMs(latency.p95)} · p99 ${formatMs(
      latency.p99,
    )} · mean ${formatMs(latency.mean)} · max ${formatMs(latency.max)}`,
  );
  writeLine(
    io.stdout,
    `Indexing: ${formatCount(context.toolCount)} tools in ${formatMs(context.indexMs)}`,
  );
}

/** One block per missed relevant tool: the query, its rank, what took its place, what matched. */
export function printMisses(io: CliIO, misses: readonly RetrievalMiss[], k: number): void {
  writeLine(io.stdout);
  writeLine(
    io.stdout,
    `Relevant tools missing from the top ${k}: ${formatCount(misses.length)}. Matched words are stemmed; ~word matched only through the lexicon.`,
  );
  for (const miss of misses) {
    writeLine(io.stdout);
    writeLine(io.stdout, `${miss.queryId}: ${miss.query}`);
    const rank = miss.rank === undefined ? 'not retrieved' : `rank ${miss.rank}`;
    writeLine(
      io.stdout,
      `  missed   ${miss.tool} (${rank}) matched ${formatMatched(miss.matched)}`,
    );
    if (miss.tookItsPlace !== undefined) {
      writeLine(
        io.stdout,
        `  in place ${miss.tookItsPlace} matched ${formatMatched(miss.placeMatched)}`,
      );
    }
  }
}
