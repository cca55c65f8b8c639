import { InvalidArgumentError } from '../errors/arsenal-error.js';
import { analyze } from '../text/tokenize.js';
import { DocumentAnalyzer } from './document-analyzer.js';
import { DocumentTermStore, entryCount, entryField } from './document-terms.js';
import type {
  KeptScores,
  LexicalDocument,
  LexicalFieldOptions,
  LexicalHit,
  LexicalIndexOptions,
  LexicalSearchOptions,
  LexicalSearchResult,
  LexicalSearchWork,
} from './lexical-types.js';
import { carvePostingsLists, PostingsList } from './postings-list.js';
import { allDocuments, type SearchBuffers, topDocuments } from './top-k-search.js';

/**
 * Default query-term saturation (BM25's k3): a word the request repeats counts (k3 + 1)·n / (k3 + n)
 * times, 1.2 for twice, 1.29 for three times. Chosen on a tuning half (docs/benchmarks.md).
 */
const QUERY_TF_SATURATION = 0.5;

const REBUILD_DRIFT = 0.05;

/**
 * A related term in more than this share of the documents is not searched (a word most tools
 * share says little about any of them); small indexes search every one.
 */
const MAX_RELATED_SHARE = 0.05;
const MIN_RELATED_DOCUMENTS = 100;

/**
 * A search over fewer postings reads them all; from this many on, terms that cannot change the
 * hits are only counted (`top-k-search.ts`).
 */
const MIN_BOUNDED_POSTINGS = 2048;

/** A term of a search and what a match of it weighs: its idf, times its stress or weight. */
interface WeightedTerm {
  term: string;
  idf: number;
}

/** A search's scores, kept for later searches to be bounded by. */
interface Kept {
  handle: KeptScores;
  /** Per document; zero where none was met. */
  scores: Float64Array;
  /** The documents met (undefined: read densely, any of the first `documents` may hold one). */
  scored: Int32Array | undefined;
  documents: number;
  /** What each term weighed in that search. */
  weights: Map<string, number>;
  /** `LexicalIndex.#changes` when the scores were kept. */
  changes: number;
}

/** What each term weighs in a search (a term listed twice, as placeholder and related, summed). */
function termWeights(terms: readonly WeightedTerm[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const { term, idf } of terms) weights.set(term, (weights.get(term) ?? 0) + idf);
  return weights;
}

/**
 * Refuses options that could make a score negative or not a number: searches rely on every
 * match adding at least 0 (a bound on the terms left, a document not met scoring 0).
 */
function checkScoringOptions(
  k1: number,
  names: readonly string[],
  fields: readonly LexicalFieldOptions[],
): void {
  if (!(Number.isFinite(k1) && k1 > 0)) {
    throw new InvalidArgumentError(
      `k1 must be a finite number > 0 (BM25's term-frequency saturation; 1.2 is usual), got ${String(k1)}.`,
    );
  }
  fields.forEach((field, f) => {
    if (!(Number.isFinite(field.weight) && field.weight >= 0)) {
      throw new InvalidArgumentError(
        `The weight of field "${names[f]}" must be a finite number >= 0, got ${String(field.weight)}.`,
      );
    }
    if (!(field.b >= 0 && field.b <= 1)) {
      throw new InvalidArgumentError(
        `The length normalisation "b" of field "${names[f]}" must be a number from 0 to 1, got ${String(field.b)}.`,
      );
    }
  });
}

/**
 * An inverted index scored with BM25F: term frequencies from separately weighted and
 * length-normalised fields are combined before saturation, so a word in a tool's name counts
 * more than the same word in a parameter description. Adding and removing documents is
 * incremental; normalisation is refreshed lazily when average field lengths drift.
 */
