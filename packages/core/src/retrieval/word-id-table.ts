/** Slots of a new table; a power of two. */
const INITIAL_SLOTS = 4096;
/**
 * Numbers per slot (a slot starts at `hash << 2`): the word's hash, where its characters start
 * + 1 (0: an empty slot), its length, and its value.
 */
const SLOT = 4;

/** FNV-1a's offset basis: the hash of a word before its first character. */
export const WORD_HASH_START = 0x811c9dc5 | 0;

/** The hash of a word after one more character (FNV-1a over UTF-16 code units). */
export function nextWordHash(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}

/**
 * Words held by a hash computed while a text is scanned, looked up by a slice of that text
 * without making the slice. A slot holds the word's hash, where its characters start in one
 * buffer shared by every word, its length and one number for its value: a lookup reads two places
 * in memory (the slot, the characters). Open addressing, linear probing, at most half the slots
 * in use.
 */
class WordSlots {
  /** `SLOT` numbers per slot. */
  #slots = new Int32Array(INITIAL_SLOTS * SLOT);
  /** The characters of the words held, one word after another. */
  #chars = new Uint16Array(INITIAL_SLOTS * 4);
  #charsUsed = 0;
  #size = 0;

  /** Words held. */
  get size(): number {
    return this.#size;
  }

  /** The value of the word `text.slice(start, end)`, whose hash is `hash`, or -1 when not held. */
  protected slotOf(text: string, start: number, end: number, hash: number): number {
    const slots = this.#slots;
    const mask = slots.length - 1;
    const length = end - start;
    for (let slot = (hash << 2) & mask; ; slot = (slot + SLOT) & mask) {
      const at = slots[slot + 1]! - 1;
      if (at < 0) return -1;
      if (slots[slot] !== hash || slots[slot + 2] !== length) continue;
      // Compared in place: words are short.
      const chars = this.#chars;
      let same = true;
      for (let i = 0; i < length; i++) {
        if (text.charCodeAt(start + i) !== chars[at + i]) {
          same = false;
          break;
        }
      }
      if (same) return slot;
    }
  }

  /** The value held in a slot `slotOf` found. */
  protected valueAt(slot: number): number {
    return this.#slots[slot + 3]!;
  }

  /** Hold the word `text.slice(start, end)` (not held yet), whose hash is `hash`, with `value`. */
  protected hold(text: string, start: number, end: number, hash: number, value: number): void {
    if ((this.#size + 1) * 2 * SLOT > this.#slots.length) this.#grow();
    const length = end - start;
    const at = this.#charsUsed;
    if (at + length > this.#chars.length) {
      const grown = new Uint16Array(Math.max(this.#chars.length * 2, at + length));
      grown.set(this.#chars.subarray(0, at));
      this.#chars = grown;
    }
    const chars = this.#chars;
    for (let i = 0; i < length; i++) chars[at + i] = text.charCodeAt(start + i);
    this.#charsUsed = at + length;
    place(this.#slots, hash, at + 1, length, value);
    this.#size++;
  }

  /** Hold no word; a table grown for a large batch goes back to its first size. */
  clear(): void {
    if (this.#size === 0) return;
    this.#size = 0;
    this.#charsUsed = 0;
    if (this.#slots.length > INITIAL_SLOTS * SLOT) {
      this.#slots = new Int32Array(INITIAL_SLOTS * SLOT);
      this.#chars = new Uint16Array(INITIAL_SLOTS * 4);
    } else this.#slots.fill(0);
  }

  #grow(): void {
    const old = this.#slots;
    const slots = new Int32Array(old.length * 2);
    for (let slot = 0; slot < old.length; slot += SLOT)
      if (old[slot + 1] !== 0)
        place(slots, old[slot]!, old[slot + 1]!, old[slot + 2]!, old[slot + 3]!);
    this.#slots = slots;
  }
}

/**
 * Term ids by word, looked up by a slice of a text without making the slice: the caller hashes
 * the word's characters as it scans them (`nextWordHash`), and a known word costs a probe and a
 * comparison in place. A `Map` keyed by the word needed a new string per word read, and hashing
 * it again, which was most of indexing a description. A word of one term (most words) has its
 * id in its slot; the others' lists are kept apart.
 */
export class WordIdTable extends WordSlots {
  readonly #lists: Int32Array[] = [];

  /** The ids of the word `text.slice(start, end)`, whose hash is `hash`, if it is held. */
  get(text: string, start: number, end: number, hash: number): number | Int32Array | undefined {
    const slot = this.slotOf(text, start, end, hash);
    if (slot < 0) return undefined;
    const ids = this.valueAt(slot);
    return ids >= 0 ? ids : this.#lists[-1 - ids];
  }

  /** Hold the ids of `word` (not held yet), whose hash is `hash`. */
  set(word: string, hash: number, ids: number | Int32Array): void {
    this.setAt(word, 0, word.length, hash, ids);
  }

  /** Hold the ids of the word `text.slice(start, end)` (not held yet), whose hash is `hash`. */
  setAt(text: string, start: number, end: number, hash: number, ids: number | Int32Array): void {
    let value = ids;
    if (typeof value !== 'number') {
      this.#lists.push(value);
      value = -this.#lists.length;
    }
    this.hold(text, start, end, hash, value);
  }

  override clear(): void {
    super.clear();
    this.#lists.length = 0;
  }
}

/** The terms of words (see `asciiWordTerms`), looked up as WordIdTable looks up ids. */
export class WordTermTable extends WordSlots {
  readonly #terms: (readonly string[])[] = [];

  /** The terms of the word `text.slice(start, end)`, whose hash is `hash`, if it is held. */
  get(text: string, start: number, end: number, hash: number): readonly string[] | undefined {
    const slot = this.slotOf(text, start, end, hash);
    return slot < 0 ? undefined : this.#terms[this.valueAt(slot)];
  }

  /** Hold the terms of the word `text.slice(start, end)` (not held yet), whose hash is `hash`. */
  setAt(text: string, start: number, end: number, hash: number, terms: readonly string[]): void {
    this.#terms.push(terms);
    this.hold(text, start, end, hash, this.#terms.length - 1);
  }

  override clear(): void {
    super.clear();
    this.#terms.length = 0;
  }
}

function place(
  slots: Int32Array,
  hash: number,
  startPlusOne: number,
  length: number,
  ids: number,
): void {
  const mask = slots.length - 1;
  let slot = (hash << 2) & mask;
  while (slots[slot + 1] !== 0) slot = (slot + SLOT) & mask;
  slots[slot] = hash;
  slots[slot + 1] = startPlusOne;
  slots[slot + 2] = length;
  slots[slot + 3] = ids;
}
