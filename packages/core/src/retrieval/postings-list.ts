/**
 * The documents a term occurs in and its weight in each, in two typed arrays grown by doubling
 * as documents are added; `trim` gives the room back once a batch is in.
 */
export class PostingsList {
  docs = new Int32Array(4);
  weights = new Float32Array(4);
  length = 0;
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
  }

  /** Give back the room kept for growth (a quarter of the postings on average). */
  trim(): void {
    if (this.docs.length === this.length) return;
    this.docs = this.docs.slice(0, this.length);
    this.weights = this.weights.slice(0, this.length);
  }
}
