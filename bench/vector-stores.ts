// Vector stores at scale: N tools into Chroma and into pgvector through Arsenal's registration,
// then hybrid retrieval (lexical + vector) with the embedding call timed separately.
//   pnpm --filter @arsenal/bench bench:stores -- --tools 20000 --stores chroma,pgvector
import { createArsenal, type VectorStore } from '@arsenal/core';
import { createChromaVectorStore } from '@arsenal/store-chroma';
import { createPgvectorVectorStore } from '@arsenal/store-pgvector';
import { createHashedEmbedder, hashedVector } from './lib/hashed-embedder.js';
import { percentile, printTable, writeResult } from './lib/report.js';
import { type BenchServer, startChroma, startPostgres } from './lib/store-servers.js';
import { syntheticCatalog, syntheticQueries } from './lib/synthetic-catalog.js';

const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const TOOLS = Number(argument('tools', '20000'));
const QUERIES = Number(argument('queries', '200'));
const STORES = argument('stores', 'chroma,pgvector').split(',');
const DIMENSIONS = 384;

const catalog = syntheticCatalog(TOOLS);
const queries = syntheticQueries(QUERIES);
const rows: (string | number)[][] = [];
const results: Record<string, unknown> = {};

for (const name of STORES) {
  const server: BenchServer = name === 'chroma' ? await startChroma() : await startPostgres();
  const vectorStore: VectorStore =
    name === 'chroma'
      ? createChromaVectorStore({ url: server.url, collection: 'bench' })
      : createPgvectorVectorStore({ connectionString: server.url, table: 'bench' });
  try {
    const embedder = createHashedEmbedder(DIMENSIONS);
    const arsenal = createArsenal({ embedder, vectorStore });
    // Registration in slices, so progress shows on a slow machine.
    const started = performance.now();
    for (let start = 0; start < catalog.length; start += 5000) {
      await arsenal.register(catalog.slice(start, start + 5000));
      console.error(
        `${name}: ${Math.min(start + 5000, catalog.length)}/${catalog.length} registered`,
      );
    }
    const indexSeconds = (performance.now() - started) / 1000;
    const stored = await vectorStore.count();

    // The store alone: one k-NN query as retrieval sends it with no request filters (deprecated
    // tools, when few, are dropped by Arsenal after the query rather than filtered by the store).
    const storeMs: number[] = [];
    for (const query of queries) {
      const vector = hashedVector(query, DIMENSIONS);
      const queryStarted = performance.now();
      await vectorStore.query({
        vector,
        topK: 50,
        includeVectors: true,
      });
      storeMs.push(performance.now() - queryStarted);
    }
    // Hybrid retrieval through Arsenal; the embedding call is reported apart.
    const retrieveMs: number[] = [];
    const embeddingMs: number[] = [];
    let degraded = 0;
    for (const query of queries) {
      const result = await arsenal.retrieve({ query, limit: 10 });
      if ((result.warnings ?? []).length > 0) degraded++;
      retrieveMs.push(result.timings.totalMs - result.timings.embeddingMs);
      embeddingMs.push(result.timings.embeddingMs);
    }
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const summary = {
      tools: TOOLS,
      stored,
      indexSeconds: round(indexSeconds),
      toolsPerSecond: Math.round(TOOLS / indexSeconds),
      storeQueryP50: round(percentile(sorted(storeMs), 50)),
      storeQueryP95: round(percentile(sorted(storeMs), 95)),
      retrieveP50: round(percentile(sorted(retrieveMs), 50)),
      retrieveP95: round(percentile(sorted(retrieveMs), 95)),
      embeddingP50: round(percentile(sorted(embeddingMs), 50)),
      degradedRetrievals: degraded,
    };
    results[name] = summary;
    rows.push([
      name,
      TOOLS,
      summary.toolsPerSecond,
      summary.storeQueryP50,
      summary.storeQueryP95,
      summary.retrieveP50,
      summary.retrieveP95,
      summary.embeddingP50,
      degraded,
    ]);
  } finally {
    await vectorStore.close?.();
    await server.stop();
  }
}

printTable(
  [
    'store',
    'tools',
    'indexing tools/s',
    'store query p50 ms',
    'store query p95 ms',
    'hybrid retrieve p50 ms (no embedding)',
    'hybrid retrieve p95 ms (no embedding)',
    'embedding p50 ms',
    'degraded',
  ],
  rows,
);
console.log(
  `wrote ${writeResult(`vector-stores-${TOOLS}`, { dimensions: DIMENSIONS, queries: QUERIES, results })}`,
);

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
