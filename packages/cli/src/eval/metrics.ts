/**
 * Retrieval quality metrics over one ranked list of tool names and the set of relevant names.
 * Gains are binary: a tool is relevant or not. A name repeated in `ranked` counts once.
 */

function firstOccurrences(ranked: readonly string[], k: number): string[] {
  return [...new Set(ranked.slice(0, Math.max(0, k)))];
}

/**
 * |relevant ∩ top-k| / |relevant|. With several relevant tools, Recall@1 can be at most
 * 1/|relevant| — that is the definition, not a retriever's fault.
 *
 * @example
 * ```ts
 * import { recallAtK } from '@arsenal/cli';
 *
 * recallAtK(['a', 'b', 'c'], new Set(['b', 'z']), 2); // 0.5
 * ```
 */
export function recallAtK(
  ranked: readonly string[],
  relevant: ReadonlySet<string>,
  k: number,
): number {
  if (relevant.size === 0) return 0;
  const hits = firstOccurrences(ranked, k).filter((name) => relevant.has(name)).length;
  return hits / relevant.size;
}

/** Discounted gain of a hit at 0-based `position`: 1 / log2(position + 2). */
function discount(position: number): number {
  return 1 / Math.log2(position + 2);
}

/**
 * Normalised discounted cumulative gain at k with binary gains: DCG of the ranking divided by
 * the DCG of an ideal ranking (all relevant tools first, at most k of them).
 *
 * @example
 * ```ts
 * import { ndcgAtK } from '@arsenal/cli';
 *
 * ndcgAtK(['x', 'a'], new Set(['a']), 10); // 1 / log2(3) ≈ 0.631
 * ndcgAtK(['a', 'x'], new Set(['a']), 10); // 1
 * ```
 */
export function ndcgAtK(
  ranked: readonly string[],
  relevant: ReadonlySet<string>,
  k: number,
): number {
  if (relevant.size === 0) return 0;
  let dcg = 0;
  firstOccurrences(ranked, k).forEach((name, position) => {
    if (relevant.has(name)) dcg += discount(position);
  });
  let ideal = 0;
  for (let position = 0; position < Math.min(relevant.size, k); position++)
    ideal += discount(position);
  return dcg / ideal;
}

/**
 * 1 / rank of the first relevant tool (1-based), or 0 when none was retrieved.
 *
 * @example
 * ```ts
 * import { reciprocalRank } from '@arsenal/cli';
 *
 * reciprocalRank(['x', 'y', 'a'], new Set(['a'])); // 1 / 3
 * reciprocalRank(['x', 'y'], new Set(['a'])); // 0
 * ```
 */
export function reciprocalRank(ranked: readonly string[], relevant: ReadonlySet<string>): number {
  const position = firstOccurrences(ranked, ranked.length).findIndex((name) => relevant.has(name));
  return position === -1 ? 0 : 1 / (position + 1);
}

/**
 * The arithmetic mean, or 0 for no values.
 *
 * @example
 * ```ts
 * import { mean } from '@arsenal/cli';
 *
 * mean([0.5, 1, 0]); // 0.5
 * mean([]); // 0
 * ```
 */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/**
 * Nearest-rank percentile: the smallest value with at least p% of the values at or below it.
 *
 * @example
 * ```ts
 * import { percentile } from '@arsenal/cli';
 *
 * percentile([5, 1, 3, 2, 4], 50); // 3
 * percentile([5, 1, 3, 2, 4], 95); // 5
 * ```
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((Math.min(100, Math.max(0, p)) / 100) * sorted.length);
  return sorted[Math.max(0, rank - 1)]!;
}
