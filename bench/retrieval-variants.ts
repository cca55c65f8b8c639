// Retrieval on catalogs shaped unlike the dev sets: each dev catalog rewritten so that its
// information sits elsewhere, with the same queries (relevant names mapped along).
//   names hashed:       every name replaced by an opaque `op_<hash>` (a gateway's ids);
//   descriptions moved: every description replaced by one boilerplate sentence, the original
//                       text moved to the description of an added `request` parameter;
//   both:               the two together.
// Prints, on both halves, Arsenal with the defaults (field weights from the catalog's
// statistics), Arsenal with the fixed field weights of before (name ×5, parameters 0.4:
// `catalogWeights: false`) and plain BM25 over all fields, and writes them to
// results/retrieval-variants.json. `ARSENAL_RETRIEVAL='{...}'` adds retrieval options to both
// Arsenal rows. Run: pnpm --filter @arsenal/bench exec tsx retrieval-variants.ts [set ...]
import {
  type BenchmarkQuery,
  createPlainBm25,
  evaluateRetrieval,
  loadBenchmarkQueries,
  loadCatalogFile,
  type Ranker,
} from '@arsenal/cli';
import {
  type Arsenal,
  createArsenal,
  type ToolDefinitionInput,
  type ToolRetrieverOptions,
} from '@arsenal/core';
import { sha256Hex } from '@arsenal/core/adapter';
import { BENCHMARK_SETS, type BenchmarkSet, benchmarkFile, percent } from './lib/benchmark-sets.js';
import { printTable, writeResult } from './lib/report.js';

type Variant = 'original' | 'names hashed' | 'descriptions moved' | 'both';
const VARIANTS: Variant[] = ['original', 'names hashed', 'descriptions moved', 'both'];
const BOILERPLATE = 'Calls this operation of the API and returns its response.';

const hashedName = (name: string) => `op_${sha256Hex(`variant:${name}`).slice(0, 10)}`;

function rewrite(tool: ToolDefinitionInput, variant: Variant): ToolDefinitionInput {
  const hashNames = variant === 'names hashed' || variant === 'both';
  const moveDescriptions = variant === 'descriptions moved' || variant === 'both';
  const out: ToolDefinitionInput = { ...tool };
  if (hashNames) out.name = hashedName(tool.name);
  if (moveDescriptions) {
    const schema = (tool.parameters ?? { type: 'object', properties: {} }) as {
      properties?: Record<string, unknown>;
    };
    out.description = BOILERPLATE;
    out.parameters = {
      ...schema,
      type: 'object',
      properties: {
        ...(schema.properties ?? {}),
        request: { type: 'string', description: tool.description },
      },
    } as ToolDefinitionInput['parameters'];
  }
  return out;
}

const inHalfA = (query: BenchmarkQuery) =>
  Number.parseInt(sha256Hex(`tune:${query.id}`).slice(-1), 16) % 2 === 0;

async function figures(arsenal: Arsenal, queries: BenchmarkQuery[], ranker?: Ranker) {
  const report = await evaluateRetrieval({ arsenal, queries, ks: [1, 5, 10], ranker });
  return [
    percent(report.overall.recall['1']!),
    percent(report.overall.recall['5']!),
    percent(report.overall.ndcg10),
  ];
}

const SETS = Object.keys(BENCHMARK_SETS) as BenchmarkSet[];
const chosen = process.argv.slice(2).length > 0 ? (process.argv.slice(2) as BenchmarkSet[]) : SETS;
const retrieval: Omit<ToolRetrieverOptions, 'registry'> = JSON.parse(
  process.env.ARSENAL_RETRIEVAL ?? '{}',
);
/** Arsenal with the defaults, with the fixed field weights of before, and plain BM25. */
const RANKERS = [
  ['Arsenal', {}],
  ['Arsenal, fixed field weights (name ×5)', { catalogWeights: false }],
  ['BM25 all fields', {}],
] as const satisfies readonly (readonly [string, Omit<ToolRetrieverOptions, 'registry'>])[];
const rows: (string | number)[][] = [];
const results: Record<string, unknown>[] = [];
for (const set of chosen) {
  const tools = (await loadCatalogFile(benchmarkFile(set, 'tools'))) as ToolDefinitionInput[];
  const queries = await loadBenchmarkQueries(benchmarkFile(set, 'queries'));
  for (const variant of VARIANTS) {
    const hashNames = variant === 'names hashed' || variant === 'both';
    const mapped = queries.map((query) => ({
      ...query,
      relevant: hashNames ? query.relevant.map(hashedName) : query.relevant,
    }));
    const halves = [mapped.filter(inHalfA), mapped.filter((query) => !inHalfA(query))];
    for (const [ranker, options] of RANKERS) {
      const arsenal = createArsenal({ retrieval: { ...retrieval, ...options } });
      const summary = await arsenal.register(
        tools.map((tool) => rewrite(tool, variant)),
        { source: 'catalog' },
      );
      if (summary.failed.length > 0)
        throw new Error(`${set} ${variant}: ${summary.failed[0]!.error.message}`);
      const bm25 =
        ranker === 'BM25 all fields'
          ? createPlainBm25([...arsenal.registry.all()], 'all-fields')
          : undefined;
      const cells: number[] = [];
      for (const half of halves) cells.push(...(await figures(arsenal, half, bm25)));
      rows.push([BENCHMARK_SETS[set], variant, ranker, ...cells]);
      const [a1, a5, a10, b1, b5, b10] = cells as [number, number, number, number, number, number];
      results.push({
        set,
        variant,
        ranker,
        halfA: { n: halves[0]!.length, recall1: a1, recall5: a5, ndcg10: a10 },
        halfB: { n: halves[1]!.length, recall1: b1, recall5: b5, ndcg10: b10 },
      });
      await arsenal.close();
    }
  }
}
printTable(
  ['set', 'variant', 'ranker', 'A R@1', 'A R@5', 'A N@10', 'B R@1', 'B R@5', 'B N@10'],
  rows.map((row) => row.map((cell) => (typeof cell === 'number' ? cell.toFixed(2) : cell))),
);
console.log(`results: ${writeResult('retrieval-variants', { retrieval, results })}`);
