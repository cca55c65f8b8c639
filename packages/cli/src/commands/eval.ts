import { basename } from 'node:path';
import { type Arsenal, DEFAULT_ROUTING_WEIGHTS, type RoutingWeights } from '@arsenal/core';
import {
  type CommandSpec,
  integerOption,
  numberOption,
  type ParsedCommandArgs,
  stringOption,
} from '../args.js';
import { loadCatalogFile } from '../catalog-loader.js';
import { CliError } from '../cli-error.js';
import {
  type BenchmarkQuery,
  loadBenchmarkQueries,
  sampleQueries,
} from '../eval/benchmark-queries.js';
import {
  type EvaluationReport,
  evaluateRetrieval,
  NDCG_K,
  type QualitySummary,
  type RetrievalTrainer,
} from '../eval/evaluate.js';
import { outcomeTrainer, splitByIdHash, withoutOverlap } from '../eval/training.js';
import { type CliIO, writeLine } from '../io.js';
import { formatCount, formatMs, formatTable } from '../table.js';
import { registerInputs } from '../tool-index.js';
import { openEvalArsenal } from './eval-arsenal.js';

export const evalSpec: CommandSpec = {
  name: 'eval',
  summary: 'Measure retrieval quality and latency on a labelled benchmark.',
  usage: 'arsenal eval --tools <tools.jsonl> --queries <queries.jsonl> [options]',
  positionals: [],
  options: {
    tools: {
      type: 'string',
      valueName: 'file',
      description: 'Tool catalog: {name, description, parameters|null, tags?} per entry.',
    },
    queries: {
      type: 'string',
      valueName: 'file',
      description: 'JSONL queries: {id, query, relevant: [tool names]} per line.',
    },
    'limit-queries': {
      type: 'string',
      valueName: 'n',
      description: 'Evaluate only the first n queries.',
    },
    sample: {
      type: 'string',
      valueName: 'n',
      description: 'Evaluate a random sample of n queries; the same --seed gives the same sample.',
    },
    seed: { type: 'string', valueName: 's', description: 'Seed for --sample. Default 1.' },
    k: {
      type: 'string',
      valueName: 'list',
      description: 'Recall cut-offs, comma-separated. Default 1,5,10.',
    },
    train: {
      type: 'string',
      valueName: 'file',
      description:
        'Replay these labelled queries as past successful calls before measuring (learning from outcomes).',
    },
    'train-split': {
      type: 'string',
      valueName: 'fraction',
      description:
        'Train on this share of --queries (chosen by a hash of each id) and measure on the rest.',
    },
    weights: {
      type: 'string',
      valueName: 'list',
      description:
        'Override scoring weights, e.g. subquery=0,intent=0 (names as in RoutingWeights).',
    },
    config: {
      type: 'string',
      short: 'c',
      valueName: 'file',
      description:
        'arsenal.yaml whose embedder, vectorStore, reranker and routing are measured (its own tools and MCP servers are left out).',
    },
    rerank: {
      type: 'boolean',
      description: 'Rerank the top candidates with the built-in lexical reranker.',
    },
    diversity: {
      type: 'string',
      valueName: 'x',
      description: 'MMR diversity from 0 to 1. Default 0.',
    },
    'no-decompose': {
      type: 'boolean',
      description: 'Do not search the clauses of multi-part queries separately.',
    },
    json: { type: 'boolean', description: 'Print the results as JSON (metrics as fractions 0–1).' },
  },
  notes: [
    'Every query runs through retrieve with limit 10 (or the largest k). Recall@k is',
    '|relevant ∩ top-k| / |relevant| averaged over queries, so with several relevant tools',
    'Recall@1 is at most 1/|relevant|. NDCG@10 uses binary gains; MRR is over the retrieved list.',
    'Latency is the wall-clock time of each retrieve call after 10 untimed warm-up queries.',
  ],
  examples: [
    'arsenal eval --tools bench/data/seal-tools/tools.jsonl --queries bench/data/seal-tools/queries.jsonl',
    'arsenal eval --tools tools.jsonl --queries queries.jsonl --sample 200 --seed 7 --json',
    'arsenal eval --tools bench/data/metatool/tools.jsonl --queries bench/data/metatool/queries.jsonl --train-split 0.5',
    'arsenal eval --config arsenal.yaml --tools bench/data/seal-tools/tools.jsonl --queries bench/data/seal-tools/queries.jsonl',
  ],
};

