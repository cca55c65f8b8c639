import type { Issue } from '../errors/arsenal-error.js';
import { MAX_SCHEMA_DEPTH } from '../schema/intern-schema.js';
import { mayHoldInvisible, sanitizeText } from '../text/invisible-characters.js';
import type { PoisoningFinding } from './detect-poisoning.js';

/**
 * Cut a text to at most `limit` characters at a sentence end, else at a word boundary (adding
 * "…"), never inside a word unless it has no space at all.
 *
 * @example cutAtBoundary('one two three', 9) // 'one two…'
 */
export function cutAtBoundary(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const head = text.slice(0, limit - 1);
  const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('.\n'));
  if (sentenceEnd >= limit / 2) return head.slice(0, sentenceEnd + 1);
  const wordEnd = Math.max(head.lastIndexOf(' '), head.lastIndexOf('\n'));
  return `${(wordEnd > 0 ? head.slice(0, wordEnd) : head).trimEnd()}…`;
}

/** What cleaning the texts of one tool did: invisible characters removed, and why it matters. */
export interface TextCleaning {
  /** Invisible characters removed across every text. */
  stripped: number;
  /** Hidden-text findings (tag characters, bidi controls...): the detector reports them. */
  findings: PoisoningFinding[];
  /** One line per text that changed, for the registration's warnings. */
  warnings: Issue[];
}

export function emptyCleaning(): TextCleaning {
  return { stripped: 0, findings: [], warnings: [] };
}

/** Strip invisible characters from one text a model reads, noting what was done. */
export function cleanText(text: string, path: string, cleaning: TextCleaning): string {
  if (!mayHoldInvisible(text)) return text;
  const result = sanitizeText(text, path);
  if (result.stripped === 0) return text;
  cleaning.stripped += result.stripped;
  for (const finding of result.findings)
    cleaning.findings.push({ ...finding, rule: 'hidden-characters' });
  cleaning.warnings.push({
    path,
    message: `had ${result.stripped} invisible character(s); they were removed`,
  });
  return result.text;
}

const PROSE_KEYS = new Set(['description', 'title']);

/**
 * A schema with invisible characters removed from its descriptions and titles (a copy, only
 * when something changed). Enum values, defaults and names are values the tool receives, so
 * they are left as they are: the detector reports what hides in them.
 */
export function cleanSchemaProse<T>(schema: T, path: string, cleaning: TextCleaning): T {
  // The keys from the schema's root to the value being walked: a text's pointer is built only
  // when the text has a character to strip (nearly never).
  const keys: (string | number)[] = [];
  const pointer = (key: string) =>
    `${path}${keys.map((at) => `/${escapeKey(String(at))}`).join('')}/${escapeKey(key)}`;
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value !== 'object' || value === null || depth > MAX_SCHEMA_DEPTH) return value;
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      for (let index = 0; index < value.length; index++) {
        const item = value[index];
        if (typeof item !== 'object' || item === null) continue;
        keys.push(index);
        const next = walk(item, depth + 1);
        keys.pop();
        if (next !== item) {
          copy ??= [...value];
          copy[index] = next;
        }
      }
      return copy ?? value;
    }
    let copy: Record<string, unknown> | undefined;
    const record = value as Record<string, unknown>;
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      const item = record[key];
      let next: unknown;
      if (typeof item === 'string') {
        if (!PROSE_KEYS.has(key) || !mayHoldInvisible(item)) continue;
        next = cleanText(item, pointer(key), cleaning);
      } else if (typeof item === 'object' && item !== null) {
        keys.push(key);
        next = walk(item, depth + 1);
        keys.pop();
      } else continue;
      if (next !== item) {
        copy ??= { ...record };
        copy[key] = next;
      }
    }
    return copy ?? value;
  };
  return walk(schema, 0) as T;
}

function escapeKey(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}
