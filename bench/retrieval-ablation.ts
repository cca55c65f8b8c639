// What each retrieval stage adds, zero-shot with the embedded defaults (no embedder), on the dev
// files of the four benchmark sets. Each row turns one more stage on; the last row is the
// defaults. Stages that have no switch of their own are undone through public options:
// boilerplate parameters by indexing them like any parameter, placeholders by removing their
// angle brackets (plain words count fully), groups with the `group` weight 0, parameter values
// by leaving their field out, repeated query words with `queryTermSaturation` 0.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createArsenal,
  DEFAULT_LEXICAL_FIELDS,
  DESCRIPTION_MAX_LENGTH,
  parseCatalog,
  type ToolDefinitionInput,
  type ToolRetrieverOptions,
} from '@arsenal/core';
import { printTable, writeResult } from './lib/report.js';

interface Query {
  id: string;
  query: string;
  relevant: string[];
}

interface Stage {
  name: string;
  retrieval: Omit<ToolRetrieverOptions, 'registry'>;
  plainPlaceholders: boolean;
}

const SETS = ['azure-mcp', 'stabletoolbench', 'seal-tools', 'metatool'];
const data = (path: string) => fileURLToPath(new URL(`data/${path}`, import.meta.url));

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
const earlier = { fields: earlierFields, queryTermSaturation: 0 };
const STAGES: Stage[] = [
  {
    name: 'before (k1 0.9, no boilerplate, placeholders as words, no groups)',
    retrieval: { ...earlier, k1: 0.9, fields: flatParameters, weights: { group: 0 } },
    plainPlaceholders: true,
  },
  {
    name: '+ boilerplate parameters set apart',
    retrieval: { ...earlier, k1: 0.9, weights: { group: 0 } },
    plainPlaceholders: true,
  },
  {
    name: '+ placeholders count 0.3',
    retrieval: { ...earlier, k1: 0.9, weights: { group: 0 } },
    plainPlaceholders: false,
  },
  {
    name: '+ group (server) signal 0.3',
    retrieval: { ...earlier, k1: 0.9 },
    plainPlaceholders: false,
  },
  { name: '+ k1 1.2', retrieval: earlier, plainPlaceholders: false },
  {
    name: '+ parameter values (defaults, examples)',
    retrieval: { ...earlier, fields: { ...earlierFields, parameterValues: parameterValues! } },
    plainPlaceholders: false,
  },
  {
    name: '+ repeated query words count more (k3 0.5)',
    retrieval: { fields: { ...earlierFields, parameterValues: parameterValues! } },
    plainPlaceholders: false,
  },
  { name: '+ name b 0.75 (= defaults)', retrieval: {}, plainPlaceholders: false },
];

/** As the quality gate: an over-long description is cut, with the full text kept as extended. */
function fitDescription(input: ToolDefinitionInput): ToolDefinitionInput {
  const description = input.description;
  if (typeof description !== 'string' || description.length <= DESCRIPTION_MAX_LENGTH) return input;
  const cut = description.slice(0, DESCRIPTION_MAX_LENGTH).replace(/\s+\S*$/, '');
  return { ...input, description: cut, extendedDescription: description };
}

async function measure(set: string, stage: Stage) {
  const source = data(`${set}/tools.jsonl`);
  const inputs = parseCatalog(readFileSync(source, 'utf8'), { format: 'jsonl', source });
  const arsenal = createArsenal({ retrieval: stage.retrieval });
  const summary = await arsenal.register(inputs.map(fitDescription), { hygiene: 'flag' });
  if (summary.failed.length > 0) throw new Error(`${set}: ${summary.failed.length} tools failed`);
  const queries = readFileSync(data(`${set}/queries.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Query);
  let recall1 = 0;
  let recall5 = 0;
  let ndcg10 = 0;
  for (const query of queries) {
    const text = stage.plainPlaceholders
      ? query.query.replace(/<([^<>\s]+)>/g, ' $1 ')
      : query.query;
    const ranked = (await arsenal.retrieve({ query: text, limit: 10 })).tools.map(
      (t) => t.tool.name,
    );
    const relevant = new Set(query.relevant);
    const hits = (k: number) => ranked.slice(0, k).filter((name) => relevant.has(name)).length;
    recall1 += hits(1) / relevant.size;
    recall5 += hits(5) / relevant.size;
    let dcg = 0;
    let ideal = 0;
    ranked.forEach((name, i) => {
      if (relevant.has(name)) dcg += 1 / Math.log2(i + 2);
    });
    for (let i = 0; i < Math.min(relevant.size, 10); i++) ideal += 1 / Math.log2(i + 2);
    ndcg10 += dcg / ideal;
  }
  const pct = (sum: number) => Number(((sum / queries.length) * 100).toFixed(2));
  return { n: queries.length, recall1: pct(recall1), recall5: pct(recall5), ndcg10: pct(ndcg10) };
}

const rows: string[][] = [];
const results: unknown[] = [];
for (const set of SETS) {
  for (const stage of STAGES) {
    const result = await measure(set, stage);
    results.push({ set, stage: stage.name, ...result });
    rows.push([
      stage.name,
      set,
      String(result.n),
      result.recall1.toFixed(2),
      result.recall5.toFixed(2),
      result.ndcg10.toFixed(2),
    ]);
  }
}
printTable(['stage', 'benchmark', 'n', 'R@1', 'R@5', 'NDCG@10'], rows);
console.log(`results: ${writeResult('retrieval-ablation', results)}`);
