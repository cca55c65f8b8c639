// The lexical index's documents, options and results.

/**
 * A document's text per field: one string, or a list of texts (the same words as the list
 * joined by line breaks; texts that repeat across documents, such as parameter names, are
 * analysed once).
 */
export type LexicalDocument = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface LexicalFieldOptions {
  /** How much a match in this field counts relative to others. */
  weight: number;
  /** Length normalisation in [0,1]: 0 ignores field length, 1 normalises fully. */
  b: number;
  /** Keep stop words in this field (names, tags). */
  keepStopWords?: boolean;
  /**
   * Whether a word in this field makes the document count in the word's document frequency.
   * Default true; false for boilerplate (text most documents share) so that it does not make
   * the same words rare elsewhere look common.
   */
  documentFrequency?: boolean;
}

export interface LexicalIndexOptions {
  fields: Readonly<Record<string, LexicalFieldOptions>>;
  /** Term-frequency saturation. Default 1.2. */
  k1?: number;
  /** How much a word the query repeats counts more (BM25's k3); 0 counts it once. Default 0.5. */
  queryTermSaturation?: number;
  /** Counters every search adds its work to (for benchmarks); nothing is counted without one. */
  work?: LexicalSearchWork;
}

/**
 * The work searches did, independent of the machine's speed and load: how many searches, the
 * postings of the terms they searched (what scoring every match reads), the postings they read
 * (a list read whole counts its length; a document looked up in a list counts one) and how many
 * documents they scored.
 */
export interface LexicalSearchWork {
  searches: number;
  postings: number;
  postingsRead: number;
  documentsScored: number;
}

export interface LexicalHit {
  id: string;
  /** Raw BM25F score. */
  score: number;
  /** Score divided by the best any document could get for this query's known terms: [0,1]. */
  normalized: number;
}

export interface LexicalSearchOptions {
  limit: number;
  /**
   * Return false to reject a document (it still counts as a candidate, and as rejected), or null
   * to ignore it altogether (neither candidate nor rejected).
   */
  accept?: (id: string) => boolean | null;
  /**
   * Words that count less than the query's own (placeholders such as `<vault-name>`), with how
   * much they count, in (0, 1]. A word in both counts fully.
   */
  weak?: { text: string; weight: number };
  /**
   * Terms related to the query's own (a lexicon's synonyms and abbreviations), each counting
   * `weight` (in (0, 1]) of an exact match. `terms` gives the related terms of one analysed query
   * term. A related term the query also says counts only as the query's own; one shared by most
   * of the index (more than `MAX_RELATED_SHARE` of the documents) is skipped: it says little, and
   * its postings would cost the most.
   */
  related?: { terms: (term: string) => readonly string[] | undefined; weight: number };
  /**
   * Whether `candidateCount` counts every document matching a term (default true: every posting
   * of every term is read). false: the search may set aside the terms that cannot change its
   * hits (their weights are then looked up only for documents that can still rank), and
   * `candidateCount` counts only the documents it scored. The hits and their scores are the same
   * either way.
   */
  countMatches?: boolean;
  /**
   * Keep every document's score in this search (`LexicalSearchResult.kept`) for later searches
   * to be bounded by (`boundedBy`). The index keeps one search's scores at a time.
   */
  keepScores?: boolean;
  /**
   * The scores a search kept (`keepScores`) whose terms each weigh at least as much as this
   * search's: a request's whole search, for one of its clauses. No document can score more here
   * than it did there, so a search that need not count its matches (`countMatches: false`) sets
   * aside early the documents that cannot reach its hits. Ignored when it may not hold (a term
   * weighs more here, the index changed since, or another search kept its scores since), and by
   * a search that reads every posting anyway (one that counts its matches, keeps its own scores,
   * or has few postings). The hits and their scores are the same with or without.
   */
  boundedBy?: KeptScores;
}

/** Scores a search kept for later searches of the index (see `keepScores`); opaque. */
export interface KeptScores {
  readonly kind: 'kept-lexical-scores';
}

export interface LexicalSearchResult {
  hits: LexicalHit[];
  /** Documents that matched at least one term (less the ones `accept` ignored). */
  candidateCount: number;
  /**
   * Documents `accept` rejected among those ranked above the last hit: the ones that would have
   * been returned. Lower-ranked matches are never checked.
   */
  rejectedCount: number;
  /** This search's scores, when `keepScores` asked for them. */
  kept?: KeptScores;
}
