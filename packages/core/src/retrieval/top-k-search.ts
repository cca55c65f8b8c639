// The best documents of one search without scoring every document that matches a word (MaxScore
// over the BM25F bounds of the terms). Terms are read in order of the most they can add to a
// score. Once the terms left cannot lift a document the search has not met to the `limit`-th
// accepted score, their postings are not read: the documents met so far that can still reach
// that score look their weights up, and documents matching only those terms are neither scored
// nor counted (a search that must count every match reads every posting). The few documents
// near the last hit are then scored again with the terms in the query's order, so every score,
// and with it the ranking, is the one a search scoring every posting in that order computes.
import type { LexicalSearchWork } from './lexical-types.js';
import type { PostingsList } from './postings-list.js';
import { bestScores, bestSeen, countSeen } from './score-heap.js';

/** One term of a search: its postings and what a match weighs (idf × query stress). */
export interface SearchTerm {
  list: PostingsList;
  idf: number;
}

/** Arrays kept between searches: `scores` all zero and `seen` all clear on entry and on exit. */
export interface SearchBuffers {
  scores: Float64Array;
  touched: Int32Array;
  /** One bit per document: matched by a term read so far. */
  seen: Uint32Array;
  /** One bit per document: among the candidates whose weights are looked up (clear on exit). */
  member: Uint32Array;
  /** Room for the candidates. */
  candidates: Int32Array;
  alive: Uint8Array;
  /** Whether some documents in the postings were removed (their postings are skipped). */
  dead: boolean;
  /** Documents numbered so far, removed ones included. */
  documents: number;
  k1: number;
  work: LexicalSearchWork | undefined;
}

/** The ranked documents of a search, with their scores, and what the counts need. */
export interface RankedDocuments {
  docs: number[];
  scores: number[];
  /** Documents matching at least one term (`topDocuments`: the documents it scored). */
  matched: number;
  rejectedCount: number;
  ignoredCount: number;
  /**
   * `allDocuments` asked to keep its scores: they are left in `buffers.scores`, and these are
   * the documents that hold one (undefined: any document may, the search was read densely).
   */
  scored?: Int32Array;
}

/** How far above the last floor found the bound of the terms left must fall to look again. */
const FLOOR_GROWTH = 1.05;

/** What one matching posting adds to a document's score. */
function contribution(idf: number, weight: number, k1: number): number {
  return (idf * weight * (k1 + 1)) / (weight + k1);
}

/**
 * Room for the rounding of sums added in another order (about 1e-15 of the score): a document
 * is set aside only when its bound is below the floor by more than this.
 */
function margin(floor: number): number {
  return Math.abs(floor) * 1e-9 + 1e-12;
}

function isSeen(seen: Uint32Array, doc: number): boolean {
  return (seen[doc >>> 5]! & (1 << (doc & 31))) !== 0;
}

function markSeen(seen: Uint32Array, doc: number): void {
  seen[doc >>> 5]! |= 1 << (doc & 31);
}

/** The documents a search has met, and the best score among them so far. */
interface Met {
  count: number;
  best: number;
}

/** Add one term's postings to the scores of the documents they name. */
function scoreTerm(buffers: SearchBuffers, term: SearchTerm, met: Met): void {
  const { scores, touched, seen, alive, k1 } = buffers;
  const { docs, weights, length } = term.list;
  const idf = term.idf;
  const dead = buffers.dead;
  let count = met.count;
  let best = met.best;
  for (let i = 0; i < length; i++) {
    const doc = docs[i]!;
    if (dead && alive[doc] === 0) continue;
    const before = scores[doc]!;
    // A score of 0 is a document not met yet, or one met only with weights of 0.
    if (before === 0 && !isSeen(seen, doc)) {
      markSeen(seen, doc);
      touched[count++] = doc;
    }
    const weight = weights[i]!;
    const score = before + (idf * weight * (k1 + 1)) / (weight + k1);
    scores[doc] = score;
    if (score > best) best = score;
  }
  if (buffers.work) {
    buffers.work.postingsRead += length;
    buffers.work.documentsScored += count - met.count;
  }
  met.count = count;
  met.best = best;
}

/**
 * Scores and decisions of one search: `decide` asks `accept` once per document.
 */
class Ranking {
  readonly #decisions = new Map<number, boolean | null>();
  constructor(
    readonly scores: Float64Array,
    readonly limit: number,
    readonly accept: ((doc: number) => boolean | null) | undefined,
  ) {}

