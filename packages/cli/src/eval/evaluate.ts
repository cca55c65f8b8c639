import type { Arsenal } from '@arsenal/core';
import type { BenchmarkQuery } from './benchmark-queries.js';
import { subsetLabels } from './benchmark-queries.js';
import { mean, ndcgAtK, percentile, recallAtK, reciprocalRank } from './metrics.js';
import { findMisses, type RetrievalMiss } from './misses.js';
import type { Ranker } from './plain-bm25.js';

/** Cut-off of the reported NDCG. */
export const NDCG_K = 10;

/**
 * Adapts retrieval to labelled queries before the measured run (the seam for `--train`).
 * The CLI ships no trainer yet; training queries must never overlap the measured ones.
 *
 * @example
 * ```ts
 * import type { RetrievalTrainer } from '@arsenal/cli';
 *
 * // Learn from labelled queries before the measured run, through the Arsenal's own API.
 * const trainer: RetrievalTrainer = {
 *   async train(arsenal, examples) {
 *     for (const example of examples) {
 *       await arsenal.retrieve({ query: example.query, limit: 10 });
 *     }
 *   },
 * };
 * ```
 */
export interface RetrievalTrainer {
  /** Learn from `examples` through `arsenal`; resolves when it is ready to be measured. */
  train(arsenal: Arsenal, examples: readonly BenchmarkQuery[]): Promise<void>;
}

/**
 * Retrieval quality over a set of queries: Recall at each k, NDCG@10 and MRR, each from 0 to 1.
 *
 * @example
 * ```ts
 * import { evaluateRetrieval, type QualitySummary } from '@arsenal/cli';
 * import { createArsenal } from '@arsenal/core';
 *
 * const report = await evaluateRetrieval({ arsenal: createArsenal(), queries: [], ks: [5] });
 * const overall: QualitySummary = report.overall;
 * console.log(`Recall@5 ${overall.recall['5']}, NDCG@10 ${overall.ndcg10}, MRR ${overall.mrr}`);
 * ```
 */
export interface QualitySummary {
  queries: number;
  /** Recall at each requested k, 0–1. */
  recall: Record<string, number>;
  ndcg10: number;
  mrr: number;
}

/**
 * The wall-clock time of the `retrieve` calls of an evaluation, in milliseconds.
 *
 * @example
 * ```ts
 * import { evaluateRetrieval, type LatencySummary } from '@arsenal/cli';
 * import { createArsenal } from '@arsenal/core';
 *
 * const report = await evaluateRetrieval({ arsenal: createArsenal(), queries: [], ks: [5] });
 * const latency: LatencySummary = report.latencyMs;
 * console.log(`p50 ${latency.p50} ms, p95 ${latency.p95} ms, max ${latency.max} ms`);
 * ```
 */
