// Where a hybrid retrieve's time goes on a remote vector store: the requests Arsenal sends for
// one retrieve, timed apart. A hybrid retrieve (pool 50) sends a k-NN query for 50 matches with
// their vectors and, alongside it, a read of the lexical candidates' vectors; this times each of
// them, both together, and the lighter queries a store could answer instead (no vectors, fewer
// matches), in interleaved blocks. "client CPU" is this process's CPU time per request (the
// HTTP client and JSON decoding), apart from the server's. It feeds no table (docs/benchmarks.md
// quotes it).
//   pnpm --filter @arsenal/bench exec tsx vector-store-requests.ts --tools 10000 --store chroma
import { loadavg } from 'node:os';
import type { VectorStore } from '@arsenal/core';
import { createChromaVectorStore } from '@arsenal/store-chroma';
import { createPgvectorVectorStore } from '@arsenal/store-pgvector';
import { hashedVector } from './lib/hashed-embedder.js';
import { percentile, printTable, writeResult } from './lib/report.js';
import { startChroma, startPostgres } from './lib/store-servers.js';
import { syntheticCatalog, syntheticQueries } from './lib/synthetic-catalog.js';

const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const TOOLS = Number(argument('tools', '10000'));
const QUERIES = Number(argument('queries', '100'));
const ROUNDS = Number(argument('rounds', '5'));
const STORE = argument('store', 'chroma');
const DIMENSIONS = 384;
const POOL = 50;

const server = STORE === 'chroma' ? await startChroma() : await startPostgres();
const store: VectorStore =
  STORE === 'chroma'
    ? createChromaVectorStore({ url: server.url, collection: 'requests' })
    : createPgvectorVectorStore({ connectionString: server.url, table: 'requests' });
try {
  const catalog = syntheticCatalog(TOOLS);
  const ids = catalog.map((tool) => tool.name);
  // Straight into the store (no registration): only the stored vectors matter here.
  const loadStarted = performance.now();
  for (let start = 0; start < catalog.length; start += 1000) {
    const slice = catalog.slice(start, start + 1000);
    await store.upsert(
      slice.map((tool) => ({
        id: tool.name,
        vector: hashedVector(`${tool.name} ${tool.description}`, DIMENSIONS),
        metadata: { name: tool.name, deprecated: false },
      })),
      { moreToCome: start + 1000 < catalog.length },
    );
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  console.error(`${STORE}: ${TOOLS} vectors loaded in ${loadSeconds.toFixed(1)} s`);

  const queries = syntheticQueries(QUERIES).map((query) => hashedVector(query, DIMENSIONS));
  const candidates = (index: number) => {
    const start = (index * POOL) % (TOOLS - POOL);
    return ids.slice(start, start + POOL);
  };
  const knn = (vector: Float32Array, topK: number, includeVectors: boolean) =>
    store.query({ vector, topK, includeVectors });
  const cases: Record<string, (vector: Float32Array, index: number) => Promise<unknown>> = {
    'k-NN 50 + vectors and read 50 vectors, together (what retrieve sends)': (vector, index) =>
      Promise.all([knn(vector, POOL, true), store.get(candidates(index))]),
    'k-NN 50 + vectors': (vector) => knn(vector, POOL, true),
    'read 50 vectors by id': (_vector, index) => store.get(candidates(index)),
    'k-NN 50, ids and scores only': (vector) => knn(vector, POOL, false),
    'k-NN 10, ids and scores only': (vector) => knn(vector, 10, false),
  };
  const times = new Map<string, number[]>(Object.keys(cases).map((name) => [name, []]));
  const cpu = new Map<string, number>(Object.keys(cases).map((name) => [name, 0]));
  for (let round = -1; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(cases)) {
      const cpuStarted = process.cpuUsage();
      for (let index = 0; index < queries.length; index++) {
        const started = performance.now();
        await run(queries[index]!, index + round * queries.length);
        if (round >= 0) times.get(name)!.push(performance.now() - started);
      }
      const used = process.cpuUsage(cpuStarted);
      if (round >= 0) cpu.set(name, cpu.get(name)! + used.user + used.system);
    }
  }
  const round2 = (value: number) => Math.round(value * 100) / 100;
  const results = Object.keys(cases).map((name) => {
    const sorted = times.get(name)!.sort((a, b) => a - b);
    return {
      request: name,
      p50Ms: round2(percentile(sorted, 50)),
      p95Ms: round2(percentile(sorted, 95)),
      clientCpuMs: round2(cpu.get(name)! / sorted.length / 1000),
    };
  });
  printTable(
    ['request', 'p50 ms', 'p95 ms', 'client CPU ms'],
    results.map((row) => [row.request, row.p50Ms, row.p95Ms, row.clientCpuMs]),
  );
  console.log(
    `load ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `wrote ${writeResult(`vector-store-requests-${STORE}-${TOOLS}`, { store: STORE, tools: TOOLS, dimensions: DIMENSIONS, queries: QUERIES, rounds: ROUNDS, loadSeconds: round2(loadSeconds), results })}`,
  );
} finally {
  await store.close?.();
  await server.stop();
}
