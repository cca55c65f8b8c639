/** One kept candidate: a row of the store and its score. */
export interface RankedRow {
  row: number;
  score: number;
}

/**
 * Keeps the `capacity` best (row, score) pairs offered so far in a bounded min-heap whose root is
 * the worst pair kept, so a scan of n rows costs O(n log k) and O(k) memory instead of a full sort.
 * `compareRows(a, b)` breaks score ties: negative when row `a` ranks before row `b`.
 */
export class TopK {
  readonly #capacity: number;
  readonly #rows: Int32Array;
  readonly #scores: Float64Array;
  readonly #compareRows: (a: number, b: number) => number;
  #size = 0;

  constructor(capacity: number, compareRows: (a: number, b: number) => number) {
    this.#capacity = capacity;
    this.#rows = new Int32Array(capacity);
    this.#scores = new Float64Array(capacity);
    this.#compareRows = compareRows;
  }

  get size(): number {
    return this.#size;
  }

  offer(row: number, score: number): void {
    if (this.#size < this.#capacity) {
      this.#rows[this.#size] = row;
      this.#scores[this.#size] = score;
      this.#siftUp(this.#size);
      this.#size += 1;
      return;
    }
    if (this.#capacity === 0) return;
    const worstScore = this.#scores[0]!;
    // Most rows of a large scan stop at this comparison, which keeps the heap cheap.
    if (score < worstScore) return;
    if (score === worstScore && this.#compareRows(row, this.#rows[0]!) >= 0) return;
    this.#rows[0] = row;
    this.#scores[0] = score;
    this.#siftDown(0);
  }

  /** The kept pairs, best first. */
  sorted(): RankedRow[] {
    const ranked: RankedRow[] = [];
    for (let index = 0; index < this.#size; index++) {
      ranked.push({ row: this.#rows[index]!, score: this.#scores[index]! });
    }
    return ranked.sort((a, b) => b.score - a.score || this.#compareRows(a.row, b.row));
  }

  /** Whether the pair at heap slot `a` ranks below the pair at slot `b`. */
  #isWorse(a: number, b: number): boolean {
    const scoreA = this.#scores[a]!;
    const scoreB = this.#scores[b]!;
    if (scoreA !== scoreB) return scoreA < scoreB;
    return this.#compareRows(this.#rows[a]!, this.#rows[b]!) > 0;
  }

  #siftUp(start: number): void {
    let child = start;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.#isWorse(child, parent)) return;
      this.#swap(child, parent);
      child = parent;
    }
  }

  #siftDown(start: number): void {
    let parent = start;
    for (;;) {
      const left = parent * 2 + 1;
      if (left >= this.#size) return;
      const right = left + 1;
      const worseChild = right < this.#size && this.#isWorse(right, left) ? right : left;
      if (!this.#isWorse(worseChild, parent)) return;
      this.#swap(worseChild, parent);
      parent = worseChild;
    }
  }

  #swap(a: number, b: number): void {
    const row = this.#rows[a]!;
    const score = this.#scores[a]!;
    this.#rows[a] = this.#rows[b]!;
    this.#scores[a] = this.#scores[b]!;
    this.#rows[b] = row;
    this.#scores[b] = score;
  }
}
