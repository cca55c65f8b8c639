import type { Arsenal } from '@arsenal/core';
import { analyze, lexiconTerms, toLexicalDocument } from '@arsenal/core/adapter';

/** The query words found in each field of a tool (`~word` when only through the lexicon). */
export type MatchedFields = Record<string, string[]>;

/** A relevant tool that retrieval did not rank in the top k, and what ranked instead. */
export interface RetrievalMiss {
  queryId: string;
  query: string;
  /** The relevant tool that was missed. */
  tool: string;
  /** Its 1-based rank in the retrieved list, or undefined when it was not retrieved at all. */
  rank?: number;
  /** The best-ranked tool that is not relevant: the one that took its place. */
  tookItsPlace?: string;
  /** The query words each field of the missed tool matched. */
  matched: MatchedFields;
  /** The query words each field of the tool in its place matched. */
  placeMatched: MatchedFields;
}

/**
 * Which of the query's words each field of a tool holds, as the index analyses them (stemmed),
 * and which it holds only through the lexicon's related words (marked `~`). Fields that match
 * nothing are left out, so an empty object says the tool shares no word with the query.
 */
export function matchedFields(arsenal: Arsenal, toolName: string, query: string): MatchedFields {
  const tool = arsenal.registry.get(toolName);
  if (!tool) return {};
  const queryTerms = new Set(analyze(query));
  const document = toLexicalDocument(tool);
  const matched: MatchedFields = {};
  for (const [field, text] of Object.entries(document)) {
    if (!text) continue;
    const terms = new Set(analyze(text));
    const words: string[] = [];
    for (const term of queryTerms) {
      if (terms.has(term)) words.push(term);
      else if (lexiconTerms(term)?.some((related) => terms.has(related))) words.push(`~${term}`);
    }
    if (words.length > 0) matched[field] = words;
  }
  return matched;
}

/** The relevant tools of one query missing from the top `k` of `ranked`. */
export function findMisses(
  arsenal: Arsenal,
  query: { id: string; query: string; relevant: readonly string[] },
  ranked: readonly string[],
  k: number,
): RetrievalMiss[] {
  const relevant = new Set(query.relevant);
  const top = ranked.slice(0, k);
  const place = ranked.find((name) => !relevant.has(name));
  const misses: RetrievalMiss[] = [];
  for (const tool of query.relevant) {
    if (top.includes(tool)) continue;
    const position = ranked.indexOf(tool);
    misses.push({
      queryId: query.id,
      query: query.query,
      tool,
      rank: position < 0 ? undefined : position + 1,
      tookItsPlace: place,
      matched: matchedFields(arsenal, tool, query.query),
      placeMatched: place === undefined ? {} : matchedFields(arsenal, place, query.query),
    });
  }
  return misses;
}

/** `name: word word; name: word` for a report line; `nothing` when no field matched. */
export function formatMatched(matched: MatchedFields): string {
  const parts = Object.entries(matched).map(([field, words]) => `${field}: ${words.join(' ')}`);
  return parts.length > 0 ? parts.join('; ') : 'nothing';
}