export class LexicalIndex {
  readonly #fieldNames: string[];
  readonly #fields: LexicalFieldOptions[];
  readonly #countsForFrequency: boolean[];
  readonly #k1: number;
  readonly #k3: number;
  readonly #termIds = new Map<string, number>();
  #postings: PostingsList[] = [];
  /** The postings of every term not posted yet (searches read it as an empty list). */
  readonly #noPostings = new PostingsList(0);
  #documentFrequency: number[] = [];
  #ids: string[] = [];
  #alive: Uint8Array = new Uint8Array(16);
  #terms: DocumentTermStore;
  readonly #analyzer: DocumentAnalyzer;
  /** Occurrence keys (term × fields + field) are 32-bit integers. */
  readonly #maxTerms: number;
  /** A term's id, made for a new term: given to the analyzer. */
  readonly #termId = (term: string): number => {
    let id = this.#termIds.get(term);
    if (id === undefined) {
      id = this.#postings.length;
      if (id >= this.#maxTerms)
        throw new InvalidArgumentError(
          `The lexical index holds ${id} distinct terms, its limit; split the catalog across several Arsenals.`,
        );
      this.#termIds.set(term, id);
      // A new term's postings are made when it is first posted: a batch is posted in lists
      // sized by `#rebuild`, and an empty list made here would be garbage.
      this.#postings.push(this.#noPostings);
      this.#documentFrequency.push(0);
    }
    return id;
  };
  readonly #docOf = new Map<string, number>();
  #liveCount = 0;
  /**
   * Documents below this number are in the postings. Added documents are posted when a search
   * needs them: a batch is posted once, after its averages are known, in lists of the right size.
   */
  #posted = 0;
  #lengthSums: Float64Array;
  #averagesAtBuild: Float64Array;
  /** Per field, the length normalisation of the document being posted (see `#post`). */
  readonly #norms: Float64Array;
  readonly #work: LexicalSearchWork | undefined;
  /** Scores and marks kept between searches: at 100k tools a common word matches tens of thousands, and fresh arrays per search were garbage for the collector. */
  readonly #searchBuffers: SearchBuffers;
  /** Counts the changes to documents and postings: kept scores hold only while it stands still. */
  #changes = 0;
  /** The scores the last search that asked kept (`keepScores`). */
  #kept: Kept | undefined;

