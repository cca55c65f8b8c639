import type { PostingsList } from './postings-list.js';
import { bestScores } from './score-heap.js';

// Scoring only the documents that can still make the results. When documents already known to
// be accepted (a request's own hits, while one of its clauses is searched) give a score the
// results cannot fall below, a term whose best possible contribution, added to those of all
// weaker terms, stays under that floor cannot bring a document in on its own (MaxScore). Only
// the postings of the other terms are read; the documents they reach are scored in full.

/** A query term's postings and the weight (idf × query stress) its matches count with. */
export interface WeightedPostings {
  list: PostingsList;
  idf: number;
}

/**
 * Slack on every comparison with a bound: bounds and partial sums are added in other orders
 * than the scores they bound, so they may differ from them in the last bits.
 */
const BOUND_SLACK = 1e-9;

/** The BM25F contribution of a term weighted `idf` to a document where its weight is `weight`. */
export function contribution(idf: number, weight: number, k1: number): number {
  return (idf * weight * (k1 + 1)) / (weight + k1);
}

/**
 * A document's score, added term by term in the query's order, as a full scan adds it: the same
 * document gets the same score, to the last bit, whichever way it was found.
 */
export function exactScore(terms: readonly WeightedPostings[], doc: number, k1: number): number {
  let score = 0;
  for (const { list, idf } of terms) {
    const at = list.indexOf(doc);
    if (at >= 0) score += contribution(idf, list.weights[at]!, k1);
  }
  return score;
}

/** A document found by a bounded search, with its exact score. */
export interface BoundedMatch {
  doc: number;
  score: number;
}

/**
 * The alive documents that may score `floor` or more, best first, each with its exact score:
 * `next()` gives one at a time and computes exact scores only as far as the order needs them
 * (a document's bound is its partial score plus the bounds of the terms only looked up).
 * `known` are documents whose exact scores are known already (they are given back too, when they
 * reach the floor). `partial` must be all zeros; it is left so once `close` is called. `touched`
 * is scratch room for one entry per document.
 */
export function documentsReaching(input: {
  terms: readonly WeightedPostings[];
  k1: number;
  floor: number;
  known: ReadonlyMap<number, number>;
  alive: Uint8Array;
  partial: Float64Array;
  touched: Int32Array;
}): { next(): BoundedMatch | undefined; close(): void } {
  const { terms, k1, floor, known, alive, partial, touched } = input;
  const bounds = terms.map(({ list, idf }) => contribution(idf, list.maxWeight, k1));
  const order = bounds.map((_, i) => i).sort((a, b) => bounds[a]! - bounds[b]!);
  // The weakest terms, whose bounds together stay under the floor, are only looked up.
  let weak = 0;
  let weakBound = 0;
  while (weak < order.length) {
    const next = weakBound + bounds[order[weak]!]!;
    if (next * (1 + BOUND_SLACK) >= floor) break;
    weakBound = next;
    weak++;
  }
  let touchedCount = 0;
  for (let j = weak; j < order.length; j++) {
    const { list, idf } = terms[order[j]!]!;
    const docs = list.docs;
    const weights = list.weights;
    for (let i = 0; i < list.length; i++) {
      const doc = docs[i]!;
      if (alive[doc] === 0) continue;
      const weight = weights[i]!;
      // A contribution of zero (a field weighted 0) cannot lift a document to a positive floor.
      if (weight === 0) continue;
      if (partial[doc] === 0) touched[touchedCount++] = doc;
      partial[doc]! += contribution(idf, weight, k1);
    }
  }
  const boundOf = (doc: number) => (partial[doc]! + weakBound) * (1 + BOUND_SLACK);
  // Documents that may reach the floor, put in order of their bounds as far as needed.
  let candidateCount = 0;
  for (let i = 0; i < touchedCount; i++) {
    const doc = touched[i]!;
    if (!known.has(doc) && boundOf(doc) >= floor) touched[candidateCount++] = doc;
    else partial[doc] = 0;
  }
  let ordered: Int32Array = new Int32Array(0);
  let wanted = 16;
  let taken = 0;
  const nextCandidate = (): number | undefined => {
    if (taken === ordered.length) {
      if (ordered.length === candidateCount) return undefined;
      ordered = bestScores(touched, candidateCount, partial, wanted);
      wanted *= 4;
    }
    return ordered[taken];
  };
  // Scored documents not given back yet, in a max-heap; the best is given back once no unscored
  // one can pass it.
  const scored = new ScoredHeap();
  for (const [doc, score] of known) if (score >= floor) scored.push({ doc, score });
  return {
    next() {
      for (;;) {
        const candidate = nextCandidate();
        const top = scored.peek();
        if (top && (candidate === undefined || top.score > boundOf(candidate))) return scored.pop();
        if (candidate === undefined) return undefined;
        taken++;
        const score = exactScore(terms, candidate, k1);
        if (score >= floor) scored.push({ doc: candidate, score });
      }
    },
    close() {
      // The scratch scores go back to zero for the next search.
      for (let i = 0; i < candidateCount; i++) partial[touched[i]!] = 0;
    },
  };
}

/** Matches best first: the higher score, or the same and indexed first. */
function ranksAbove(a: BoundedMatch, b: BoundedMatch): boolean {
  return a.score > b.score || (a.score === b.score && a.doc < b.doc);
}

/** A binary max-heap of matches. */
class ScoredHeap {
  readonly #items: BoundedMatch[] = [];

  peek(): BoundedMatch | undefined {
    return this.#items[0];
  }

  push(match: BoundedMatch): void {
    const items = this.#items;
    items.push(match);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!ranksAbove(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): BoundedMatch | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || !last) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      let best = i;
      if (left < items.length && ranksAbove(items[left]!, items[best]!)) best = left;
      if (left + 1 < items.length && ranksAbove(items[left + 1]!, items[best]!)) best = left + 1;
      if (best === i) return top;
      [items[i], items[best]] = [items[best]!, items[i]!];
      i = best;
    }
  }
}