  decide(doc: number): boolean | null {
    if (!this.accept) return true;
    let decision = this.#decisions.get(doc);
    if (decision === undefined) {
      decision = this.accept(doc);
      this.#decisions.set(doc, decision);
    }
    return decision;
  }

  /** The next document in ranked order: a hit if accepted, else counted as rejected or ignored. */
  take(result: Omit<RankedDocuments, 'matched'>, doc: number, score: number): void {
    const decision = this.decide(doc);
    if (decision === null) result.ignoredCount++;
    else if (!decision) result.rejectedCount++;
    else {
      result.docs.push(doc);
      result.scores.push(score);
    }
  }

  /**
   * The `limit`-th best score among the accepted documents of `docs[0 .. size)`, or -Infinity
   * when fewer are accepted (a floor of a subset of the matches is never above the floor of all).
   */
  floor(docs: Int32Array, size: number): number {
    let wanted = this.limit;
    for (;;) {
      const ordered = bestScores(docs, size, this.scores, wanted);
      let accepted = 0;
      for (const doc of ordered) {
        if (this.decide(doc) === true && ++accepted === this.limit) return this.scores[doc]!;
      }
      if (ordered.length === size) return Number.NEGATIVE_INFINITY;
      wanted *= 4;
    }
  }
}

/**
 * Score `docs` again with every term in the query's order (sums in that order are the scores a
 * search reading every posting computes, to the last bit).
 */
function exactScores(
  buffers: SearchBuffers,
  terms: readonly SearchTerm[],
  docs: Int32Array,
): Float64Array {
  const exact = new Float64Array(docs.length);
  const k1 = buffers.k1;
  for (const { list, idf } of terms) {
    for (let d = 0; d < docs.length; d++) {
      const at = list.indexOf(docs[d]!);
      if (at >= 0) exact[d]! += contribution(idf, list.weights[at]!, k1);
    }
    if (buffers.work) buffers.work.postingsRead += docs.length;
  }
  return exact;
}

/**
 * The documents of `candidates` that can be among the hits, ranked by their exact scores, with
 * the decisions taken on the way: the documents ranked above the last hit, and the last hit.
 * `candidates` have their complete scores (summed in any order) in `scores`.
 */
function rankNear(
  buffers: SearchBuffers,
  terms: readonly SearchTerm[],
  ranking: Ranking,
  candidates: Int32Array,
  size: number,
): Omit<RankedDocuments, 'matched'> | undefined {
  const floor = ranking.floor(candidates, size);
  if (floor === Number.NEGATIVE_INFINITY) return undefined;
  const low = floor - 2 * margin(floor);
  const near: number[] = [];
  for (let i = 0; i < size; i++) {
    const doc = candidates[i]!;
    if (ranking.scores[doc]! >= low) near.push(doc);
  }
  const nearDocs = Int32Array.from(near);
  const exact = exactScores(buffers, terms, nearDocs);
  const order = Array.from(nearDocs.keys()).sort(
    (a, b) => exact[b]! - exact[a]! || nearDocs[a]! - nearDocs[b]!,
  );
  const result = {
    docs: [] as number[],
    scores: [] as number[],
    rejectedCount: 0,
    ignoredCount: 0,
  };
  for (const at of order) {
    if (result.docs.length === ranking.limit) break;
    ranking.take(result, nearDocs[at]!, exact[at]!);
  }
  return result;
}

/**
 * Whether a document whose score is at most `bound` (computed, so with its rounding) can reach
 * `low`.
 */
function canReach(bound: number, low: number): boolean {
  return bound + margin(bound) >= low;
}

/**
 * Complete the scores of the documents met that can still reach `floor`, looking their weights up
 * in the terms not read (from `from` on in `order`), and set aside the ones that no longer can:
 * by what the terms left can add, and by `bound` (a score no document exceeds here) when given.
 * Returns how many are left, at the start of `buffers.candidates`.
 */
