// The best-scoring documents of a search, in order, without sorting every match: a min-heap of
// the `count` best seen so far is kept while the matches are read once, so each match that is not
// among them costs one comparison. Ties go to the earlier-indexed document, as a stable sort would.

/** Whether document `a` ranks above document `b`: a higher score, or the same and indexed first. */
function ranksAbove(scores: Float64Array, a: number, b: number): boolean {
  return scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
}

/** Restore the heap below `start`, the lowest-ranked document on top. */
function siftDown(heap: Int32Array, scores: Float64Array, start: number, size: number): void {
  let i = start;
  for (;;) {
    const left = 2 * i + 1;
    let bottom = i;
    if (left < size && ranksAbove(scores, heap[bottom]!, heap[left]!)) bottom = left;
    if (left + 1 < size && ranksAbove(scores, heap[bottom]!, heap[left + 1]!)) bottom = left + 1;
    if (bottom === i) return;
    const swap = heap[i]!;
    heap[i] = heap[bottom]!;
    heap[bottom] = swap;
    i = bottom;
  }
}

/**
 * The `count` best of `docs[0 .. size)` by `scores`, best first (all of them when there are
 * fewer).
 */
export function bestScores(
  docs: Int32Array,
  size: number,
  scores: Float64Array,
  count: number,
): Int32Array {
  const kept = Math.min(count, size);
  const heap = docs.slice(0, kept);
  for (let i = (kept >> 1) - 1; i >= 0; i--) siftDown(heap, scores, i, kept);
  for (let i = kept; i < size; i++) {
    const doc = docs[i]!;
    if (kept > 0 && ranksAbove(scores, doc, heap[0]!)) {
      heap[0] = doc;
      siftDown(heap, scores, 0, kept);
    }
  }
  // Taking the lowest-ranked out each time fills the list from its end.
  for (let end = kept - 1; end > 0; end--) {
    const last = heap[0]!;
    heap[0] = heap[end]!;
    heap[end] = last;
    siftDown(heap, scores, 0, end);
  }
  return heap;
}