export interface EvalArgs {
  tools: string;
  /** arsenal.yaml selecting the embedder, vector store, reranker and routing to measure. */
  config?: string;
  queries: string;
  limitQueries?: number;
  sample?: number;
  seed: number;
  ks: number[];
  json: boolean;
  /** Learning from labelled queries before measuring. */
  training?: { trainer: RetrievalTrainer; examples: readonly BenchmarkQuery[] };
  /** A file of training queries (`--train`). */
  trainFile?: string;
  /** Share of --queries used for training (`--train-split`). */
  trainSplit?: number;
  weights?: Partial<RoutingWeights>;
  rerank: boolean;
  diversity?: number;
  decompose: boolean;
}

const WEIGHT_NAMES = Object.keys(DEFAULT_ROUTING_WEIGHTS);

function parseWeights(raw: string | undefined): Partial<RoutingWeights> | undefined {
  if (raw === undefined) return undefined;
  const weights: Record<string, number> = {};
  for (const part of raw.split(',')) {
    const [name, value] = part.split('=').map((item) => item.trim());
    if (
      !name ||
      !WEIGHT_NAMES.includes(name) ||
      value === undefined ||
      !/^\d+(\.\d+)?$/.test(value)
    ) {
      throw new CliError(
        `--weights has "${part}"`,
        `use name=number pairs, names from: ${WEIGHT_NAMES.join(', ')}`,
      );
    }
    weights[name] = Number(value);
  }
  return weights as Partial<RoutingWeights>;
}

function parseKs(raw: string | undefined): number[] {
  if (raw === undefined) return [1, 5, 10];
  const ks = raw.split(',').map((part) => part.trim());
  if (
    ks.length === 0 ||
    ks.some((part) => !/^\d+$/.test(part) || Number(part) < 1 || Number(part) > 1000)
  ) {
    throw new CliError(
      `--k must be comma-separated whole numbers from 1 to 1000, got "${raw}"`,
      'for example --k 1,5,10',
    );
  }
  return [...new Set(ks.map(Number))].sort((a, b) => a - b);
}

export function toEvalArgs(parsed: ParsedCommandArgs): EvalArgs {
  const { values } = parsed;
  const tools = stringOption(values, 'tools');
  const queries = stringOption(values, 'queries');
  if (tools === undefined || queries === undefined) {
    throw new CliError(
      `eval needs ${tools === undefined ? '--tools' : '--queries'}`,
      'e.g. arsenal eval --tools bench/data/seal-tools/tools.jsonl --queries bench/data/seal-tools/queries.jsonl',
    );
  }
  const seed = integerOption(values, 'seed', { min: 0, max: 2 ** 32 - 1 });
  const sample = integerOption(values, 'sample', { min: 1 });
  if (seed !== undefined && sample === undefined) {
    throw new CliError('--seed only applies with --sample', 'add --sample <n>, or drop --seed');
  }
  const trainFile = stringOption(values, 'train');
  const trainSplit = numberOption(values, 'train-split', { min: 0, max: 1 });
  if (trainFile !== undefined && trainSplit !== undefined) {
    throw new CliError('--train and --train-split cannot be combined', 'choose one way to train');
  }
  if (trainSplit !== undefined && (trainSplit <= 0 || trainSplit >= 1)) {
    throw new CliError(
      `--train-split must be between 0 and 1, got ${trainSplit}`,
      'e.g. --train-split 0.5',
    );
  }
  const config = stringOption(values, 'config');
  if (config !== undefined) {
    const clashing = ['weights', 'rerank', 'no-decompose'].filter(
      (name) => values[name] !== undefined && values[name] !== false,
    );
    if (clashing.length > 0) {
      throw new CliError(
        `--config sets retrieval itself, so --${clashing[0]} cannot be combined with it`,
        'put routing.weights or reranker in the config file instead',
      );
    }
  }
  return {
    tools,
    config,
    queries,
    trainFile,
    trainSplit,
    weights: parseWeights(stringOption(values, 'weights')),
    rerank: values.rerank === true,
    diversity: numberOption(values, 'diversity', { min: 0, max: 1 }),
    decompose: values['no-decompose'] !== true,
    limitQueries: integerOption(values, 'limit-queries', { min: 1 }),
    sample,
    seed: seed ?? 1,
    ks: parseKs(stringOption(values, 'k')),
    json: values.json === true,
  };
}

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

