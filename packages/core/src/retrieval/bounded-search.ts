import type { PostingsList } from './postings-list.js';

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

/**
 * The alive documents that may score `floor` or more, each with its exact score (`scored`
 * pairs: document, score). `partial` must be all zeros; it is left so. `touched` is scratch room
 * for one entry per document.
 */
export function documentsReaching(input: {
  terms: readonly WeightedPostings[];
  k1: number;
  floor: number;
  alive: Uint8Array;
  partial: Float64Array;
  touched: Int32Array;
}): { docs: number[]; scores: number[] } {
  const { terms, k1, floor, alive, partial, touched } = input;
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
  let count = 0;
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
      if (partial[doc] === 0) touched[count++] = doc;
      partial[doc]! += contribution(idf, weight, k1);
    }
  }
  const reaching: { docs: number[]; scores: number[] } = { docs: [], scores: [] };
  for (let i = 0; i < count; i++) {
    const doc = touched[i]!;
    const bound = partial[doc]! + weakBound;
    partial[doc] = 0;
    if (bound * (1 + BOUND_SLACK) < floor) continue;
    const score = exactScore(terms, doc, k1);
    if (score >= floor) {
      reaching.docs.push(doc);
      reaching.scores.push(score);
    }
  }
  return reaching;
}
