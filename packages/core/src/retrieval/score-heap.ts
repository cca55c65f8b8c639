// A binary max-heap, in place, over document numbers ordered by their scores: the best matches
// come out in order without sorting them all. Ties go to the earlier-indexed document, as a
// stable sort would.

function above(heap: Int32Array, scores: Float64Array, i: number, j: number): boolean {
  const a = heap[i]!;
  const b = heap[j]!;
  return scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
}

function siftDown(heap: Int32Array, scores: Float64Array, start: number, size: number): void {
  let i = start;
  for (;;) {
    const left = 2 * i + 1;
    let top = i;
    if (left < size && above(heap, scores, left, top)) top = left;
    if (left + 1 < size && above(heap, scores, left + 1, top)) top = left + 1;
    if (top === i) return;
    const swap = heap[i]!;
    heap[i] = heap[top]!;
    heap[top] = swap;
    i = top;
  }
}

/** Arrange `heap[0 .. size)` as a heap. */
export function buildScoreHeap(heap: Int32Array, scores: Float64Array, size: number): void {
  for (let i = (size >> 1) - 1; i >= 0; i--) siftDown(heap, scores, i, size);
}

/** Take the best document out of a heap of `size` (it then holds `size - 1`). */
export function popBestScore(heap: Int32Array, scores: Float64Array, size: number): number {
  const best = heap[0]!;
  heap[0] = heap[size - 1]!;
  siftDown(heap, scores, 0, size - 1);
  return best;
}