  constructor(options: LexicalIndexOptions) {
    this.#fieldNames = Object.keys(options.fields);
    // Copies: `setFieldWeight` changes them, never the caller's options.
    this.#fields = this.#fieldNames.map((name) => ({ ...options.fields[name]! }));
    this.#countsForFrequency = this.#fields.map((field) => field.documentFrequency !== false);
    this.#k1 = options.k1 ?? 1.2;
    checkScoringOptions(this.#k1, this.#fieldNames, this.#fields);
    this.#k3 = options.queryTermSaturation ?? QUERY_TF_SATURATION;
    if (!(this.#k3 >= 0 && Number.isFinite(this.#k3))) {
      throw new InvalidArgumentError(
        `queryTermSaturation must be a finite number >= 0 (0 counts a repeated word once), got ${String(options.queryTermSaturation)}.`,
      );
    }
    this.#lengthSums = new Float64Array(this.#fields.length);
    this.#terms = new DocumentTermStore(this.#fields.length);
    this.#analyzer = new DocumentAnalyzer(this.#fieldNames, this.#fields);
    this.#maxTerms = Math.floor(0x7fffffff / Math.max(1, this.#fieldNames.length));
    this.#averagesAtBuild = new Float64Array(this.#fields.length);
    this.#norms = new Float64Array(this.#fields.length);
    this.#work = options.work;
    this.#searchBuffers = {
      scores: new Float64Array(16),
      touched: new Int32Array(16),
      seen: new Uint32Array(1),
      member: new Uint32Array(1),
      candidates: new Int32Array(16),
      alive: this.#alive,
      dead: false,
      documents: 0,
      k1: this.#k1,
      work: this.#work,
    };
  }

  get size(): number {
    return this.#liveCount;
  }

  has(id: string): boolean {
    return this.#docOf.has(id);
  }

  /** Add or replace a document. */
  add(id: string, document: LexicalDocument): void {
    if (this.#docOf.has(id)) this.remove(id);
    this.#changes++;
    const analyzer = this.#analyzer;
    const doc = this.#terms.append(analyzer.keys(document, this.#termId), analyzer.lengths);
    this.#ids.push(id);
    if (doc >= this.#alive.length) {
      const alive = new Uint8Array(this.#alive.length * 2);
      alive.set(this.#alive);
      this.#alive = alive;
    }
    this.#alive[doc] = 1;
    this.#docOf.set(id, doc);
    this.#liveCount++;
    for (let f = 0; f < this.#fields.length; f++)
      this.#lengthSums[f]! += this.#terms.fieldLength(doc, f);
    if (this.#liveCount === 1) this.#averagesAtBuild.set(this.#averages());
    this.#countFrequency(doc);
  }

  remove(id: string): boolean {
    const doc = this.#docOf.get(id);
    if (doc === undefined) return false;
    this.#changes++;
    this.#docOf.delete(id);
    this.#alive[doc] = 0;
    this.#liveCount--;
    const store = this.#terms;
    for (let f = 0; f < this.#fields.length; f++) this.#lengthSums[f]! -= store.fieldLength(doc, f);
    const entries = store.entries;
    let lastCounted = -1;
    for (let i = store.start(doc); i < store.end(doc); i += 2) {
      const term = entries[i]!;
      if (term !== lastCounted && this.#countsForFrequency[entryField(entries[i + 1]!)]) {
        this.#documentFrequency[term]!--;
        lastCounted = term;
      }
    }
    // Dead postings are skipped at query time; compact once they are a third of the index.
    if (this.#ids.length > 64 && this.#liveCount < (this.#ids.length * 2) / 3) this.#rebuild();
    return true;
  }

  /** A field's weight now (it may differ from the options given: see `setFieldWeight`). */
  fieldWeight(field: string): number | undefined {
    const f = this.#fieldNames.indexOf(field);
    return f < 0 ? undefined : this.#fields[f]!.weight;
  }

  /**
   * Change one field's weight; every posting is recomputed from the kept term counts (no text is
   * analysed again). An unknown field is ignored.
   */
  setFieldWeight(field: string, weight: number): void {
    const f = this.#fieldNames.indexOf(field);
    if (f < 0 || this.#fields[f]!.weight === weight) return;
    if (!(Number.isFinite(weight) && weight >= 0)) {
      throw new InvalidArgumentError(
        `The weight of field "${field}" must be a finite number >= 0, got ${String(weight)}.`,
      );
    }
    this.#fields[f]!.weight = weight;
    this.#rebuild();
  }

  /**
   * Release the room kept for growth in postings and term runs, once a batch of changes is in:
   * growth by doubling leaves a quarter of it unused on average. Adding grows them again.
   */
  trim(): void {
    for (const list of this.#postings) list.trim();
    this.#terms.trim();
    this.#analyzer.forget();
  }

  clear(): void {
    this.#changes++;
    this.#kept = undefined;
    this.#termIds.clear();
    this.#analyzer.forget();
    this.#postings = [];
    this.#documentFrequency = [];
    this.#ids = [];
    this.#terms = new DocumentTermStore(this.#fields.length);
    this.#alive = new Uint8Array(16);
    this.#docOf.clear();
    this.#liveCount = 0;
    this.#posted = 0;
    this.#lengthSums.fill(0);
  }

  /**
   * The analysed terms of a query that the index knows, with their inverse document frequency
   * and how much the query stresses them: a word said again counts more, with diminishing
   * returns (BM25's query-term saturation, `queryTermSaturation`).
   */
  queryTerms(query: string): { term: string; idf: number; repeats: number }[] {
    return this.#knownTerms(this.#countTerms(query));
  }

  #countTerms(query: string): Map<string, number> {
    const counts = new Map<string, number>();
    for (const term of analyze(query)) counts.set(term, (counts.get(term) ?? 0) + 1);
    return counts;
  }

  #knownTerms(
    counts: ReadonlyMap<string, number>,
  ): { term: string; idf: number; repeats: number }[] {
    const result: { term: string; idf: number; repeats: number }[] = [];
    for (const [term, count] of counts) {
      const id = this.#termIds.get(term);
      if (id === undefined || this.#documentFrequency[id]! <= 0) continue;
      const repeats = ((this.#k3 + 1) * count) / (this.#k3 + count);
      result.push({ term, idf: this.#idf(this.#documentFrequency[id]!), repeats });
    }
    return result;
  }

  /**
   * The related terms of a query's words, each with the weight it counts (its idf × the related
   * weight × how much the query stresses the word it came from), and what they add to the best
   * possible score: for a query word the index does not know, its best related term stands in
   * for it; for a known one, nothing (a related match is a lesser form of the exact one).
   */
  #relatedTerms(
    counts: ReadonlyMap<string, number>,
    related: NonNullable<LexicalSearchOptions['related']>,
  ): { terms: Map<string, number>; best: number } {
    const terms = new Map<string, number>();
    let best = 0;
    const maxDocuments = Math.max(MIN_RELATED_DOCUMENTS, this.#liveCount * MAX_RELATED_SHARE);
    for (const [term, count] of counts) {
      const others = related.terms(term);
      if (!others) continue;
      const repeats = ((this.#k3 + 1) * count) / (this.#k3 + count);
      // The more the catalog itself uses the request's word, the less it needs bridging: the
      // related terms count in proportion to the word's own rarity here (fully when absent).
      const own = this.#termIds.get(term);
      const ownFrequency = own === undefined ? 0 : this.#documentFrequency[own]!;
      const bridging = ownFrequency > 0 ? this.#idf(ownFrequency) / this.#idf(0) : 1;
      let strongest = 0;
      for (const other of others) {
        if (counts.has(other)) continue;
        const id = this.#termIds.get(other);
        if (id === undefined) continue;
        const frequency = this.#documentFrequency[id]!;
        if (frequency <= 0 || frequency > maxDocuments) continue;
        const idf = this.#idf(frequency) * related.weight * repeats * bridging;
        if (idf > (terms.get(other) ?? 0)) terms.set(other, idf);
        if (idf > strongest) strongest = idf;
      }
      if (ownFrequency <= 0) best += strongest;
    }
    return { terms, best };
  }

  search(query: string, options: LexicalSearchOptions): LexicalSearchResult {
    this.#refreshIfDrifted();
    this.#postPending();
    const counts = this.#countTerms(query);
    const terms = this.#knownTerms(counts).map(({ term, idf, repeats }) => ({
      term,
      idf: idf * repeats,
    }));
    if (options.weak && options.weak.weight > 0) {
      const own = new Set(terms.map((entry) => entry.term));
      for (const entry of this.queryTerms(options.weak.text)) {
        if (!own.has(entry.term))
          terms.push({ term: entry.term, idf: entry.idf * options.weak.weight });
      }
    }
    const k1 = this.#k1;
    let best = 0;
    for (const { idf } of terms) best += idf * (k1 + 1);
    if (options.related && options.related.weight > 0) {
      const related = this.#relatedTerms(counts, options.related);
      for (const [term, idf] of related.terms) terms.push({ term, idf });
      best += related.best * (k1 + 1);
    }
    const buffers = this.#buffers();
    const weighted = terms.map(({ term, idf }) => ({
      list: this.#postings[this.#termIds.get(term)!]!,
      idf,
    }));
    const work = this.#work;
    let postings = 0;
    for (const { list } of weighted) postings += list.length;
    if (work) {
      work.searches++;
      work.postings += postings;
    }
    const accept = options.accept;
    const decide = accept ? (doc: number) => accept(this.#ids[doc]!) : undefined;
    const limit = options.limit;
    const keep = options.keepScores === true;
    // A search that counts every match reads every posting anyway; so does a small one, where
    // setting terms aside would cost more than it saves.
    const ranked =
      (options.countMatches === false && postings > MIN_BOUNDED_POSTINGS && limit >= 1 && !keep
        ? topDocuments(buffers, weighted, limit, decide, this.#bound(options.boundedBy, terms))
        : undefined) ?? allDocuments(buffers, weighted, limit, decide, undefined, keep);
    const kept = keep ? this.#keep(buffers, ranked.scored, terms) : undefined;
    const hits: LexicalHit[] = ranked.docs.map((doc, i) => {
      const score = ranked.scores[i]!;
      // A document matching a word and its related terms can pass the best exact score.
      return { id: this.#ids[doc]!, score, normalized: this.#normalized(score, best) };
    });
    return {
      hits,
      candidateCount: ranked.matched - ranked.ignoredCount,
      rejectedCount: ranked.rejectedCount,
      ...(kept ? { kept } : {}),
    };
  }

  /**
   * Take the scores a search left in the buffers (`allDocuments` with `keep`), giving the buffers
   * a zeroed array instead; the scores kept before are cleared for the next time.
   */
  #keep(
    buffers: SearchBuffers,
    scored: Int32Array | undefined,
    terms: readonly WeightedTerm[],
  ): KeptScores {
    const previous = this.#kept;
    let spare: Float64Array | undefined;
    if (previous) {
      if (previous.scored) for (const doc of previous.scored) previous.scores[doc] = 0;
      else previous.scores.fill(0, 0, previous.documents);
      spare = previous.scores;
    }
    if (spare?.length !== buffers.scores.length) spare = new Float64Array(buffers.scores.length);
    const handle: KeptScores = { kind: 'kept-lexical-scores' };
    this.#kept = {
      handle,
      scores: buffers.scores,
      scored,
      documents: buffers.documents,
      weights: termWeights(terms),
      changes: this.#changes,
    };
    buffers.scores = spare;
    return handle;
  }

  /**
   * The kept scores a search may be bounded by: `handle`'s, when they are still the ones kept, no
   * document changed since, and none of the search's terms weighs more than it did there.
   */
  #bound(handle: KeptScores | undefined, terms: readonly WeightedTerm[]): Float64Array | undefined {
    const kept = this.#kept;
    if (!handle || !kept || kept.handle !== handle || kept.changes !== this.#changes) return;
    for (const [term, weight] of termWeights(terms)) {
      if (!(weight <= (kept.weights.get(term) ?? 0))) return;
    }
    return kept.scores;
  }

  /** The search buffers, grown to the number of documents. */
  #buffers(): SearchBuffers {
    const size = this.#ids.length;
    if (this.#searchBuffers.scores.length < size) {
      this.#searchBuffers.scores = new Float64Array(size * 2);
      this.#searchBuffers.touched = new Int32Array(size * 2);
      this.#searchBuffers.seen = new Uint32Array(Math.ceil((size * 2) / 32));
      this.#searchBuffers.member = new Uint32Array(Math.ceil((size * 2) / 32));
      this.#searchBuffers.candidates = new Int32Array(size * 2);
    }
    this.#searchBuffers.alive = this.#alive;
    this.#searchBuffers.dead = this.#liveCount < this.#ids.length;
    this.#searchBuffers.documents = size;
    return this.#searchBuffers;
  }

  #normalized(score: number, best: number): number {
    return best > 0 ? Math.min(1, score / best) : 0;
  }

  /** Term vector of a document (term → weighted frequency), for diversity and explanations. */
  termVector(id: string): Map<string, number> {
    const doc = this.#docOf.get(id);
    const vector = new Map<string, number>();
    if (doc === undefined) return vector;
    const store = this.#terms;
    const entries = store.entries;
    const names = [...this.#termIds.keys()];
    for (let i = store.start(doc); i < store.end(doc); i += 2) {
      const term = names[entries[i]!]!;
      const word = entries[i + 1]!;
      const weight = this.#fields[entryField(word)]!.weight * entryCount(word);
      vector.set(term, (vector.get(term) ?? 0) + weight);
    }
    return vector;
  }

  #idf(documentFrequency: number): number {
    return Math.log(1 + (this.#liveCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
  }

  #averages(): Float64Array {
    const averages = new Float64Array(this.#fields.length);
    for (let f = 0; f < this.#fields.length; f++) {
      averages[f] = this.#liveCount > 0 ? Math.max(this.#lengthSums[f]! / this.#liveCount, 1) : 1;
    }
    return averages;
  }

  #post(doc: number): void {
    const averages = this.#averagesAtBuild;
    const store = this.#terms;
    const fields = this.#fields;
    // Each field's length normalisation, once per document rather than once per entry.
    const norms = this.#norms;
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f]!;
      norms[f] = 1 - field.b + (field.b * store.fieldLength(doc, f)) / averages[f]!;
    }
    const entries = store.entries;
    const end = store.end(doc);
    let i = store.start(doc);
    while (i < end) {
      const term = entries[i]!;
      let weight = 0;
      while (i < end && entries[i] === term) {
        const word = entries[i + 1]!;
        const f = entryField(word);
        weight += (fields[f]!.weight * entryCount(word)) / norms[f]!;
        i += 2;
      }
      let list = this.#postings[term]!;
      if (list === this.#noPostings) {
        list = new PostingsList();
        this.#postings[term] = list;
      }
      list.push(doc, weight);
    }
  }

  /** Count a document in the document frequency of its terms; `postings`, per term, too. */
  #countFrequency(doc: number, postings?: Int32Array): void {
    const store = this.#terms;
    const entries = store.entries;
    const end = store.end(doc);
    let i = store.start(doc);
    while (i < end) {
      const term = entries[i]!;
      let counted = false;
      while (i < end && entries[i] === term) {
        if (this.#countsForFrequency[entryField(entries[i + 1]!)]) counted = true;
        i += 2;
      }
      if (counted) this.#documentFrequency[term]!++;
      if (postings) postings[term]!++;
    }
  }

  #postPending(): void {
    for (let doc = this.#posted; doc < this.#ids.length; doc++)
      if (this.#alive[doc] === 1) this.#post(doc);
    this.#posted = this.#ids.length;
  }

  #refreshIfDrifted(): void {
    const current = this.#averages();
    for (let f = 0; f < current.length; f++) {
      const before = this.#averagesAtBuild[f]!;
      if (Math.abs(current[f]! - before) / before > REBUILD_DRIFT) {
        this.#rebuild();
        return;
      }
    }
  }

  /** Recompute every posting from the kept term counts, dropping removed documents. */
  #rebuild(): void {
    this.#changes++;
    const live: number[] = [];
    for (let doc = 0; doc < this.#ids.length; doc++) if (this.#alive[doc] === 1) live.push(doc);
    this.#documentFrequency = this.#documentFrequency.map(() => 0);
    // With nothing removed the documents keep their numbers, and their runs stay where they are.
    if (live.length < this.#ids.length) {
      this.#ids = live.map((doc) => this.#ids[doc]!);
      this.#terms = this.#terms.compact(live);
      this.#alive = new Uint8Array(Math.max(16, live.length * 2));
      this.#alive.fill(1, 0, live.length);
      this.#docOf.clear();
      for (let doc = 0; doc < this.#ids.length; doc++) this.#docOf.set(this.#ids[doc]!, doc);
    }
    this.#averagesAtBuild.set(this.#averages());
    const sizes = new Int32Array(this.#postings.length);
    for (let doc = 0; doc < this.#ids.length; doc++) this.#countFrequency(doc, sizes);
    this.#postings = carvePostingsLists(sizes, this.#noPostings);
    for (let doc = 0; doc < this.#ids.length; doc++) this.#post(doc);
    this.#posted = this.#ids.length;
  }
}
