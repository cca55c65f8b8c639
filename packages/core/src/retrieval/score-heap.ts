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

/** Take the lowest-ranked out of a heap of `kept` until it is empty: the list fills from its end. */
function drain(heap: Int32Array, scores: Float64Array, kept: number): Int32Array {
  for (let end = kept - 1; end > 0; end--) {
    const last = heap[0]!;
    heap[0] = heap[end]!;
    heap[end] = last;
    siftDown(heap, scores, 0, end);
  }
  return heap;
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
  if (kept === 0) return heap;
  // The lowest-ranked kept, held apart: most matches fall below it and cost one comparison.
  let lowest = scores[heap[0]!]!;
  for (let i = kept; i < size; i++) {
    const doc = docs[i]!;
    const score = scores[doc]!;
    if (score < lowest || (score === lowest && doc > heap[0]!)) continue;
    heap[0] = doc;
    siftDown(heap, scores, 0, kept);
    lowest = scores[heap[0]!]!;
  }
  return drain(heap, scores, kept);
}

/**
 * The `count` best documents whose bits are set in `seen`, among the first `documents`, by
 * `scores`, best first: `bestScores` for a search that matched a large share of the documents,
 * which reads them in their order rather than in the order they were met. Documents not met
 * score 0 in `scores`.
 */
export function bestSeen(
  seen: Uint32Array,
  documents: number,
  scores: Float64Array,
  count: number,
): Int32Array {
  const heap = new Int32Array(count);
  let kept = 0;
  // The first `count` documents met fill the heap.
  let next = documents;
  const words = Math.ceil(documents / 32);
  for (let w = 0; w < words && kept < count; w++) {
    let bits = seen[w]! | 0;
    while (bits !== 0 && kept < count) {
      const low = bits & -bits;
      bits ^= low;
      heap[kept++] = w * 32 + 31 - Math.clz32(low);
    }
    if (kept === count) next = heap[kept - 1]! + 1;
  }
  for (let i = (kept >> 1) - 1; i >= 0; i--) siftDown(heap, scores, i, kept);
  if (kept === count && count > 0) {
    // The rest are read by score alone: a document not met scores 0, never above the lowest kept
    // (scores are not negative), and one that ties the lowest kept comes after it, so ranks below.
    let lowest = scores[heap[0]!]!;
    for (let doc = next; doc < documents; doc++) {
      if (scores[doc]! <= lowest) continue;
      heap[0] = doc;
      siftDown(heap, scores, 0, kept);
      lowest = scores[heap[0]!]!;
    }
  }
  return drain(heap.subarray(0, kept), scores, kept);
}

/** How many bits are set in `seen[0 .. ceil(documents / 32))`. */
export function countSeen(seen: Uint32Array, documents: number): number {
  let count = 0;
  const words = Math.ceil(documents / 32);
  for (let w = 0; w < words; w++) {
    let bits = seen[w]! | 0;
    bits -= (bits >>> 1) & 0x55555555;
    bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
    count += Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}
