import { analyzeInto, analyzeRepeatedInto, type TermBuffer } from '../text/tokenize.js';
import type { LexicalDocument, LexicalFieldOptions } from './lexical-types.js';

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

  constructor(fieldNames: readonly string[], fields: readonly LexicalFieldOptions[]) {
    this.#fieldNames = fieldNames;
    this.#keepStopWords = fields.map((field) => field.keepStopWords === true);
    this.lengths = new Float64Array(fieldNames.length);
  }

  /**
   * The document's occurrence keys (valid until the next call), `termId` giving each token's
   * id (and making one for a new term); token counts per field go to `lengths`.
   */
  keys(document: LexicalDocument, termId: (term: string) => number): Int32Array {
    const fieldCount = this.#fieldNames.length;
    const lengths = this.lengths;
    lengths.fill(0);
    const buffer = this.#terms;
    let keys = this.#keys;
    let keyCount = 0;
    for (let f = 0; f < fieldCount; f++) {
      const text = document[this.#fieldNames[f]!];
      if (!text) continue;
      buffer.count = 0;
      const keepStopWords = this.#keepStopWords[f]!;
      // A list of texts: each short one's terms are remembered (they repeat across documents).
      if (typeof text === 'string') analyzeInto(text, keepStopWords, buffer);
      else
        for (let p = 0; p < text.length; p++) analyzeRepeatedInto(text[p]!, keepStopWords, buffer);
      lengths[f] = buffer.count;
      const tokens = buffer.terms;
      if (keyCount + buffer.count > keys.length) {
        const grown = new Int32Array(Math.max(keys.length * 2, keyCount + buffer.count));
        grown.set(keys.subarray(0, keyCount));
        keys = grown;
        this.#keys = grown;
      }
      for (let t = 0; t < buffer.count; t++) keys[keyCount++] = termId(tokens[t]!) * fieldCount + f;
    }
    return keys.subarray(0, keyCount);
  }
}
