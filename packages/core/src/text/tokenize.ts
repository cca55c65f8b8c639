import { stem } from './stemmer.js';
import { STOP_WORDS } from './stop-words.js';

const SNAKE_CASE = /^[a-z_]+$/;
const LOWER_ALNUM = /^[a-z0-9_]+$/;

/**
 * `splitIdentifier` for lowercase letters, digits and underscores (`get_v2_item`, `s3`): parts
 * end at underscores and where letters meet digits, found by a scan rather than five regular
 * expressions.
 */
function splitLowerAlnum(identifier: string): string[] {
  const parts: string[] = [];
  let start = -1;
  let digits = false;
  for (let i = 0; i < identifier.length; i++) {
    const code = identifier.charCodeAt(i);
    if (code === 95) {
      if (start >= 0) parts.push(identifier.slice(start, i));
      start = -1;
      continue;
    }
    const digit = code <= 57;
    if (start < 0) start = i;
    else if (digit !== digits) {
      parts.push(identifier.slice(start, i));
      start = i;
    }
    digits = digit;
  }
  if (start >= 0) parts.push(identifier.slice(start));
  return parts;
}
const WORD = /[\p{L}\p{N}]+/gu;

/** Split identifiers at `_`, `-`, `.`, camelCase and letter/digit boundaries, lowercased. */
export function splitIdentifier(identifier: string): string[] {
  if (SNAKE_CASE.test(identifier)) return identifier.split('_').filter((part) => part.length > 0);
  if (LOWER_ALNUM.test(identifier)) return splitLowerAlnum(identifier);
  return identifier
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-zA-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => part.length > 0);
}

/** Options of `analyze`. */
export interface AnalyzeOptions {
  /** Keep stop words (for texts where every word was chosen, such as intent keywords). Default false. */
  keepStopWords?: boolean;
}

/**
 * Words of a text as index terms: identifiers split, lowercased, stop words removed, stemmed.
 * The same analysis applies to queries and documents.
 */
export function analyze(text: string, options: AnalyzeOptions = {}): string[] {
  const buffer: TermBuffer = { terms: [], count: 0 };
  analyzeInto(text, options.keepStopWords === true, buffer);
  // A text that turned out not to be ASCII leaves the scan's first terms past the count.
  buffer.terms.length = buffer.count;
  return buffer.terms;
}

/**
 * A buffer of terms reused from one text to the next: `terms[0 .. count)` are the current ones
 * (entries past `count` are left over from earlier texts). Indexing a large catalog then
 * allocates no array per text.
 */
export interface TermBuffer {
  terms: string[];
  count: number;
}

/** `analyze`, appending the terms at `buffer.count`. */
export function analyzeInto(text: string, keepStopWords: boolean, buffer: TermBuffer): void {
  const before = buffer.count;
  if (analyzeAscii(text, keepStopWords, buffer)) return;
  buffer.count = before;
  const terms: string[] = [];
  const options = { keepStopWords };
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    if (SPACELESS_SCRIPT.test(word)) {
      analyzeMixedWord(word, options, terms);
      continue;
    }
    appendWordTerms(word, keepStopWords, terms);
  }
  for (const term of terms) buffer.terms[buffer.count++] = term;
}

/**
 * `analyze` for ASCII text, which is most text: words are runs of ASCII letters and digits (what
 * `[\p{L}\p{N}]+` matches there), found by a scan instead of a Unicode regex, and each word's
 * terms come from a cache (words repeat across a catalog far more than texts do). False, with
 * `buffer` partly filled, at the first non-ASCII character.
 */
function analyzeAscii(text: string, keepStopWords: boolean, buffer: TermBuffer): boolean {
  const cache = keepStopWords ? keptWordTerms : wordTerms;
  const terms = buffer.terms;
  let count = buffer.count;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    if (code > 0x7f) {
      buffer.count = count;
      return false;
    }
    if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57)) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const word = text.slice(start, i);
    start = -1;
    const wordTermList = cache.get(word) ?? cachedWordTerms(word, keepStopWords, cache);
    for (let t = 0; t < wordTermList.length; t++) terms[count++] = wordTermList[t]!;
  }
  buffer.count = count;
  return true;
}

const WORD_CACHE_LIMIT = 50_000;
const wordTerms = new Map<string, string[]>();
const keptWordTerms = new Map<string, string[]>();

function cachedWordTerms(
  word: string,
  keepStopWords: boolean,
  cache: Map<string, string[]>,
): string[] {
  const list: string[] = [];
  appendWordTerms(word, keepStopWords, list);
  if (cache.size >= WORD_CACHE_LIMIT) cache.clear();
  cache.set(word, list);
  return list;
}

/**
 * The terms of one word of ASCII letters and digits, as `analyze` gives them for it within an
 * ASCII text (words there are such runs). The list is shared: read it, never change it.
 */
export function asciiWordTerms(word: string, keepStopWords: boolean): readonly string[] {
  const cache = keepStopWords ? keptWordTerms : wordTerms;
  return cache.get(word) ?? cachedWordTerms(word, keepStopWords, cache);
}

/** The terms of one word with no character of a spaceless script. */
function appendWordTerms(word: string, keepStopWords: boolean, terms: string[]): void {
  // Most words are plain ("weather", "Send"): skip identifier splitting for them.
  const parts = PLAIN_WORD.test(word) ? [word.toLowerCase()] : splitIdentifier(word);
  for (const part of parts) {
    if (!keepStopWords && STOP_WORDS.has(part)) continue;
    if (part.length === 1 && !(part >= '0' && part <= '9')) continue;
    terms.push(cachedStem(part));
  }
  // A word split at case or digit changes also stands for itself: "MySQL" is more than "SQL",
  // "EC2" more than "EC"; written as one word in the request, it should meet the whole word.
  if (parts.length > 1 && parts.length <= 3) terms.push(cachedStem(word.toLowerCase()));
}

const PLAIN_WORD = /^[A-Z]?[a-z]+$/;
// Scripts written without spaces between words: Chinese (Han), Japanese (kana, and Han) and,
// for sentences written without spaces, Korean (Hangul).
const SPACELESS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}ー々';
const SPACELESS_SCRIPT = new RegExp(`[${SPACELESS}]`, 'u');
const SPACELESS_RUNS = new RegExp(`[${SPACELESS}]+|[^${SPACELESS}]+`, 'gu');

/**
 * A run of a script written without spaces has no word boundaries to find, so it is indexed as
 * overlapping character pairs ("天气预报" → 天气 气预 预报): a request shares pairs with a text
 * when they share words, whatever the segmentation. A single character stands for itself.
 * Other parts of the same run ("iPhone用") are analysed as usual.
 */
function analyzeMixedWord(word: string, options: AnalyzeOptions, terms: string[]): void {
  for (const run of word.matchAll(SPACELESS_RUNS)) {
    const segment = run[0];
    if (!SPACELESS_SCRIPT.test(segment)) {
      terms.push(...analyze(segment, options));
      continue;
    }
    const chars = Array.from(segment);
    if (chars.length === 1) terms.push(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i]! + chars[i + 1]!);
  }
}
const STEM_CACHE_LIMIT = 50_000;
const stemCache = new Map<string, string>();

function cachedStem(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed === undefined) {
    stemmed = stem(word);
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemCache.set(word, stemmed);
  }
  return stemmed;
}
