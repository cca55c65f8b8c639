/**
 * The documents a term occurs in, in the order they were indexed, and its weight in each, in two
 * typed arrays grown by doubling as documents are added; `trim` gives the room back once a batch
 * is in.
 */
export class PostingsList {
  docs: Int32Array;
  weights: Float32Array;
  length = 0;
  /** The largest weight ever pushed: a bound on what the term adds to any document's score. */
  maxWeight = 0;

  /** `capacity`: the postings expected, when known (the list grows past it all the same). */
  constructor(capacity = 4) {
    this.docs = new Int32Array(Math.max(4, capacity));
    this.weights = new Float32Array(this.docs.length);
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