function refine(
  buffers: SearchBuffers,
  terms: readonly SearchTerm[],
  order: readonly number[],
  left: Float64Array,
  from: number,
  ranking: Ranking,
  start: number,
  touchedCount: number,
  bound: Float64Array | undefined,
): number {
  const { scores, touched, member, candidates, k1 } = buffers;
  let floor = start;
  let low = floor - margin(floor);
  let size = 0;
  for (let i = 0; i < touchedCount; i++) {
    const doc = touched[i]!;
    if (scores[doc]! + left[from]! >= low && (!bound || canReach(bound[doc]!, low))) {
      candidates[size++] = doc;
      markSeen(member, doc);
    }
  }
  for (let m = from; m < order.length && size > 0; m++) {
    const { list, idf } = terms[order[m]!]!;
    const { docs, weights, length } = list;
    // Reading the list costs its length; looking each candidate up, about log2(length) each.
    if (size * Math.log2(length + 1) > length) {
      for (let i = 0; i < length; i++) {
        const doc = docs[i]!;
        if (isSeen(member, doc)) scores[doc]! += contribution(idf, weights[i]!, k1);
      }
      if (buffers.work) buffers.work.postingsRead += length;
    } else {
      for (let c = 0; c < size; c++) {
        const doc = candidates[c]!;
        const at = list.indexOf(doc);
        if (at >= 0) scores[doc]! += contribution(idf, weights[at]!, k1);
      }
      if (buffers.work) buffers.work.postingsRead += size;
    }
    // The floor rises as the scores fill in; the documents that cannot reach it are set aside.
    if (size > 4 * ranking.limit) {
      const raised = ranking.floor(candidates, size);
      if (raised > floor) {
        floor = raised;
        low = floor - margin(floor);
      }
    }
    const rest = left[m + 1]!;
    let kept = 0;
    for (let c = 0; c < size; c++) {
      const doc = candidates[c]!;
      if (scores[doc]! + rest >= low && (!bound || canReach(bound[doc]!, low)))
        candidates[kept++] = doc;
      else member[doc >>> 5]! &= ~(1 << (doc & 31));
    }
    size = kept;
  }
  for (let c = 0; c < size; c++) {
    const doc = candidates[c]!;
    member[doc >>> 5]! &= ~(1 << (doc & 31));
  }
  return size;
}

/** Clear what a search left in the shared buffers. */
function reset(buffers: SearchBuffers, touchedCount: number): void {
  const { scores, touched } = buffers;
  for (let i = 0; i < touchedCount; i++) scores[touched[i]!] = 0;
  buffers.seen.fill(0);
}

/**
 * The `limit` best accepted documents of a search over `terms`, or undefined when fewer than
 * `limit` documents are accepted among the matches (the caller then reads every posting in order,
 * as every document matching a term must be looked at). Documents matching only terms set aside
 * are neither scored nor counted. `bound`, per document, a score it cannot exceed in this search
 * (its score in a search whose terms each weigh at least as much): the documents met that cannot
 * reach the hits by it are set aside without looking their weights up.
 */
export function topDocuments(
  buffers: SearchBuffers,
  terms: readonly SearchTerm[],
  limit: number,
  accept: ((doc: number) => boolean | null) | undefined,
  bound?: Float64Array,
): RankedDocuments | undefined {
  const k1 = buffers.k1;
  const n = terms.length;
  const bounds = terms.map(({ list, idf }) =>
    list.length === 0 ? 0 : contribution(idf, list.maxWeight, k1),
  );
  const order = Array.from(terms.keys()).sort((a, b) => bounds[b]! - bounds[a]! || a - b);
  // What the terms from the j-th on (in `order`) can add to a score, at most.
  const left = new Float64Array(n + 1);
  let postingsLeft = 0;
  for (let j = n - 1; j >= 0; j--) {
    left[j] = left[j + 1]! + bounds[order[j]!]!;
    postingsLeft += terms[order[j]!]!.list.length;
  }
  const ranking = new Ranking(buffers.scores, limit, accept);
  const met: Met = { count: 0, best: 0 };
  let floor = Number.NEGATIVE_INFINITY;
  // A floor is looked for only when the terms left could no longer lift a new document past the
  // best score so far (the floor is never above it), and the postings left outnumber what finding
  // it reads; after a miss, only once they could not lift one past a little more than the floor
  // found (floors rise slowly as terms are added).
  let retryBelow = Number.POSITIVE_INFINITY;
  let j = 0;
  for (; j < n; j++) {
    if (met.count >= limit && left[j]! < met.best && left[j]! < retryBelow) {
      if (postingsLeft > met.count) {
        // Only documents already past the bound of the terms left can make a floor above it.
        let size = 0;
        for (let i = 0; i < met.count; i++) {
          const doc = buffers.touched[i]!;
          if (buffers.scores[doc]! >= left[j]!) buffers.candidates[size++] = doc;
        }
        floor = size >= limit ? ranking.floor(buffers.candidates, size) : Number.NEGATIVE_INFINITY;
        if (left[j]! < floor - margin(floor)) break;
        retryBelow = floor === Number.NEGATIVE_INFINITY ? left[j]! * 0.9 : floor * FLOOR_GROWTH;
      }
    }
    const term = terms[order[j]!]!;
    scoreTerm(buffers, term, met);
    postingsLeft -= term.list.length;
  }
  const touchedCount = met.count;
  let candidates = buffers.touched;
  let size = touchedCount;
  if (j < n) {
    candidates = buffers.candidates;
    size = refine(buffers, terms, order, left, j, ranking, floor, touchedCount, bound);
  }
  const ranked = rankNear(buffers, terms, ranking, candidates, size);
  reset(buffers, touchedCount);
  if (!ranked) return undefined;
  return { ...ranked, matched: touchedCount };
}

