// The retrieval quality bar, held by CI: zero-shot with the embedded defaults (no embedder) on
// the public benchmarks' dev files, and with learning from one half of MetaTool. A change that
// drops quality below the bar fails the build. Full numbers live in docs/benchmarks.md.
// Every zero-shot set also holds Arsenal at or above plain BM25 over name + description and over
// all fields (the strongest plain variant) on Recall@1, Recall@5 and NDCG@10, on the same queries.
// Each set takes a few seconds on an idle 2-core machine; the ceilings leave room for a busy one.
import { fileURLToPath } from 'node:url';
import { createArsenal } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { loadCatalogFile } from '../catalog-loader.js';
import { type BenchmarkQuery, loadBenchmarkQueries, sampleQueries } from './benchmark-queries.js';
import { evaluateRetrieval } from './evaluate.js';
import { createPlainBm25, type PlainBm25Fields, type Ranker } from './plain-bm25.js';
import { outcomeTrainer, splitByIdHash, withoutOverlap } from './training.js';

const data = (path: string) =>
  fileURLToPath(new URL(`../../../../bench/data/${path}`, import.meta.url));

const TIMEOUT_MS = 180_000;

async function measure(
  set: string,
  queries?: (all: BenchmarkQuery[]) => { test: BenchmarkQuery[]; train?: BenchmarkQuery[] },
) {
  const arsenal = createArsenal();
  // Every real tool takes part with the default hygiene: none refused, none quarantined.
  const summary = await arsenal.register(await loadCatalogFile(data(`${set}/tools.jsonl`)), {
    source: 'catalog',
  });
  expect(summary.failed).toEqual([]);
  expect(summary.quarantined).toEqual([]);
  const all = await loadBenchmarkQueries(data(`${set}/queries.jsonl`));
  const { test, train } = queries ? queries(all) : { test: all };
  if (train) await outcomeTrainer.train(arsenal, train);
  const figures = async (ranker?: Ranker) => {
    const report = await evaluateRetrieval({
      arsenal,
      queries: test,
      ks: [1, 5, 10],
      warmupQueries: 0,
      ranker,
    });
    return {
      recall1: report.overall.recall['1']! * 100,
      recall5: report.overall.recall['5']! * 100,
      ndcg10: report.overall.ndcg10 * 100,
    };
  };
  const arsenalFigures = await figures();
  if (train) return arsenalFigures;
  const tools = [...arsenal.registry.all()];
  for (const fields of ['name-description', 'all-fields'] as PlainBm25Fields[]) {
    const reference = await figures(createPlainBm25(tools, fields));
    for (const metric of ['recall1', 'recall5', 'ndcg10'] as const) {
      expect(
        arsenalFigures[metric],
        `${set}: Arsenal's ${metric} against plain BM25 over ${fields}`,
      ).toBeGreaterThanOrEqual(reference[metric]);
    }
  }
  return arsenalFigures;
}

describe('retrieval quality bar', () => {
  it(
    'Seal-Tools zero-shot: Recall@5 >= 92, NDCG@10 >= 90, and at or above plain BM25',
    async () => {
      const { recall5, ndcg10 } = await measure('seal-tools');
      expect(recall5).toBeGreaterThanOrEqual(92);
      expect(ndcg10).toBeGreaterThanOrEqual(90);
    },
    TIMEOUT_MS,
  );

  it(
    'MetaTool zero-shot: Recall@5 >= 60, NDCG@10 >= 52, and at or above plain BM25 (fixed sample of 4,000)',
    async () => {
      const { recall5, ndcg10 } = await measure('metatool', (all) => ({
        test: sampleQueries(all, 4000, 1),
      }));
      expect(recall5).toBeGreaterThanOrEqual(60);
      expect(ndcg10).toBeGreaterThanOrEqual(52);
    },
    TIMEOUT_MS,
  );

  it(
    'MetaTool learning from one half, measured on the other: Recall@5 >= 80',
    async () => {
      const { recall5 } = await measure('metatool', (all) => {
        const { train, test } = splitByIdHash(all, 0.5);
        return { train, test: sampleQueries(withoutOverlap(test, train).queries, 2000, 1) };
      });
      expect(recall5).toBeGreaterThanOrEqual(80);
    },
    TIMEOUT_MS,
  );

  it(
    'azure-mcp (one real MCP server) zero-shot: Recall@1 >= 83, Recall@5 >= 97, and at or above plain BM25',
    async () => {
      const { recall1, recall5 } = await measure('azure-mcp');
      expect(recall1).toBeGreaterThanOrEqual(83);
      expect(recall5).toBeGreaterThanOrEqual(97);
    },
    TIMEOUT_MS,
  );

  it(
    'stabletoolbench (real REST APIs, multi-tool) zero-shot: Recall@5 >= 76, NDCG@10 >= 76, and at or above plain BM25',
    async () => {
      const { recall5, ndcg10 } = await measure('stabletoolbench');
      expect(recall5).toBeGreaterThanOrEqual(76);
      expect(ndcg10).toBeGreaterThanOrEqual(76);
    },
    TIMEOUT_MS,
  );
});
