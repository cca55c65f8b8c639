import { InvalidArgumentError, throwIfAborted } from '../errors/arsenal-error.js';
import type { RerankCandidate, Reranker, RerankResult } from '../ports/reranker.js';
import { analyze } from '../text/tokenize.js';

export interface LexicalRerankerOptions {
  /** Weight of query-term coverage (share of the query's words the tool text contains). */
  coverage?: number;
  /** Weight of matched word pairs (phrases) from the query. */
  phrases?: number;
  /** Weight of coverage within the first line (name and description). */
  head?: number;
}

function pairs(terms: readonly string[]): Set<string> {
  const result = new Set<string>();
  for (let i = 0; i + 1 < terms.length; i++) result.add(`${terms[i]} ${terms[i + 1]}`);
  return result;
}

/**
 * A field-aware cross-scorer that needs no model: it reads query and tool text together and
 * rewards tools covering more of the query's words, its word pairs, and doing so in the name
 * and description line rather than in parameter text.
 */
export class LexicalReranker implements Reranker {
  readonly id = 'arsenal:lexical';
  readonly #weights: Required<LexicalRerankerOptions>;

  constructor(options: LexicalRerankerOptions = {}) {
    this.#weights = {
      coverage: options.coverage ?? 0.5,
      phrases: options.phrases ?? 0.2,
      head: options.head ?? 0.3,
    };
  }

  async rerank(
    query: string,
    candidates: readonly RerankCandidate[],
    options: { signal?: AbortSignal } = {},
  ): Promise<RerankResult[]> {
    throwIfAborted(options.signal);
    if (typeof query !== 'string') {
      throw new InvalidArgumentError(`rerank: the query must be a string, got ${typeof query}.`);
    }
    for (const candidate of candidates) {
      if (typeof candidate?.text !== 'string') {
        throw new InvalidArgumentError(
          `rerank: candidate "${String(candidate?.id)}" needs a text string to score.`,
        );
      }
    }
    const queryTerms = [...new Set(analyze(query))];
    const queryPairs = pairs(analyze(query));
    const total = this.#weights.coverage + this.#weights.phrases + this.#weights.head;
    return candidates.map((candidate) => {
      const [headLine = '', ...rest] = candidate.text.split('\n');
      const headTerms = analyze(headLine);
      const allTerms = new Set([...headTerms, ...analyze(rest.join('\n'))]);
      const headSet = new Set(headTerms);
      let covered = 0;
      let headCovered = 0;
      for (const term of queryTerms) {
        if (allTerms.has(term)) covered++;
        if (headSet.has(term)) headCovered++;
      }
      const textPairs = pairs(headTerms);
      let pairHits = 0;
      for (const pair of queryPairs) if (textPairs.has(pair)) pairHits++;
      const n = Math.max(queryTerms.length, 1);
      const score =
        (this.#weights.coverage * (covered / n) +
          this.#weights.head * (headCovered / n) +
          this.#weights.phrases * Math.min(1, pairHits / Math.max(queryPairs.size, 1))) /
        total;
      return { id: candidate.id, score };
    });
  }
}

/** A Reranker with no model: re-scores candidates by BM25F over their text, in process. */
export function createLexicalReranker(options?: LexicalRerankerOptions): LexicalReranker {
  return new LexicalReranker(options);
}
