// Parity: with the same deterministic embedder, the in-memory store, Chroma and pgvector must
// return the same top 10 for the same query over the Seal-Tools catalog (ties aside: ids whose
// scores equal the 10th score within float32 tolerance may swap in or out).
//   pnpm --filter @arsenal/bench bench:parity
import { createInMemoryVectorStore, type VectorMatch, type VectorStore } from '@arsenal/core';
import { createChromaVectorStore } from '@arsenal/store-chroma';
import { createPgvectorVectorStore } from '@arsenal/store-pgvector';
import { hashedVector } from './lib/hashed-embedder.js';
import { printTable, writeResult } from './lib/report.js';
import { sealToolsCatalog } from './lib/seal-tools.js';
import { startChroma, startPostgres } from './lib/store-servers.js';

const DIMENSIONS = 256;
const TOP_K = 10;
const TIE_TOLERANCE = 1e-4;
// HNSW candidate list size for both stores (--ef-search N); the default of each store otherwise.
const efArgument = process.argv.indexOf('--ef-search');
const EF_SEARCH = efArgument > 0 ? Number(process.argv[efArgument + 1]) : undefined;

// Written for this check; none comes from the benchmark's query file.
const QUERIES = [
  'translate a sentence into another language',
  'what is the weather going to be tomorrow',
  'convert an amount of money between currencies',
  'book a hotel room for two nights',
  'find recipes that use chicken and rice',
  'calculate the monthly payment on a loan',
  'send a text message to my friend',
  'search for a job as a software engineer',
  'check the stock price of a company',
  'track a package that was shipped',
  'analyze the sentiment of customer reviews',
  'schedule a meeting on my calendar',
  'generate a random secure password',
  'get the latest news headlines about sports',
  'find nearby restaurants with good ratings',
  'calculate body mass index from height and weight',
  'play a song by my favourite artist',
  'look up the definition of a word',
  'estimate the carbon footprint of a flight',
  'create a new playlist of jazz music',
];

const catalog = sealToolsCatalog();
const records = catalog.map((tool) => ({
  id: tool.name,
  vector: hashedVector(`${tool.name.replaceAll('_', ' ')} ${tool.description}`, DIMENSIONS),
  metadata: { namespace: 'seal' },
}));

const chroma = await startChroma();
const postgres = await startPostgres();
const stores: Record<string, VectorStore> = {
  'in-memory': createInMemoryVectorStore(),
  chroma: createChromaVectorStore({ url: chroma.url, collection: 'parity', efSearch: EF_SEARCH }),
  pgvector: createPgvectorVectorStore({
    connectionString: postgres.url,
    table: 'parity',
    efSearch: EF_SEARCH,
  }),
};
try {
  for (const store of Object.values(stores)) {
    for (let start = 0; start < records.length; start += 500) {
      await store.upsert(records.slice(start, start + 500));
    }
  }
  const rows: (string | number)[][] = [];
  let exact = 0;
  let tiesAside = 0;
  const differences: unknown[] = [];
  for (const query of QUERIES) {
    const vector = hashedVector(query, DIMENSIONS);
    const results: Record<string, VectorMatch[]> = {};
    for (const [name, store] of Object.entries(stores)) {
      results[name] = await store.query({ vector, topK: TOP_K, filter: { namespace: 'seal' } });
    }
    const reference = results['in-memory']!;
    const sameExact = Object.values(results).every((matches) => sameIds(matches, reference));
    const sameUpToTies = Object.values(results).every((matches) => sameUpToTie(matches, reference));
    if (sameExact) exact++;
    if (sameUpToTies) tiesAside++;
    else
      differences.push({
        query,
        results: mapValues(results, (matches) =>
          matches.map((m) => `${m.id}:${m.score.toFixed(5)}`),
        ),
      });
    rows.push([
      query,
      reference
        .slice(0, 3)
        .map((match) => match.id)
        .join(', '),
      sameExact ? 'yes' : 'no',
      sameUpToTies ? 'yes' : 'NO',
    ]);
  }
  printTable(['query', 'top 3 (in-memory)', 'identical top 10', 'same top 10, ties aside'], rows);
  console.log(
    `\n${tiesAside}/${QUERIES.length} queries agree on the top ${TOP_K} (ties aside); ${exact}/${QUERIES.length} identical in order too. Catalog: ${catalog.length} Seal-Tools tools, ${DIMENSIONS}-dimensional hashed embeddings, efSearch ${EF_SEARCH ?? 'default'}.`,
  );
  const path = writeResult(`vector-store-parity-ef${EF_SEARCH ?? 'default'}`, {
    efSearch: EF_SEARCH ?? 'default',
    tools: catalog.length,
    dimensions: DIMENSIONS,
    queries: QUERIES.length,
    exact,
    tiesAside,
    differences,
  });
  console.log(`wrote ${path}`);
  // Parity is the claim at a generous efSearch; at the stores' defaults HNSW may miss a neighbour.
  if (EF_SEARCH !== undefined && tiesAside !== QUERIES.length) process.exitCode = 1;
} finally {
  for (const store of Object.values(stores)) await store.close?.();
  await chroma.stop();
  await postgres.stop();
}

function sameIds(a: readonly VectorMatch[], b: readonly VectorMatch[]): boolean {
  return a.length === b.length && a.every((match, index) => match.id === b[index]?.id);
}

/** The same ids once matches tied with the last place (by score) are left out of both lists. */
function sameUpToTie(a: readonly VectorMatch[], b: readonly VectorMatch[]): boolean {
  if (a.length !== b.length) return false;
  const cutoff = Math.min(a.at(-1)?.score ?? 0, b.at(-1)?.score ?? 0) + TIE_TOLERANCE;
  const clear = (matches: readonly VectorMatch[]) =>
    matches
      .filter((match) => match.score > cutoff)
      .map((match) => match.id)
      .sort();
  const left = clear(a);
  const right = clear(b);
  if (left.length !== right.length || left.some((id, index) => id !== right[index])) return false;
  // And every pair of scores agrees, place by place.
  return a.every((match, index) => Math.abs(match.score - b[index]!.score) <= TIE_TOLERANCE);
}

function mapValues<T, U>(object: Record<string, T>, map: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]));
}
