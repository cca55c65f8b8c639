/** A candidate for diversification: its relevance and a vector to compare with others. */
export interface DiversityCandidate<T> {
  item: T;
  relevance: number;
  /** Dense vector (embeddings) or sparse term weights. */
  vector: ArrayLike<number> | ReadonlyMap<string, number> | undefined;
}

function sparseCosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (const [term, weight] of a) {
    normA += weight * weight;
    const other = b.get(term);
    if (other !== undefined) dot += weight * other;
  }
  for (const weight of b.values()) normB += weight * weight;
  return normA > 0 && normB > 0 ? dot / Math.sqrt(normA * normB) : 0;
}

/** Cosine similarity of two dense vectors; 0 when either is all zeros. */
export function denseCosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return normA > 0 && normB > 0 ? dot / Math.sqrt(normA * normB) : 0;
}

export function similarity(
  a: DiversityCandidate<unknown>['vector'],
  b: DiversityCandidate<unknown>['vector'],
): number {
  if (!a || !b) return 0;
  if (a instanceof Map && b instanceof Map) return sparseCosine(a, b);
  if (!(a instanceof Map) && !(b instanceof Map))
    return denseCosine(a as ArrayLike<number>, b as ArrayLike<number>);
  return 0;
}

/**
 * Maximal marginal relevance: pick `k` items, each time the one with the best
 * `(1 - diversity) × relevance − diversity × (max similarity to those already picked)`.
 * `diversity` 0 keeps the relevance order; 1 only spreads.
 */
export function selectDiverse<T>(
  candidates: readonly DiversityCandidate<T>[],
  k: number,
  diversity: number,
): DiversityCandidate<T>[] {
  if (diversity <= 0 || candidates.length <= 1) return candidates.slice(0, k);
  const remaining = [...candidates];
  const selected: DiversityCandidate<T>[] = [];
  const maxSimilarity = new Float64Array(remaining.length);
  while (selected.length < k && remaining.length > 0) {
    let bestIndex = 0;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < remaining.length; i++) {
      const value = (1 - diversity) * remaining[i]!.relevance - diversity * maxSimilarity[i]!;
      if (value > bestValue) {
        bestValue = value;
        bestIndex = i;
      }
    }
    const [chosen] = remaining.splice(bestIndex, 1);
    maxSimilarity.copyWithin(bestIndex, bestIndex + 1);
    selected.push(chosen!);
    for (let i = 0; i < remaining.length; i++) {
      const value = similarity(remaining[i]!.vector, chosen!.vector);
      if (value > maxSimilarity[i]!) maxSimilarity[i] = value;
    }
  }
  return selected;
}
