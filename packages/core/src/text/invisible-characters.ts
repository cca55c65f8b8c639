import type { Issue } from '../errors/arsenal-error.js';

/**
 * Invisible characters that are harmless on their own (a stray zero-width space pasted with a
 * URL, a byte-order mark, a soft hyphen): stripped from every text a model reads.
 */
const HARMLESS_INVISIBLE = /[\u00AD\u200B-\u200D\u2060-\u2064\uFEFF]/g;

/**
 * Characters that hide or reorder text for whoever reviews a tool: bidirectional controls,
 * Unicode tag characters, supplementary variation selectors, Hangul fillers and the Mongolian
 * vowel separator. Always stripped, and reported as hidden text.
 */
const HIDING = /[\u115F\u1160\u180E\u202A-\u202E\u2066-\u2069\u3164\uFFA0]|\uDB40[\uDC00-\uDDEF]/g;

/** Basic variation selectors (U+FE00–FE0F): legitimate after an emoji or symbol, once. */
const VARIATION_SELECTOR = /[\uFE00-\uFE0F]/g;

/** Every character this module may touch; text without one is returned untouched at once. */
const ANY =
  /[\u00AD\u115F\u1160\u180E\u200B-\u200D\u202A-\u202E\u2060-\u2069\u3164\uFEFF\uFFA0\uDB40]|[\uFE00-\uFE0F]/;

/** Whether `sanitizeText` could change the text (false for nearly every text, at one test). */
export function mayHoldInvisible(text: string): boolean {
  return ANY.test(text);
}

/** More harmless invisible characters than this in one text can encode a hidden message. */
const MAX_HARMLESS_INVISIBLE = 3;

export interface SanitizedText {
  text: string;
  /** How many invisible characters were removed. */
  stripped: number;
  /** Hidden-text findings: what was removed that no honest description needs. */
  findings: Issue[];
}

function takesVariationSelector(codePoint: number | undefined): boolean {
  if (codePoint === undefined) return false;
  // Emoji, symbols and dingbats, and keycap bases (digits, # and *).
  return (
    codePoint >= 0x2000 ||
    (codePoint >= 0x30 && codePoint <= 0x39) ||
    codePoint === 0x23 ||
    codePoint === 0x2a ||
    codePoint === 0xa9 ||
    codePoint === 0xae
  );
}

/**
 * Remove invisible characters from a text a model will read and say whether what was removed
 * looks like hidden content. A single zero-width space is noise; tag characters, bidi
 * controls, runs of variation selectors or many zero-width characters are not.
 *
 * @example sanitizeText('\u200bhttps://example.com', '/description') // { text: 'https://example.com', stripped: 1, findings: [] }
 */
export function sanitizeText(text: string, path: string): SanitizedText {
  if (!ANY.test(text)) return { text, stripped: 0, findings: [] };
  const findings: Issue[] = [];
  let stripped = 0;
  let harmless = 0;
  let hiding = 0;
  let misplacedSelectors = 0;
  const flags = flagSpans(text);
  let out = text.replace(HIDING, (match, offset: number) => {
    // Tag characters used as designed: a subdivision flag (🏴 + region + cancel tag).
    if (flags && flags.some(([start, end]) => offset >= start && offset < end)) return match;
    hiding++;
    return '';
  });
  out = out.replace(HARMLESS_INVISIBLE, (match, offset: number, whole: string) => {
    // A zero-width joiner between two emoji builds one emoji (👩‍💻); it stays.
    if (match === '\u200D' && isEmojiJoin(whole, offset)) return match;
    harmless++;
    return '';
  });
  out = out.replace(VARIATION_SELECTOR, (match, offset: number, whole: string) => {
    const previous = offset > 0 ? whole.codePointAt(previousStart(whole, offset)) : undefined;
    if (takesVariationSelector(previous) && !isSelector(whole.charCodeAt(offset - 1))) return match;
    misplacedSelectors++;
    return '';
  });
  stripped = hiding + harmless + misplacedSelectors;
  if (hiding > 0) {
    findings.push({
      path,
      message: `contains ${hiding} character(s) that hide or reorder text (Unicode tag characters, bidirectional controls, supplementary variation selectors, Hangul fillers or U+180E)`,
    });
  }
  if (misplacedSelectors > 0) {
    findings.push({
      path,
      message: `contains ${misplacedSelectors} variation selector(s) that follow no emoji or symbol, which can carry hidden data`,
    });
  }
  if (harmless > MAX_HARMLESS_INVISIBLE) {
    findings.push({
      path,
      message: `contains ${harmless} zero-width or other invisible characters, enough to encode a hidden message`,
    });
  }
  return { text: out, stripped, findings };
}

/**
 * A subdivision flag: U+1F3F4, two to six tag letters or digits (a region such as `gbsct`),
 * then CANCEL TAG. Tag characters anywhere else hide text.
 */
const TAG_FLAG = /\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{2,6}\u{E007F}/gu;
/** More flags than this in one text are a message spelled in regions, not flags. */
const MAX_FLAGS = 8;

/** Where a text's subdivision flags are (UTF-16 offsets), or undefined when it has none. */
function flagSpans(text: string): Array<[number, number]> | undefined {
  if (text.indexOf('\u{1F3F4}') < 0) return undefined;
  const spans: Array<[number, number]> = [];
  for (const match of text.matchAll(TAG_FLAG)) {
    spans.push([match.index, match.index + match[0].length]);
    if (spans.length > MAX_FLAGS) return undefined;
  }
  return spans.length > 0 ? spans : undefined;
}

function isSelector(code: number): boolean {
  return code >= 0xfe00 && code <= 0xfe0f;
}

function previousStart(text: string, offset: number): number {
  const code = text.charCodeAt(offset - 1);
  return code >= 0xdc00 && code <= 0xdfff && offset >= 2 ? offset - 2 : offset - 1;
}

function isEmojiJoin(text: string, offset: number): boolean {
  const before = text.codePointAt(previousStart(text, offset)) ?? 0;
  const after = text.codePointAt(offset + 1) ?? 0;
  const emoji = (code: number) => code >= 0x2600 || (code >= 0xfe00 && code <= 0xfe0f);
  return emoji(before) && emoji(after);
}
