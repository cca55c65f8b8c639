import type { ToolDefinition } from '@arsenal/core';
import { LexicalIndex, toLexicalDocument } from '@arsenal/core/adapter';

/**
 * Which texts a plain BM25 reference reads: the name and description (what benchmark papers
 * usually report), or every field a tool has (name, description, tags, parameter names and
 * descriptions, examples).
 *
 * @example
 * ```ts
 * import { createPlainBm25, type PlainBm25Fields } from '@arsenal/cli';
 * import { createArsenal } from '@arsenal/core';
 *
 * const fields: PlainBm25Fields = 'name-description'; // what most papers report
 * const ranker = createPlainBm25(createArsenal().registry.list(), fields);
 * ```
 */
export type PlainBm25Fields = 'name-description' | 'all-fields';

/** The fields of `toLexicalDocument` each variant joins into its one text. */
const FIELDS: Readonly<Record<PlainBm25Fields, readonly string[]>> = {
  'name-description': ['name', 'description'],
  'all-fields': [
    'name',
    'description',
    'tags',
    'parameters',
    'sharedParameters',
    'examples',
    'extended',
  ],
};

/**
 * A ranking of tool names for a query, best first.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { evaluateRetrieval, type Ranker } from '@arsenal/cli';
 *
 * // A baseline that ranks by name length, to evaluate beside Arsenal's own retrieval.
 * const arsenal = createArsenal();
 * const byNameLength: Ranker = (_query, limit) =>
 *   arsenal.registry
 *     .list()
 *     .map((tool) => tool.name)
 *     .sort((a, b) => a.length - b.length)
 *     .slice(0, limit);
 * const report = await evaluateRetrieval({ arsenal, queries: [], ks: [5], ranker: byNameLength });
 * ```
 */
export type Ranker = (query: string, limit: number) => string[] | Promise<string[]>;

/**
 * A plain BM25 reference ranker over the tools: one text per tool, no field weights, `k1` 1.2
 * and `b` 0.75, the same word analysis as Arsenal (identifier splitting, stop words, stemming),
 * and nothing else (no sub-queries, groups, lexicon or catalog statistics). Arsenal is held at
 * or above it on every dev set, so each mechanism on top of BM25 must pay for itself.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { createPlainBm25, evaluateRetrieval, loadBenchmarkQueries } from '@arsenal/cli';
 *
 * const arsenal = createArsenal();
 * await arsenal.register([
 *   { name: 'get_weather', description: 'Current weather and forecast for a city.' },
 *   { name: 'send_email', description: 'Send an email to one recipient.' },
 * ]);
 * const bm25 = createPlainBm25(arsenal.registry.list(), 'all-fields');
 * await bm25('forecast for Oslo', 1); // ['get_weather']
 * const baseline = await evaluateRetrieval({
 *   arsenal,
 *   queries: await loadBenchmarkQueries('queries.jsonl'),
 *   ks: [5],
 *   ranker: bm25,
 * });
 * ```
 */
export function createPlainBm25(tools: Iterable<ToolDefinition>, fields: PlainBm25Fields): Ranker {
  const index = new LexicalIndex({
    fields: { text: { weight: 1, b: 0.75 } },
    k1: 1.2,
    queryTermSaturation: 0,
  });
  const names = new Map<string, string>();
  for (const tool of tools) {
    const document = toLexicalDocument(tool);
    const text = FIELDS[fields]
      .map((field) => document[field])
      .filter((part): part is string => typeof part === 'string' && part.length > 0)
      .join('\n');
    index.add(tool.qualifiedName, { text });
    names.set(tool.qualifiedName, tool.name);
  }
  return (query, limit) =>
    index.search(query, { limit }).hits.map((hit) => names.get(hit.id) ?? hit.id);
}
