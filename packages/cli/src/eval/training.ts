import type { Arsenal } from '@arsenal/core';
import { sha256Hex } from '@arsenal/core/adapter';
import type { BenchmarkQuery } from './benchmark-queries.js';
import type { RetrievalTrainer } from './evaluate.js';

/**
 * Replays labelled queries as past successful calls: each (query → relevant tool) becomes an
 * outcome Arsenal remembers, with the other relevant tools as co-usage. This is what Arsenal
 * learns in production from calls that succeed for a query.
 */
export const outcomeTrainer: RetrievalTrainer = {
  async train(arsenal: Arsenal, examples: readonly BenchmarkQuery[]) {
    for (const example of examples) {
      for (const tool of example.relevant) {
        arsenal.learn({ query: example.query, tool, usedWith: example.relevant });
      }
    }
  },
};

/**
 * Split queries in two by a hash of their id: a share `fraction` for training, the rest for
 * evaluation. Deterministic, so the same file and fraction always give the same halves.
 */
export function splitByIdHash(
  queries: readonly BenchmarkQuery[],
  fraction: number,
): { train: BenchmarkQuery[]; test: BenchmarkQuery[] } {
  const train: BenchmarkQuery[] = [];
  const test: BenchmarkQuery[] = [];
  for (const query of queries) {
    const bucket =
      Number.parseInt(sha256Hex(`train-split:${query.id}`).slice(0, 8), 16) / 0x100000000;
    (bucket < fraction ? train : test).push(query);
  }
  return { train, test };
}

/** Measured queries minus any whose id or text also appears in the training set. */
export function withoutOverlap(
  measured: readonly BenchmarkQuery[],
  training: readonly BenchmarkQuery[],
): { queries: BenchmarkQuery[]; removed: number } {
  const ids = new Set(training.map((query) => query.id));
  const texts = new Set(training.map((query) => query.query.trim().toLowerCase()));
  const queries = measured.filter(
    (query) => !ids.has(query.id) && !texts.has(query.query.trim().toLowerCase()),
  );
  return { queries, removed: measured.length - queries.length };
}