function printReport(
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

export async function evalCommand(args: EvalArgs, io: CliIO): Promise<number> {
  const [inputs, allQueries] = await Promise.all([
    loadCatalogFile(args.tools, { missingHint: 'check the path given to --tools' }),
    loadBenchmarkQueries(args.queries),
  ]);
  let queries = allQueries;
  let training = args.training;
  let trainingNote: string | undefined;
  if (args.trainSplit !== undefined) {
    const split = splitByIdHash(allQueries, args.trainSplit);
    queries = split.test;
    training = { trainer: outcomeTrainer, examples: split.train };
    trainingNote = `trained on ${formatCount(split.train.length)} queries of the same file (--train-split ${args.trainSplit}), measured on the other ${formatCount(split.test.length)}`;
  } else if (args.trainFile !== undefined) {
    training = { trainer: outcomeTrainer, examples: await loadBenchmarkQueries(args.trainFile) };
    trainingNote = `trained on ${formatCount(training.examples.length)} queries from ${basename(args.trainFile)}`;
  }
  if (training) {
    const { queries: kept, removed } = withoutOverlap(queries, training.examples);
    queries = kept;
    if (removed > 0)
      trainingNote += `; ${formatCount(removed)} measured queries also in training were dropped`;
  }
  if (args.sample !== undefined) queries = sampleQueries(queries, args.sample, args.seed);
  if (args.limitQueries !== undefined) queries = queries.slice(0, args.limitQueries);

  const { arsenal, close } = await openEvalArsenal(args, io);
  try {
    return await measure(args, io, {
      arsenal,
      inputs,
      queries,
      allQueries,
      training,
      trainingNote,
    });
  } finally {
    await close();
  }
}

async function measure(
  args: EvalArgs,
  io: CliIO,
  context: {
    arsenal: Arsenal;
    inputs: Awaited<ReturnType<typeof loadCatalogFile>>;
    queries: readonly BenchmarkQuery[];
    allQueries: readonly BenchmarkQuery[];
    training: EvalArgs['training'];
    trainingNote: string | undefined;
  },
): Promise<number> {
  const { arsenal, inputs, queries, allQueries, training, trainingNote } = context;
  const started = performance.now();
  const { registered, failed } = await registerInputs(arsenal, inputs, {
    label: basename(args.tools),
    io,
  });
  const indexMs = performance.now() - started;
  if (registered === 0) {
    throw new CliError(
      `no tool in ${args.tools} could be registered`,
      'fix the tool definitions and try again',
    );
  }
  // Training examples never include the measured queries (see withoutOverlap above).
  if (training) await training.trainer.train(arsenal, training.examples);

  const report = await evaluateRetrieval({
    arsenal,
    queries,
    ks: args.ks,
    diversity: args.diversity,
  });
  const queriesLabel =
    args.trainSplit !== undefined && args.sample === undefined && args.limitQueries === undefined
      ? `held-out part of ${formatCount(allQueries.length)}`
      : args.sample !== undefined
        ? `sample of ${formatCount(args.sample)}, seed ${args.seed}`
        : queries.length < allQueries.length
          ? `first ${formatCount(queries.length)} of ${formatCount(allQueries.length)}`
          : 'all';
  if (args.json) {
    writeLine(
      io.stdout,
      JSON.stringify(
        {
          tools: { file: args.tools, registered, failed, indexMs },
          ...(args.config ? { config: args.config } : {}),
          queries: { file: args.queries, evaluated: queries.length, total: allQueries.length },
          training: trainingNote,
          ks: args.ks,
          ...report,
        },
        null,
        2,
      ),
    );
    return 0;
  }
  if (args.config) writeLine(io.stdout, `Retrieval as configured in ${args.config}.`);
  if (trainingNote) writeLine(io.stdout, `Learning: ${trainingNote}.`);
  printReport(io, report, {
    ks: args.ks,
    toolCount: registered,
    toolsLabel: basename(args.tools),
    indexMs,
    queriesLabel,
  });
  return 0;
}
