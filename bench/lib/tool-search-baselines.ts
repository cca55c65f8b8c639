// The simple searches the tool-search benchmark compares Arsenal with: a regex over names and
// descriptions (the way a model uses a regex search tool: the words of its request as
// alternatives), and a plain BM25 over the same text. Neither uses parameters, tags or anything
// Arsenal adds; they are not the providers' hosted searches, which cannot run here.
import type { ToolDefinition } from '@arsenal/core';

const STOP_WORDS = new Set(
  'a an and are as at be by can could do for from get give how i in is it me my of on or please show the this to use what when where which with would you your'.split(
    ' ',
  ),
);

/** Lower-case word tokens of a text; `snake_case` and `camelCase` names split into words. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1);
}

const searchable = (tool: ToolDefinition) => `${tool.name} ${tool.description}`;

/**
 * A regex search: the query's content words (3+ letters) become one case-insensitive alternation
 * `(?i)(w1|w2|...)`, as a model writes a pattern from a request; tools are ranked by how many
 * different words of the pattern their name and description contain, catalog order breaking ties.
 */
export class RegexSearch {
  constructor(private readonly tools: readonly ToolDefinition[]) {}

  search(query: string, limit: number): ToolDefinition[] {
    const terms = [...new Set(words(query).filter((w) => w.length > 2 && !STOP_WORDS.has(w)))];
    if (terms.length === 0) return [];
    const patterns = terms.map(
      (term) => new RegExp(term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'),
    );
    const scored: { tool: ToolDefinition; hits: number; index: number }[] = [];
    this.tools.forEach((tool, index) => {
      const text = searchable(tool);
      const hits = patterns.filter((pattern) => pattern.test(text)).length;
      if (hits > 0) scored.push({ tool, hits, index });
    });
    scored.sort((a, b) => b.hits - a.hits || a.index - b.index);
    return scored.slice(0, limit).map((entry) => entry.tool);
  }
}

/** Okapi BM25 (k1 = 1.2, b = 0.75) over each tool's name and description, no stemming. */
export class Bm25Search {
  readonly #documents: { tool: ToolDefinition; terms: Map<string, number>; length: number }[];
  readonly #documentFrequency = new Map<string, number>();
  readonly #averageLength: number;

  constructor(tools: readonly ToolDefinition[]) {
    this.#documents = tools.map((tool) => {
      const tokens = words(searchable(tool));
      const terms = new Map<string, number>();
      for (const token of tokens) terms.set(token, (terms.get(token) ?? 0) + 1);
      for (const term of terms.keys()) {
        this.#documentFrequency.set(term, (this.#documentFrequency.get(term) ?? 0) + 1);
      }
      return { tool, terms, length: tokens.length };
    });
    const total = this.#documents.reduce((sum, document) => sum + document.length, 0);
    this.#averageLength = total / Math.max(1, this.#documents.length);
  }

  search(query: string, limit: number): ToolDefinition[] {
    const terms = [...new Set(words(query))];
    const count = this.#documents.length;
    const scored: { tool: ToolDefinition; score: number; index: number }[] = [];
    this.#documents.forEach((document, index) => {
      let score = 0;
      for (const term of terms) {
        const frequency = document.terms.get(term);
        if (!frequency) continue;
        const df = this.#documentFrequency.get(term) ?? 0;
        const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
        const norm = 1.2 * (1 - 0.75 + (0.75 * document.length) / this.#averageLength);
        score += (idf * frequency * 2.2) / (frequency + norm);
      }
      if (score > 0) scored.push({ tool: document.tool, score, index });
    });
    scored.sort((a, b) => b.score - a.score || a.index - b.index);
    return scored.slice(0, limit).map((entry) => entry.tool);
  }
}
