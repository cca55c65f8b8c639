/** Slots of a new table; a power of two. */
const INITIAL_SLOTS = 4096;

/** FNV-1a's offset basis: the hash of a word before its first character. */
export const WORD_HASH_START = 0x811c9dc5 | 0;

/** The hash of a word after one more character (FNV-1a over UTF-16 code units). */
export function nextWordHash(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}

/** Whether `text` holds `word` at `start` (compared in place: words are short). */
function sameAt(text: string, start: number, word: string): boolean {
  for (let i = 0; i < word.length; i++)
    if (text.charCodeAt(start + i) !== word.charCodeAt(i)) return false;
  return true;
}

/**
 * Term ids by word, looked up by a slice of a text without making the slice: the caller hashes
 * the word's characters as it scans them (`nextWordHash`), and a known word costs a probe and a
 * comparison in place. A `Map` keyed by the word needed a new string per word read, and hashing
 * it again, which was most of indexing a description.
 */
export class WordIdTable {
  /**
   * Two numbers per slot: the hash of the word there and its entry number + 1 (0: an empty
   * slot), side by side so that a probe reads one place. Open addressing, linear probing.
   */
  #slots = new Int32Array(INITIAL_SLOTS * 2);
  readonly #words: string[] = [];
  readonly #ids: (number | Int32Array)[] = [];

  /** Words held. */
  get size(): number {
    return this.#words.length;
  }

  /** The ids of the word `text.slice(start, end)`, whose hash is `hash`, if it is held. */
  get(text: string, start: number, end: number, hash: number): number | Int32Array | undefined {
    const slots = this.#slots;
    const mask = slots.length - 1;
    const length = end - start;
    for (let slot = (hash << 1) & mask; ; slot = (slot + 2) & mask) {
      const entry = slots[slot + 1]! - 1;
      if (entry < 0) return undefined;
      if (slots[slot] !== hash) continue;
      const word = this.#words[entry]!;
      if (word.length === length && sameAt(text, start, word)) return this.#ids[entry];
    }
  }

  /** Hold the ids of `word` (not held yet), whose hash is `hash`. */
  set(word: string, hash: number, ids: number | Int32Array): void {
    const entry = this.#words.length;
    // At most half the slots in use.
    if ((entry + 1) * 4 > this.#slots.length) this.#grow();
    this.#words.push(word);
    this.#ids.push(ids);
    place(this.#slots, hash, entry);
  }

  clear(): void {
    if (this.#words.length === 0) return;
    this.#words.length = 0;
    this.#ids.length = 0;
    this.#slots.fill(0);
  }

  #grow(): void {
    const old = this.#slots;
    const slots = new Int32Array(old.length * 2);
    for (let slot = 0; slot < old.length; slot += 2)
      if (old[slot + 1] !== 0) place(slots, old[slot]!, old[slot + 1]! - 1);
    this.#slots = slots;
  }
}

function place(slots: Int32Array, hash: number, entry: number): void {
  const mask = slots.length - 1;
  let slot = (hash << 1) & mask;
  while (slots[slot + 1] !== 0) slot = (slot + 2) & mask;
  slots[slot] = hash;
  slots[slot + 1] = entry + 1;
}