export interface LatencySummary {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

/**
 * What `evaluateRetrieval` measured: quality overall and per subset, and latency.
 *
 * @example
 * ```ts
 * import { type EvaluationReport, evaluateRetrieval, parseBenchmarkQueries } from '@arsenal/cli';
 * import { createArsenal } from '@arsenal/core';
 *
 * const arsenal = createArsenal();
 * await arsenal.register({ name: 'get_weather', description: 'Current weather for a city.' });
 * const queries = parseBenchmarkQueries(
 *   '{"id":"easy-1","query":"weather in Oslo","relevant":["get_weather"]}',
 *   'inline',
 * );
 * const report: EvaluationReport = await evaluateRetrieval({ arsenal, queries, ks: [1, 5] });
 * console.log(report.overall.recall); // { '1': 1, '5': 1 }
 * ```
 */
export interface EvaluationReport {
  overall: QualitySummary;
  /** Per id-prefix subset (`easy`, `difficult`, `single`...), in order of first appearance. */
  subsets: Record<string, QualitySummary>;
  /** Wall-clock time of each `retrieve` call, in milliseconds. */
  latencyMs: LatencySummary;
  /** Queries naming a relevant tool the catalog lacks (they count as misses). */
  queriesWithUnknownTools: number;
  retrievalLimit: number;
  /** With `misses`: every relevant tool missing from the top k, and what ranked instead. */
  misses?: RetrievalMiss[];
}

interface QueryScore {
  labels: string[];
  recall: Record<string, number>;
  ndcg10: number;
  reciprocalRank: number;
}

function summarize(scores: readonly QueryScore[], ks: readonly number[]): QualitySummary {
  return {
    queries: scores.length,
    recall: Object.fromEntries(
      ks.map((k) => [String(k), mean(scores.map((score) => score.recall[k]!))]),
    ),
    ndcg10: mean(scores.map((score) => score.ndcg10)),
    mrr: mean(scores.map((score) => score.reciprocalRank)),
  };
}

export interface EvaluateOptions {
  arsenal: Arsenal;
  queries: readonly BenchmarkQuery[];
  /** Recall cut-offs. */
  ks: readonly number[];
  /** Untimed queries run first so the timings do not include start-up costs. Default 10. */
  warmupQueries?: number;
  signal?: AbortSignal;
  /** MMR diversity passed to every retrieve. */
  diversity?: number;
  /**
   * Rank with this instead of `arsenal.retrieve` (a reference such as plain BM25); `arsenal`
   * still says which relevant tools the catalog lacks.
   */
  ranker?: Ranker;
  /** List the relevant tools missing from the top `misses` of each query (`eval --misses`). */
  misses?: number;
}

/**
 * Run every query through `retrieve` and score the rankings against the labels.
 *
 * @example
 * ```ts
 * import { evaluateRetrieval, loadBenchmarkQueries, loadCatalogFile } from '@arsenal/cli';
 * import { createArsenal } from '@arsenal/core';
 *
 * const arsenal = createArsenal();
 * await arsenal.register(await loadCatalogFile('bench/tools.jsonl'));
 * const report = await evaluateRetrieval({
 *   arsenal,
 *   queries: await loadBenchmarkQueries('bench/queries.jsonl'),
 *   ks: [5, 10],
 * });
 * console.log(report.overall, report.latencyMs);
 * ```
 */
export async function evaluateRetrieval(options: EvaluateOptions): Promise<EvaluationReport> {
  const { arsenal, queries, ks } = options;
  const retrievalLimit = Math.max(NDCG_K, ...ks);
  const rank =
    options.ranker ??
    (async (query: string, limit: number) => {
      const result = await arsenal.retrieve({ query, limit, diversity: options.diversity });
      return result.tools.map((scored) => scored.tool.name);
    });
  const warmup = Math.min(options.warmupQueries ?? 10, queries.length);
  for (const query of queries.slice(0, warmup)) await rank(query.query, retrievalLimit);
  const scores: QueryScore[] = [];
  const latencies: number[] = [];
  let queriesWithUnknownTools = 0;
  const misses: RetrievalMiss[] | undefined = options.misses === undefined ? undefined : [];
  for (const query of queries) {
    if (options.signal?.aborted) break;
    const started = performance.now();
    const ranked = await rank(query.query, retrievalLimit);
    latencies.push(performance.now() - started);
    const relevant = new Set(query.relevant);
    if (query.relevant.some((name) => arsenal.registry.get(name) === undefined)) {
      queriesWithUnknownTools++;
    }
    if (misses && options.misses !== undefined)
      misses.push(...findMisses(arsenal, query, ranked, options.misses));
    scores.push({
      labels: subsetLabels(query.id),
      recall: Object.fromEntries(ks.map((k) => [k, recallAtK(ranked, relevant, k)])),
      ndcg10: ndcgAtK(ranked, relevant, NDCG_K),
      reciprocalRank: reciprocalRank(ranked, relevant),
    });
  }
  const groups = new Map<string, QueryScore[]>();
  for (const score of scores) {
    for (const label of score.labels) {
      const group = groups.get(label) ?? [];
      group.push(score);
      groups.set(label, group);
    }
  }
  const subsets: Record<string, QualitySummary> = {};
  for (const [label, group] of groups) {
    // A label every query shares says nothing beyond the overall row.
    if (group.length < scores.length) subsets[label] = summarize(group, ks);
  }
  return {
    overall: summarize(scores, ks),
    subsets,
    latencyMs: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      mean: mean(latencies),
      max: latencies.length === 0 ? 0 : Math.max(...latencies),
    },
    queriesWithUnknownTools,
    retrievalLimit,
    ...(misses ? { misses } : {}),
  };
}
