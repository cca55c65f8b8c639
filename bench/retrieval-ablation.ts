// What each retrieval stage adds, zero-shot with the embedded defaults (no embedder), on the dev
// files of the four benchmark sets, loaded and scored by `arsenal eval`'s own code (the CLI's
// catalog loader and evaluateRetrieval). Each row turns one more stage on; the last row is the
// defaults. Stages that have no switch of their own are undone through public options:
// boilerplate parameters by indexing them like any parameter, placeholders by removing their
// angle brackets (plain words count fully), groups with the `group` weight 0, parameter values
// by leaving their field out, repeated query words with `queryTermSaturation` 0, the lexicon with
// the `lexicon` weight 0, field weights from catalog statistics with `catalogWeights: false`,
// clause coverage with the `coverage` weight 0 (the group signal still credits the servers of the
// request's parts from the `group` stage on). A row after the defaults turns on server
// diversity (the `server` weight), which is off by default.
// The multi-server task set (data/multi-server) is measured with the same rows.
// The first two rows of each set are plain BM25 over name + description and over all fields,
// measured on the same registered tools (`createPlainBm25`).
// Run: pnpm --filter @arsenal/bench bench:retrieval-ablation (one run; `pnpm bench` runs it 3 times).
import {
  type BenchmarkQuery,
  createPlainBm25,
  evaluateRetrieval,
  loadBenchmarkQueries,
  loadCatalogFile,
  type PlainBm25Fields,
} from '@arsenal/cli';
import { createArsenal, type ToolRetrieverOptions } from '@arsenal/core';
import { DEFAULT_LEXICAL_FIELDS } from '@arsenal/core/adapter';
import {
  type BenchmarkSet,
  benchmarkFile,
  printQualityTable,
  qualityFigures,
  type TaskSet,
} from './lib/benchmark-sets.js';
import { writeResult } from './lib/report.js';

interface Stage {
  /** Stable id the table generator selects rows by. */
  id: string;
  label: string;
  retrieval: Omit<ToolRetrieverOptions, 'registry'>;
  plainPlaceholders: boolean;
  /** A plain BM25 reference instead of Arsenal. */
  reference?: PlainBm25Fields;
}

const SETS: (BenchmarkSet | TaskSet)[] = [
  'azure-mcp',
  'stabletoolbench',
  'seal-tools',
  'metatool',
  'multi-server',
];

const { parameterValues, ...withoutValues } = DEFAULT_LEXICAL_FIELDS;
/** The fields before parameter values were indexed and the name's b went from 0.3 to 0.75. */
const earlierFields = {
  ...withoutValues,
  name: { ...DEFAULT_LEXICAL_FIELDS.name!, b: 0.3 },
};
const flatParameters = {
  ...earlierFields,
  sharedParameters: DEFAULT_LEXICAL_FIELDS.parameters!,
};
/** The lexicon and the catalog's field weights, off: every stage before them. */
const before = { catalogWeights: false } as const;
const noLexicon = { lexicon: 0, coverage: 0 };
const earlier = { ...before, fields: earlierFields, queryTermSaturation: 0, weights: noLexicon };
const STAGES: Stage[] = [
  {
    id: 'bm25-name-description',
    label: 'plain BM25, name + description (measured)',
    retrieval: {},
    plainPlaceholders: false,
    reference: 'name-description',
  },
  {
    id: 'bm25-all-fields',
    label: 'plain BM25, all fields (measured)',
    retrieval: {},
    plainPlaceholders: false,
    reference: 'all-fields',
  },
  {
    id: 'base',
    label: 'base: k1 0.9, boilerplate as parameters, placeholders as words, no groups',
    retrieval: { ...earlier, k1: 0.9, fields: flatParameters, weights: { ...noLexicon, group: 0 } },
    plainPlaceholders: true,
  },
  {
    id: 'boilerplate',
    label: '+ boilerplate parameters set apart',
    retrieval: { ...earlier, k1: 0.9, weights: { ...noLexicon, group: 0 } },
    plainPlaceholders: true,
  },
  {
    id: 'placeholders',
    label: '+ placeholders count 0.3',
    retrieval: { ...earlier, k1: 0.9, weights: { ...noLexicon, group: 0 } },
    plainPlaceholders: false,
  },
  {
    id: 'group',
    label: "+ group (server) signal 0.3, each part's server credited in full",
    retrieval: { ...earlier, k1: 0.9 },
    plainPlaceholders: false,
  },
  { id: 'k1', label: '+ k1 1.2', retrieval: earlier, plainPlaceholders: false },
  {
    id: 'parameter-values',
    label: '+ parameter values (defaults, examples)',
    retrieval: { ...earlier, fields: { ...earlierFields, parameterValues: parameterValues! } },
    plainPlaceholders: false,
  },
  {
    id: 'query-saturation',
    label: '+ repeated request words count more (k3 0.5)',
    retrieval: {
      ...before,
      weights: noLexicon,
      fields: { ...earlierFields, parameterValues: parameterValues! },
    },
    plainPlaceholders: false,
  },
  {
    id: 'name-b',
    label: '+ name `b` 0.75',
    retrieval: { ...before, weights: noLexicon },
    plainPlaceholders: false,
  },
  {
    id: 'catalog-weights',
    label: '+ parameter weight from how much descriptions tell tools apart',
    retrieval: { weights: noLexicon },
    plainPlaceholders: false,
  },
  {
    id: 'lexicon',
    label: '+ lexicon 0.2',
    retrieval: { weights: { coverage: 0 } },
    plainPlaceholders: false,
  },
  {
    id: 'defaults',
    label: "+ clause coverage 0.5: places 6-10 for each part's server (= defaults)",
    retrieval: {},
    plainPlaceholders: false,
  },
  {
    id: 'server-diversity',
    label: 'defaults + server diversity 0.3 (off by default)',
    retrieval: { weights: { server: 0.3 } },
    plainPlaceholders: false,
  },
];

/** Placeholders' angle brackets removed, so `<vault-name>` counts as plain words. */
const withPlainPlaceholders = (query: BenchmarkQuery): BenchmarkQuery => ({
  ...query,
  query: query.query.replace(/<([^<>\s]+)>/g, ' $1 '),
});

/** One stage on one set, loaded and scored as `arsenal eval` does, with the stage's options. */
async function measure(set: BenchmarkSet | TaskSet, stage: Stage) {
  const inputs = await loadCatalogFile(benchmarkFile(set, 'tools'));
  const queries = await loadBenchmarkQueries(benchmarkFile(set, 'queries'));
  const arsenal = createArsenal({ retrieval: stage.retrieval });
  try {
    const summary = await arsenal.register(inputs, { source: 'catalog' });
    const refused = summary.failed.length + summary.quarantined.length;
    if (refused > 0) throw new Error(`${set}: ${refused} tools were not registered`);
    const report = await evaluateRetrieval({
      arsenal,
      queries: stage.plainPlaceholders ? queries.map(withPlainPlaceholders) : queries,
      ks: [1, 5, 10],
      ranker: stage.reference
        ? createPlainBm25([...arsenal.registry.all()], stage.reference)
        : undefined,
    });
    return {
      set,
      stage: stage.id,
      label: stage.label,
      tools: inputs.length,
      ...qualityFigures(report),
    };
  } finally {
    await arsenal.close();
  }
}

const results: Awaited<ReturnType<typeof measure>>[] = [];
for (const set of SETS) {
  for (const stage of STAGES) results.push(await measure(set, stage));
}
printQualityTable(results, false);
console.log(`results: ${writeResult('retrieval-ablation', { results })}`);
