import { DEFAULT_ROUTING_WEIGHTS, type RoutingWeights } from '@arsenal/core';
import {
  type CommandSpec,
  integerOption,
  numberOption,
  type ParsedCommandArgs,
  stringOption,
} from '../args.js';
import { CliError } from '../cli-error.js';
import type { BenchmarkQuery } from '../eval/benchmark-queries.js';
import type { RetrievalTrainer } from '../eval/evaluate.js';

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
    misses: {
      type: 'boolean',
      description:
        'List each relevant tool missing from the top 5, the tool that took its place, and the query words each one matched, by field.',
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
    'arsenal eval --tools tools.jsonl --queries queries.jsonl --limit-queries 50 --misses',
    'arsenal eval --config arsenal.yaml --tools bench/data/seal-tools/tools.jsonl --queries bench/data/seal-tools/queries.jsonl',
  ],
};

/**
 * The options of `arsenal eval`, parsed: the catalog, the labelled queries and how to measure.
 *
 * @example
 * ```ts
 * import { createMemoryWriter, type EvalArgs, evalCommand } from '@arsenal/cli';
 *
 * const args: EvalArgs = {
 *   tools: 'bench/tools.jsonl',
 *   queries: 'bench/queries.jsonl',
 *   seed: 1,
 *   ks: [1, 5, 10],
 *   json: true,
 *   rerank: false,
 *   decompose: true,
 *   misses: false,
 * };
 * const stdout = createMemoryWriter();
 * await evalCommand(args, { stdout, stderr: createMemoryWriter() });
 * ```
 */
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
  /** List missed relevant tools (`--misses`). */
  misses: boolean;
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
    misses: values.misses === true,
  };
}
