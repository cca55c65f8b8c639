const MAX_COUNT = 0xffff;

/**
 * The analysed terms of every document of a lexical index, packed in shared typed arrays: per
 * document a run of entries `[termId, field << 16 | count]` and one length per field. One store
 * instead of two small typed arrays per document saves a few hundred bytes per tool.
 * Removed documents keep their run until `compact`.
 */
export class DocumentTermStore {
  readonly #fieldCount: number;
  #entries = new Int32Array(1024);
  #used = 0;
  /** Run of document d: entries[starts[d] .. starts[d + 1]). */
  #starts = new Int32Array(65);
  /** Token count per document and field (more than 65,535 count as 65,535). */
  #lengths: Uint16Array;
  #count = 0;

  constructor(fieldCount: number) {
    this.#fieldCount = fieldCount;
    this.#lengths = new Uint16Array(64 * fieldCount);
  }

  get count(): number {
    return this.#count;
  }

  /** The packed entries; valid until the next append. */
  get entries(): Int32Array {
    return this.#entries;
  }

  start(doc: number): number {
    return this.#starts[doc]!;
  }

  end(doc: number): number {
    return this.#starts[doc + 1]!;
  }

  fieldLength(doc: number, field: number): number {
    return this.#lengths[doc * this.#fieldCount + field]!;
  }

  /**
   * Add the next document from its occurrence keys (term × fieldCount + field), which are
   * sorted here in place and counted into the document's run: entries `[termId, field << 16 |
   * count]` ordered by term, then field. `lengths` is its token count per field. Returns its
   * document number.
   */
  append(keys: Int32Array, lengths: ArrayLike<number>): number {
    const doc = this.#count;
    const sorted = keys.sort();
    // At most one entry pair per key: grown once, before counting.
    const needed = this.#used + sorted.length * 2;
    if (needed > this.#entries.length) {
      const entries = new Int32Array(Math.max(needed, this.#entries.length * 2));
      entries.set(this.#entries.subarray(0, this.#used));
      this.#entries = entries;
    }
    if (doc + 2 > this.#starts.length) {
      const starts = new Int32Array(this.#starts.length * 2 + 2);
      starts.set(this.#starts);
      this.#starts = starts;
      const grown = new Uint16Array((starts.length - 1) * this.#fieldCount);
      grown.set(this.#lengths);
      this.#lengths = grown;
    }
    const entries = this.#entries;
    const fieldCount = this.#fieldCount;
    let at = this.#used;
    for (let i = 0; i < sorted.length; ) {
      const key = sorted[i]!;
      let run = 1;
      while (i + run < sorted.length && sorted[i + run] === key) run++;
      entries[at++] = Math.floor(key / fieldCount);
      entries[at++] = ((key % fieldCount) << 16) | Math.min(run, MAX_COUNT);
      i += run;
    }
    this.#used = at;
    this.#starts[doc + 1] = at;
    for (let f = 0; f < fieldCount; f++)
      this.#lengths[doc * fieldCount + f] = Math.min(lengths[f]!, MAX_COUNT);
    this.#count++;
    return doc;
  }

  /** Release the room kept for growth; appending grows it again. */
  trim(): void {
    if (this.#entries.length > this.#used) this.#entries = this.#entries.slice(0, this.#used);
    const starts = this.#count + 2;
    if (this.#starts.length > starts) {
      this.#starts = this.#starts.slice(0, starts);
      this.#lengths = this.#lengths.slice(0, (starts - 1) * this.#fieldCount);
    }
  }

  /** A store of only `docs`, renumbered 0, 1, 2... in the order given. */
  compact(docs: readonly number[]): DocumentTermStore {
    const next = new DocumentTermStore(this.#fieldCount);
    let size = 0;
    for (const doc of docs) size += this.end(doc) - this.start(doc);
    next.#entries = new Int32Array(Math.max(1024, size));
    next.#starts = new Int32Array(docs.length + 65);
    next.#lengths = new Uint16Array((docs.length + 64) * this.#fieldCount);
    let at = 0;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      next.#entries.set(this.#entries.subarray(this.start(doc), this.end(doc)), at);
      at += this.end(doc) - this.start(doc);
      next.#starts[i + 1] = at;
      for (let f = 0; f < this.#fieldCount; f++)
        next.#lengths[i * this.#fieldCount + f] = this.fieldLength(doc, f);
    }
    next.#used = at;
    next.#count = docs.length;
    return next;
  }
}

/** Field of a packed entry's second word. */
export function entryField(word: number): number {
  return word >>> 16;
}

/** Count of a packed entry's second word. */
export function entryCount(word: number): number {
  return word & MAX_COUNT;
}
