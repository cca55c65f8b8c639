/** Slots of a new table; a power of two. */
const INITIAL_SLOTS = 4096;
/**
 * Numbers per slot (a slot starts at `hash << 2`): the word's hash, where its characters start
 * + 1 (0: an empty slot), its length, and its id (`-1 - n` for the n-th list of `#lists`).
 */
const SLOT = 4;

/** FNV-1a's offset basis: the hash of a word before its first character. */
export const WORD_HASH_START = 0x811c9dc5 | 0;

/** The hash of a word after one more character (FNV-1a over UTF-16 code units). */
export function nextWordHash(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}

/**
 * Term ids by word, looked up by a slice of a text without making the slice: the caller hashes
 * the word's characters as it scans them (`nextWordHash`), and a known word costs a probe and a
 * comparison in place. A `Map` keyed by the word needed a new string per word read, and hashing
 * it again, which was most of indexing a description.
 *
 * A slot holds the word's length and, for a word of one term (most words), its id; the words'
 * characters sit one after another in one buffer. A lookup then reads two places in memory (the
 * slot, the characters), where a list of the words' strings and one of their ids made it four:
 * over a catalog's hundreds of thousands of words, those reads were most of the lookup's time.
 */
export class WordIdTable {
  /** `SLOT` numbers per slot. Open addressing, linear probing. */
  #slots = new Int32Array(INITIAL_SLOTS * SLOT);
  /** The characters of the words held, one word after another. */
  #chars = new Uint16Array(INITIAL_SLOTS * 4);
  #charsUsed = 0;
  /** The ids of the words that have none or several. */
  readonly #lists: Int32Array[] = [];
  #size = 0;

  /** Words held. */
  get size(): number {
    return this.#size;
  }

  /** The ids of the word `text.slice(start, end)`, whose hash is `hash`, if it is held. */
  get(text: string, start: number, end: number, hash: number): number | Int32Array | undefined {
    const slots = this.#slots;
    const mask = slots.length - 1;
    const length = end - start;
    for (let slot = (hash << 2) & mask; ; slot = (slot + SLOT) & mask) {
      const at = slots[slot + 1]! - 1;
      if (at < 0) return undefined;
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
      if (!same) continue;
      const ids = slots[slot + 3]!;
      return ids >= 0 ? ids : this.#lists[-1 - ids];
    }
  }

  /** Hold the ids of `word` (not held yet), whose hash is `hash`. */
  set(word: string, hash: number, ids: number | Int32Array): void {
    // At most half the slots in use.
    if ((this.#size + 1) * 2 * SLOT > this.#slots.length) this.#grow();
    const at = this.#charsUsed;
    if (at + word.length > this.#chars.length) {
      const grown = new Uint16Array(Math.max(this.#chars.length * 2, at + word.length));
      grown.set(this.#chars.subarray(0, at));
      this.#chars = grown;
    }
    const chars = this.#chars;
    for (let i = 0; i < word.length; i++) chars[at + i] = word.charCodeAt(i);
    this.#charsUsed = at + word.length;
    let stored = ids;
    if (typeof stored !== 'number') {
      this.#lists.push(stored);
      stored = -this.#lists.length;
    }
    place(this.#slots, hash, at + 1, word.length, stored);
    this.#size++;
  }

  clear(): void {
    if (this.#size === 0) return;
    this.#size = 0;
    this.#charsUsed = 0;
    this.#lists.length = 0;
    this.#slots.fill(0);
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
