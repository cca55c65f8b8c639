/** One candidate tool of a retrieval, as the reranker sees it. */
export interface RerankCandidate {
  id: string;
  /** The text the reranker reads: name, description, parameters. */
  text: string;
  /** The score so far, for rerankers that blend. */
  score?: number;
}

/** A candidate's new relevance. */
export interface RerankResult {
  id: string;
  /** Relevance in [0,1]. */
  score: number;
}

/**
 * Re-scores the top candidates of a retrieval with a stronger (slower) model.
 *
 * @example
 * const reranker: Reranker = {
 *   id: 'by-length',
 *   async rerank(query, candidates) {
 *     return candidates.map((c) => ({ id: c.id, score: 1 / (1 + c.text.length / 1000) }));
 *   },
 * };
 * const arsenal = createArsenal({ reranker });
 */
export interface Reranker {
  readonly id: string;
  /** New scores for the candidates, best first. */
  rerank(
    query: string,
    candidates: readonly RerankCandidate[],
    options?: { signal?: AbortSignal },
  ): Promise<RerankResult[]>;
}
