import type { ToolDefinition } from '@arsenal/core';
import { LexicalIndex, toLexicalDocument } from '@arsenal/core/adapter';

/**
 * Which texts a plain BM25 reference reads: the name and description (what benchmark papers
 * usually report), or every field a tool has (name, description, tags, parameter names and
 * descriptions, examples).
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

/** A ranking of tool names for a query, best first. */
export type Ranker = (query: string, limit: number) => string[] | Promise<string[]>;

/**
 * A plain BM25 reference ranker over the tools: one text per tool, no field weights, `k1` 1.2
 * and `b` 0.75, the same word analysis as Arsenal (identifier splitting, stop words, stemming),
 * and nothing else (no sub-queries, groups, lexicon or catalog statistics). Arsenal is held at
 * or above it on every dev set, so each mechanism on top of BM25 must pay for itself.
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
