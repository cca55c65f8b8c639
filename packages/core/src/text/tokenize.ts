import { STOP_WORDS } from './stop-words.js';
import { stem } from './stemmer.js';

const WORD = /[\p{L}\p{N}]+/gu;

/** Split identifiers at `_`, `-`, `.`, camelCase and letter/digit boundaries, lowercased. */
export function splitIdentifier(identifier: string): string[] {
  return identifier
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-zA-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => part.length > 0);
}

export interface AnalyzeOptions {
  /** Keep stop words (names and tags keep them: every word of a name was chosen). Default false. */
  keepStopWords?: boolean;
}

/**
 * Words of a text as index terms: identifiers split, lowercased, stop words removed, stemmed.
 * The same analysis applies to queries and documents.
 */
export function analyze(text: string, options: AnalyzeOptions = {}): string[] {
  const terms: string[] = [];
  for (const match of text.matchAll(WORD)) {
    for (const part of splitIdentifier(match[0])) {
      if (!options.keepStopWords && STOP_WORDS.has(part)) continue;
      if (part.length === 1 && !/\d/.test(part)) continue;
      terms.push(stem(part));
    }
  }
  return terms;
}
