/**
 * The documents a term occurs in, in the order they were indexed, and its weight in each, in two
 * typed arrays grown by doubling as documents are added; `trim` gives the room back once a batch
 * is in. Lists of a batch posted at once may share their arrays' memory (`carvePostingsLists`):
 * a list that outgrows its share copies into arrays of its own.
 */
export class PostingsList {
  docs: Int32Array;
  weights: Float32Array;
  length = 0;
  /** The largest weight ever pushed: a bound on what the term adds to any document's score. */
  maxWeight = 0;

  /**
   * `capacity`: the postings expected, when known (the list grows past it all the same); or the
   * arrays the list fills, empty, of the same length.
   */
  constructor(capacity: number | { docs: Int32Array; weights: Float32Array } = 4) {
    if (typeof capacity === 'number') {
      this.docs = new Int32Array(Math.max(4, capacity));
      this.weights = new Float32Array(this.docs.length);
    } else {
      this.docs = capacity.docs;
      this.weights = capacity.weights;
    }
  }

  push(doc: number, weight: number): void {
    if (this.length === this.docs.length) {
      const docs = new Int32Array(Math.max(4, this.length * 2));
      docs.set(this.docs);
      this.docs = docs;
      const weights = new Float32Array(docs.length);
      weights.set(this.weights);
      this.weights = weights;
    }
    this.docs[this.length] = doc;
    this.weights[this.length] = weight;
    this.length++;
    // Compared as stored (float32), so the bound is never below a stored weight.
    const stored = this.weights[this.length - 1]!;
    if (stored > this.maxWeight) this.maxWeight = stored;
  }

  /** Where `doc` is in the list, or -1 (documents are pushed in increasing order). */
  indexOf(doc: number): number {
    const docs = this.docs;
    let low = 0;
    let high = this.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const found = docs[middle]!;
      if (found === doc) return middle;
      if (found < doc) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** Give back the room kept for growth (a quarter of the postings on average). */
  trim(): void {
    if (this.docs.length === this.length) return;
    this.docs = this.docs.slice(0, this.length);
    this.weights = this.weights.slice(0, this.length);
  }
}

/**
 * Empty lists with room for `sizes[term]` postings each (`empty` where a size is 0), carved from
 * one array of documents and one of weights for them all: one allocation per batch instead of
 * two per list, which the collector paid for (tens of thousands of small arrays per catalog).
 * Each list is full once its postings are in; a later push copies it into arrays of its own.
 */
export function carvePostingsLists(sizes: Int32Array, empty: PostingsList): PostingsList[] {
  let total = 0;
  for (let term = 0; term < sizes.length; term++) total += sizes[term]!;
  const docs = new Int32Array(total);
  const weights = new Float32Array(total);
  const docsBuffer = docs.buffer;
  const weightsBuffer = weights.buffer;
  const lists: PostingsList[] = [];
  let offset = 0;
  for (let term = 0; term < sizes.length; term++) {
    const size = sizes[term]!;
    if (size === 0) {
      lists.push(empty);
      continue;
    }
    lists.push(
      new PostingsList({
        docs: new Int32Array(docsBuffer, offset * 4, size),
        weights: new Float32Array(weightsBuffer, offset * 4, size),
      }),
    );
    offset += size;
  }
  return lists;
}
