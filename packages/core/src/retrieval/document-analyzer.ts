import { analyzeInto, asciiWordTerms, type TermBuffer } from '../text/tokenize.js';
import type { LexicalDocument, LexicalFieldOptions } from './lexical-types.js';
import { nextWordHash, WORD_HASH_START, WordIdTable, WordTermTable } from './word-id-table.js';

/** Longest text of a list field whose term ids are remembered (see `#textIds`). */
const REMEMBERED_TEXT_LENGTH = 100;
/** Texts (and words) remembered at most before the memo starts again. */
const REMEMBERED_TEXTS = 50_000;
const NO_IDS = new Int32Array(0);
/** A remembered text's ids are kept in the pool as `offset × PART_SPAN + count` when fewer. */
const PART_SPAN = 128;

/**
 * The terms of the words of ASCII texts, by whether stop words are kept, across batches and
 * indexes: the first time a batch meets a word, its terms are found here by the hash its scan
 * computed, without the word's string and its hashing again by a `Map`.
 */
const WORD_TERMS: [WordTermTable, WordTermTable] = [new WordTermTable(), new WordTermTable()];

/**
 * Whether every UTF-16 code unit of a text is below 128. A loop, not a regular expression: most
 * texts read here are a few words long, where calling into the expression cost more than the test.
 */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** The terms of the word `text.slice(start, end)`, whose hash is `hash` (see `asciiWordTerms`). */
function wordTermsAt(
  text: string,
  start: number,
  end: number,
  hash: number,
  keepStopWords: boolean,
): readonly string[] {
  const table = WORD_TERMS[keepStopWords ? 1 : 0];
  let terms = table.get(text, start, end, hash);
  if (terms === undefined) {
    terms = asciiWordTerms(text.slice(start, end), keepStopWords);
    if (table.size >= REMEMBERED_TEXTS) table.clear();
    table.setAt(text, start, end, hash, terms);
  }
  return terms;
}

/**
 * Turns a document's fields into occurrence keys, one per token: `termId × fieldCount + field`.
 * Sorting the keys groups them by term, then field, and counting runs gives a document's term
 * counts without a map or an array per term. The buffers are kept from one document to the
 * next: a fresh array per document was garbage.
 */
