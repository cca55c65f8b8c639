import { basename } from 'node:path';
import type { Arsenal } from '@arsenal/core';
import { loadCatalogFile } from '../catalog-loader.js';
import { CliError } from '../cli-error.js';
import {
  type BenchmarkQuery,
  loadBenchmarkQueries,
  sampleQueries,
} from '../eval/benchmark-queries.js';
import { evaluateRetrieval } from '../eval/evaluate.js';
import { outcomeTrainer, splitByIdHash, withoutOverlap } from '../eval/training.js';
import { type CliIO, writeLine } from '../io.js';
import { formatCount } from '../table.js';
import { registerInputs } from '../tool-index.js';
import type { EvalArgs } from './eval-args.js';
import { openEvalArsenal } from './eval-arsenal.js';
import { printMisses, printReport } from './eval-report.js';

export { type EvalArgs, evalSpec, toEvalArgs } from './eval-args.js';

/** `--misses` lists the relevant tools missing from this many first results. */
const MISSES_K = 5;

/**
 * `arsenal eval`: measure retrieval quality (Recall@k, NDCG@10, MRR) and latency on labelled queries. Resolves to the exit code.
 *
 * @example
 * ```ts
 * import { evalCommand } from '@arsenal/cli';
 *
 * const exitCode = await evalCommand(
 *   {
 *     tools: 'tools.jsonl',
 *     queries: 'queries.jsonl',
 *     sample: 200,
 *     seed: 7,
 *     ks: [5],
 *     json: false,
 *     rerank: false,
 *     decompose: true,
 *     misses: true,
 *   },
 *   { stdout: process.stdout, stderr: process.stderr },
 * );
 * ```
 */
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
    misses: args.misses ? MISSES_K : undefined,
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
  if (report.misses) printMisses(io, report.misses, MISSES_K);
  return 0;
}