/**
 * A search whose postings number at least this share of the documents is read densely: without a
 * list of the documents met, whose upkeep then costs more than a pass over all of them.
 */
const DENSE_SHARE = 0.25;

function isDense(buffers: SearchBuffers, terms: readonly SearchTerm[]): boolean {
  let postings = 0;
  for (const term of terms) postings += term.list.length;
  return postings >= buffers.documents * DENSE_SHARE;
}

/** Add one term's postings to the scores of the documents they name, marking them as met. */
function scoreTermDense(buffers: SearchBuffers, term: SearchTerm): void {
  const { scores, seen, alive, k1 } = buffers;
  const { docs, weights, length } = term.list;
  const idf = term.idf;
  const dead = buffers.dead;
  for (let i = 0; i < length; i++) {
    const doc = docs[i]!;
    if (dead && alive[doc] === 0) continue;
    seen[doc >>> 5]! |= 1 << (doc & 31);
    const weight = weights[i]!;
    scores[doc] = scores[doc]! + (idf * weight * (k1 + 1)) / (weight + k1);
  }
  if (buffers.work) buffers.work.postingsRead += length;
}

/**
 * Take documents in ranked order from `best(wanted)` (the `wanted` best of the `matched`) until
 * `limit` are accepted; more are put in order only when `accept` turned too many away.
 */
function takeBest(
  ranking: Ranking,
  matched: number,
  best: (wanted: number) => Int32Array,
): RankedDocuments {
  const limit = ranking.limit;
  const result: RankedDocuments = {
    docs: [],
    scores: [],
    matched,
    rejectedCount: 0,
    ignoredCount: 0,
  };
  let taken = 0;
  let wanted = limit;
  while (result.docs.length < limit && taken < matched) {
    const ordered = best(wanted);
    for (; taken < ordered.length && result.docs.length < limit; taken++) {
      const doc = ordered[taken]!;
      ranking.take(result, doc, ranking.scores[doc]!);
    }
    wanted *= 4;
  }
  return result;
}

/**
 * The `limit` best accepted documents of a search reading every posting of every term, in the
 * query's order: for small searches, and for those where fewer than `limit` documents are
 * accepted (every match is then looked at). `dense`: the documents met are marked rather than
 * listed, and read in their order (the same hits, scores and counts). `keep`: the scores are left
 * in `buffers.scores` for the caller to take (see `RankedDocuments.scored`).
 */
export function allDocuments(
  buffers: SearchBuffers,
  terms: readonly SearchTerm[],
  limit: number,
  accept: ((doc: number) => boolean | null) | undefined,
  dense = isDense(buffers, terms),
  keep = false,
): RankedDocuments {
  const { scores, touched, seen, documents } = buffers;
  const ranking = new Ranking(scores, limit, accept);
  if (dense) {
    for (const term of terms) scoreTermDense(buffers, term);
    const matched = countSeen(seen, documents);
    if (buffers.work) buffers.work.documentsScored += matched;
    const result = takeBest(ranking, matched, (wanted) =>
      bestSeen(seen, documents, scores, wanted),
    );
    if (!keep) scores.fill(0, 0, documents);
    seen.fill(0);
    return result;
  }
  const met: Met = { count: 0, best: 0 };
  for (const term of terms) scoreTerm(buffers, term, met);
  const result = takeBest(ranking, met.count, (wanted) =>
    bestScores(touched, met.count, scores, wanted),
  );
  if (keep) {
    result.scored = touched.slice(0, met.count);
    seen.fill(0);
  } else reset(buffers, met.count);
  return result;
}