export class DocumentAnalyzer {
  readonly #fieldNames: readonly string[];
  readonly #keepStopWords: readonly boolean[];
  /** Token count per field of the document last analysed. */
  readonly lengths: Float64Array;
  // Int32: sorting them is cheaper than doubles, and term × fields stays far below 2^31 (see
  // LexicalIndex's term limit).
  #keys = new Int32Array(256);
  readonly #terms: TermBuffer = { terms: [], count: 0 };
  /**
   * The term ids of the short non-ASCII texts of list fields (parameter names and descriptions,
   * enum values, tags), by whether stop words are kept: across a catalog they repeat, and a text
   * seen before then costs one lookup instead of its analysis and a lookup per term. Ids are
   * the index's, valid until it is cleared; kept for a batch of additions only (`forget`).
   * A text's ids sit in `#partIds` (one array for all, not one per text: those were garbage),
   * at `offset × PART_SPAN + count`; a text with more ids than that has its own array.
   */
  #textIds: [Map<string, number | Int32Array>, Map<string, number | Int32Array>] = [
    new Map(),
    new Map(),
  ];
  #partIds = new Int32Array(1024);
  #partIdsUsed = 0;
  /**
   * The term ids of the words of ASCII texts (descriptions, names), by whether stop words are
   * kept: a word's one id as a number (most words), else its ids. Kept as `#textIds` is.
   */
  readonly #wordIds: [WordIdTable, WordIdTable] = [new WordIdTable(), new WordIdTable()];

  constructor(fieldNames: readonly string[], fields: readonly LexicalFieldOptions[]) {
    this.#fieldNames = fieldNames;
    this.#keepStopWords = fields.map((field) => field.keepStopWords === true);
    this.lengths = new Float64Array(fieldNames.length);
  }

  /**
   * Drop the remembered term ids: once a batch is indexed, and whenever the index's term ids
   * change (a cleared index numbers its terms again).
   */
  forget(): void {
    if (this.#textIds[0].size > 0 || this.#textIds[1].size > 0)
      this.#textIds = [new Map(), new Map()];
    this.#partIdsUsed = 0;
    this.#wordIds[0].clear();
    this.#wordIds[1].clear();
  }

  /**
   * The document's occurrence keys (valid until the next call), `termId` giving each token's
   * id (and making one for a new term); token counts per field go to `lengths`.
   */
  keys(document: LexicalDocument, termId: (term: string) => number): Int32Array {
    const fieldCount = this.#fieldNames.length;
    const lengths = this.lengths;
    lengths.fill(0);
    let keyCount = 0;
    for (let f = 0; f < fieldCount; f++) {
      const text = document[this.#fieldNames[f]!];
      if (!text) continue;
      const keepStopWords = this.#keepStopWords[f]!;
      if (typeof text === 'string') {
        const before = keyCount;
        keyCount = this.#textKeys(text, keepStopWords, f, termId, keyCount);
        lengths[f] = keyCount - before;
        continue;
      }
      // A list of texts: each short one's term ids are remembered (they repeat across documents)
      // unless it is ASCII, read word by word at the cost of a lookup per word (a memo of whole
      // texts cost more than it saved: most texts of a catalog are met once).
      const memo = this.#textIds[keepStopWords ? 1 : 0];
      let length = 0;
      for (let p = 0; p < text.length; p++) {
        const part = text[p]!;
        if (isAscii(part)) {
          const before = keyCount;
          keyCount = this.#asciiKeys(part, keepStopWords, f, termId, keyCount);
          length += keyCount - before;
          continue;
        }
        const remembered = part.length <= REMEMBERED_TEXT_LENGTH;
        const ids = remembered ? memo.get(part) : undefined;
        if (ids === undefined) {
          const before = keyCount;
          keyCount = this.#textKeys(part, keepStopWords, f, termId, keyCount);
          length += keyCount - before;
          if (remembered) {
            if (memo.size >= REMEMBERED_TEXTS) this.#forgetTexts();
            memo.set(part, this.#rememberIds(before, keyCount, f));
          }
          continue;
        }
        if (typeof ids === 'number') {
          const count = ids % PART_SPAN;
          const offset = (ids - count) / PART_SPAN;
          const keys = this.#room(keyCount, count);
          const pool = this.#partIds;
          for (let t = 0; t < count; t++) keys[keyCount++] = pool[offset + t]! * fieldCount + f;
          length += count;
          continue;
        }
        const keys = this.#room(keyCount, ids.length);
        for (let t = 0; t < ids.length; t++) keys[keyCount++] = ids[t]! * fieldCount + f;
        length += ids.length;
      }
      lengths[f] = length;
    }
    return this.#keys.subarray(0, keyCount);
  }

  /** Append the keys of a text in field `f` after the first `keyCount`; returns the new count. */
  #textKeys(
    text: string,
    keepStopWords: boolean,
    f: number,
    termId: (term: string) => number,
    keyCount: number,
  ): number {
    if (isAscii(text)) return this.#asciiKeys(text, keepStopWords, f, termId, keyCount);
    const buffer = this.#terms;
    buffer.count = 0;
    analyzeInto(text, keepStopWords, buffer);
    const keys = this.#room(keyCount, buffer.count);
    const fieldCount = this.#fieldNames.length;
    const tokens = buffer.terms;
    for (let t = 0; t < buffer.count; t++) keys[keyCount++] = termId(tokens[t]!) * fieldCount + f;
    return keyCount;
  }

  /**
   * Append the keys of an ASCII text in field `f` after the first `keyCount`, word by word (words
   * are runs of ASCII letters and digits, as `analyze` reads such a text); returns the new count.
   * Each word's term ids are looked up once per batch, and new terms get their ids in the order
   * their tokens come, as they would from the text's terms.
   */
  #asciiKeys(
    text: string,
    keepStopWords: boolean,
    f: number,
    termId: (term: string) => number,
    keyCount: number,
  ): number {
    const fieldCount = this.#fieldNames.length;
    const memo = this.#wordIds[keepStopWords ? 1 : 0];
    let keys: Int32Array = this.#keys;
    let start = -1;
    let hash = WORD_HASH_START;
    for (let i = 0; i <= text.length; i++) {
      const code = i < text.length ? text.charCodeAt(i) : 32;
      if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57)) {
        if (start < 0) {
          start = i;
          hash = WORD_HASH_START;
        }
        hash = nextWordHash(hash, code);
        continue;
      }
      if (start < 0) continue;
      let ids = memo.get(text, start, i, hash);
      if (ids === undefined) {
        const terms = wordTermsAt(text, start, i, hash, keepStopWords);
        ids =
          terms.length === 1
            ? termId(terms[0]!)
            : terms.length === 0
              ? NO_IDS
              : Int32Array.from(terms, termId);
        if (memo.size >= REMEMBERED_TEXTS) memo.clear();
        memo.setAt(text, start, i, hash, ids);
      }
      start = -1;
      if (typeof ids === 'number') {
        if (keyCount === keys.length) keys = this.#room(keyCount, 1);
        keys[keyCount++] = ids * fieldCount + f;
      } else if (ids.length > 0) {
        if (keyCount + ids.length > keys.length) keys = this.#room(keyCount, ids.length);
        for (let t = 0; t < ids.length; t++) keys[keyCount++] = ids[t]! * fieldCount + f;
      }
    }
    return keyCount;
  }

  /**
   * The term ids of keys `before` to `after` of field `f`, kept for a text seen again: their
   * place in `#partIds` (see `#textIds`), or an array of their own when there are many.
   */
  #rememberIds(before: number, after: number, f: number): number | Int32Array {
    const fieldCount = this.#fieldNames.length;
    const keys = this.#keys;
    const count = after - before;
    if (count >= PART_SPAN) {
      const own = new Int32Array(count);
      for (let t = 0; t < count; t++) own[t] = (keys[before + t]! - f) / fieldCount;
      return own;
    }
    const offset = this.#partIdsUsed;
    if (offset + count > this.#partIds.length) {
      const grown = new Int32Array(Math.max(this.#partIds.length * 2, offset + count));
      grown.set(this.#partIds.subarray(0, offset));
      this.#partIds = grown;
    }
    const pool = this.#partIds;
    for (let t = 0; t < count; t++) pool[offset + t] = (keys[before + t]! - f) / fieldCount;
    this.#partIdsUsed = offset + count;
    return offset * PART_SPAN + count;
  }

  /** Start the text memos again when one is full: both point into the pool emptied. */
  #forgetTexts(): void {
    this.#textIds[0].clear();
    this.#textIds[1].clear();
    this.#partIdsUsed = 0;
  }

  /** The key buffer, grown to hold `more` keys after the first `used`. */
  #room(used: number, more: number): Int32Array {
    const keys = this.#keys;
    if (used + more <= keys.length) return keys;
    const grown = new Int32Array(Math.max(keys.length * 2, used + more));
    grown.set(keys.subarray(0, used));
    this.#keys = grown;
    return grown;
  }
}
