// What bounding a request's clause searches by the whole request's kept scores saves, measured on
// the lexical index alone, in one process: the 1,047 Seal-Tools dev requests over a vocabulary
// catalog (lib/vocabulary-catalog.ts), each searched whole (50 hits, its scores kept) and then
// clause by clause (5 hits each, no count of the matches), with the clause searches bounded
// (`boundedBy`) and not, taking turns pass by pass. Only the clause searches are timed. Both
// ways must return the same hits; the postings each reads are counted too.
// Run: pnpm --filter @arsenal/bench bench:clause-bounds (BENCH_SIZES=10000,100000 picks the
// sizes, BENCH_PASSES the passes each way, 8 by default). The documents are `toLexicalDocument`'s
// and the related terms the lexicon's, as in retrieval; no filter is applied.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ToolDefinitionInput } from '@arsenal/core';
import {
  DEFAULT_LEXICAL_FIELDS,
  LexicalIndex,
  lexiconTerms,
  toLexicalDocument,
} from '@arsenal/core/adapter';
import core from './lib/core.js';
import { printTable, writeResult } from './lib/report.js';
import { vocabularyCatalog } from './lib/vocabulary-catalog.js';

const source = fileURLToPath(new URL('data/seal-tools/tools.jsonl', import.meta.url));
const queries = readFileSync(new URL('data/seal-tools/queries.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => (JSON.parse(line) as { query: string }).query);
const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const passes = Number(process.env.BENCH_PASSES ?? 8);
// The retriever's default weight of a lexicon match.
const related = { terms: lexiconTerms, weight: 0.2 };

/** Each request's clauses as the retriever splits them (none for a request of one part). */
async function clausesOf(real: readonly ToolDefinitionInput[]): Promise<string[][]> {
  // The split depends on the request alone: one tool is enough for retrieval to report it.
  const arsenal = core.createArsenal();
  await arsenal.register(real.slice(0, 1));
  const clauses: string[][] = [];
  for (const query of queries) clauses.push((await arsenal.retrieve({ query })).subqueries ?? []);
  return clauses;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const real = core.parseCatalog(readFileSync(source, 'utf8'), { format: 'jsonl', source });
const clauses = await clausesOf(real);
const rows: Record<string, unknown>[] = [];
for (const size of sizes) {
  const work = { searches: 0, postings: 0, postingsRead: 0, documentsScored: 0 };
  const index = new LexicalIndex({ fields: DEFAULT_LEXICAL_FIELDS, work });
  for (const input of vocabularyCatalog(real, size)) {
    const tool = core.createToolDefinition(input);
    index.add(tool.qualifiedName, toLexicalDocument(tool));
  }
  /** One pass over the requests; returns the clause searches' time and postings read, and hits. */
  const pass = (bounded: boolean) => {
    let ms = 0;
    let read = 0;
    const hits: string[] = [];
    queries.forEach((query, q) => {
      const { kept } = index.search(query, { limit: 50, related, keepScores: true });
      const before = work.postingsRead;
      const started = performance.now();
      for (const clause of clauses[q]!) {
        const options = {
          limit: 5,
          related,
          countMatches: false,
          boundedBy: bounded ? kept : undefined,
        };
        hits.push(
          index
            .search(clause, options)
            .hits.map((hit) => hit.id)
            .join(','),
        );
      }
      ms += performance.now() - started;
      read += work.postingsRead - before;
    });
    return { ms, read, hits };
  };
  pass(true);
  pass(false);
  const times: Record<'bounded' | 'unbounded', number[]> = { bounded: [], unbounded: [] };
  const reads = { bounded: 0, unbounded: 0 };
  let reference: string[] | undefined;
  for (let p = 0; p < passes; p++) {
    for (const bounded of p % 2 === 0 ? [true, false] : [false, true]) {
      const result = pass(bounded);
      const way = bounded ? 'bounded' : 'unbounded';
      times[way].push(result.ms / queries.length);
      reads[way] = result.read / queries.length;
      reference ??= result.hits;
      if (result.hits.join('\n') !== reference.join('\n'))
        throw new Error(`${size} tools: the ${way} clause searches returned other hits`);
    }
  }
  const clauseCount = clauses.reduce((sum, list) => sum + list.length, 0);
  for (const way of ['bounded', 'unbounded'] as const) {
    rows.push({
      tools: size,
      clauseSearches: way,
      clausesPerRequest: clauseCount / queries.length,
      msPerRequest: median(times[way]),
      msPerRequestMin: Math.min(...times[way]),
      msPerRequestMax: Math.max(...times[way]),
      postingsReadPerRequest: reads[way],
    });
  }
}
printTable(
  [
    'tools',
    'clause searches',
    'clauses / request',
    'ms / request (median of passes)',
    'range',
    'postings read / request',
  ],
  rows.map((row) => [
    Number(row.tools).toLocaleString('en'),
    String(row.clauseSearches),
    Number(row.clausesPerRequest).toFixed(2),
    Number(row.msPerRequest).toFixed(3),
    `${Number(row.msPerRequestMin).toFixed(3)}–${Number(row.msPerRequestMax).toFixed(3)}`,
    Math.round(Number(row.postingsReadPerRequest)).toLocaleString('en'),
  ]),
);
writeResult('clause-bounds', { passes, requests: queries.length, results: rows });
