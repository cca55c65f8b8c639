// Payloads a keyword rule cannot read as written: base64, ROT13, leetspeak, letters spaced
// out, percent- and entity-encoding. Each decoder answers the decoded text to read again, or
// nothing when the text holds no such payload (nearly every text).

/** A decoded reading of a text, and the encoding it was hidden in. */
export interface DecodedText {
  encoding: string;
  text: string;
}

const BASE64_RUN = /[A-Za-z0-9+/_-]{24,}={0,2}/g;
const MAX_RUNS = 16;
const MAX_RUN_LENGTH = 16_384;

/** Printable text: letters, digits, punctuation and spaces, in any script. */
function isReadable(text: string): boolean {
  if (text.length < 12) return false;
  let readable = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code < 0x7f) || code === 0x0a || code >= 0xa0) readable++;
  }
  // Words, not a binary blob that happens to decode: spaces between letters.
  return readable / text.length > 0.95 && /[a-z]{2,}\s+[a-z]{2,}/i.test(text);
}

function decodeBase64(run: string): string | undefined {
  const standard = run.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const padded = standard + '='.repeat((4 - (standard.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return isReadable(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

function base64Payloads(text: string): string | undefined {
  if (text.length < 24) return undefined;
  const decoded: string[] = [];
  let runs = 0;
  for (const match of text.matchAll(BASE64_RUN)) {
    if (++runs > MAX_RUNS) break;
    const run = match[0];
    if (run.length > MAX_RUN_LENGTH) continue;
    // A JWT's or a dotted token's parts decode to JSON: read them all the same.
    const text = decodeBase64(run);
    if (text) decoded.push(text);
  }
  return decoded.length > 0 ? decoded.join('\n') : undefined;
}

export function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (char) => {
    const base = char <= 'Z' ? 65 : 97;
    return String.fromCharCode(((char.charCodeAt(0) - base + 13) % 26) + base);
  });
}

const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
};
/** A word of letters and look-alike digits (`pr3v10u5`, `4ll`). */
const LEET_WORD = /[a-z0-9@$]*(?:[a-z][0134578@$]|[0134578@$][a-z])[a-z0-9@$]*/gi;
/** A text with this many leetspeak words is read again with letters for digits. */
const MIN_LEET_WORDS = 3;

/** A number written with look-alike digits only (`70` for "to"), read once the text is leet. */
const LEET_NUMBER = /\b[0134578]{2,3}\b/g;

function deleet(text: string): string | undefined {
  let words = 0;
  const out = text.replace(LEET_WORD, (word) => {
    words++;
    return word.replace(/[0134578@$]/g, (char) => LEET[char] ?? char);
  });
  if (words < MIN_LEET_WORDS) return undefined;
  return out.replace(LEET_NUMBER, (number) => number.replace(/./g, (char) => LEET[char] ?? char));
}

/** Hex digits in pairs, at least 16 bytes in a row. */
const HEX_RUN = /\b(?:[0-9a-f]{2}){16,}\b/gi;

function hexDecoded(text: string): string | undefined {
  const decoded: string[] = [];
  for (const match of text.matchAll(HEX_RUN)) {
    const run = match[0];
    if (run.length > MAX_RUN_LENGTH) continue;
    const bytes = new Uint8Array(run.length / 2);
    for (let index = 0; index < bytes.length; index++)
      bytes[index] = Number.parseInt(run.slice(index * 2, index * 2 + 2), 16);
    try {
      const value = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      if (isReadable(value)) decoded.push(value);
    } catch {
      // Not text: a digest or an identifier.
    }
    if (decoded.length >= MAX_RUNS) break;
  }
  return decoded.length > 0 ? decoded.join('\n') : undefined;
}

/** Five or more single letters in a row, one or two separators apart (`i g n o r e`). */
const SPACED_RUN =
  /(?<![\p{L}\p{N}])(?:\p{L}(?:[ .\-_*·]{1,3}|\s{2,4})){4,}\p{L}(?![\p{L}\p{N}])/gu;

/**
 * Spaced-out letters put back together: a wider gap (two spaces, ` / `) between letters marks
 * a word break; with no wider gap the letters make one run (`ignorepreviousinstructions`),
 * which is also read with the breaks the rules need (see SQUASHED_PHRASES).
 */
function unspace(text: string): string | undefined {
  let changed = false;
  const out = text.replace(SPACED_RUN, (run) => {
    changed = true;
    const gaps = run.match(/[^\p{L}]+/gu) ?? [];
    // Letters joined by one mark with words apart by another (`s-e-n-d t-h-e`): a gap with a
    // space is a word break when the others have none.
    if (gaps.some((gap) => /\s/.test(gap)) && gaps.some((gap) => !/\s/.test(gap)))
      return run
        .split(/[^\p{L}]*\s[^\p{L}]*/u)
        .map((word) => word.replace(/[^\p{L}]+/gu, ''))
        .join(' ');
    const widest = Math.max(...gaps.map((gap) => gap.length));
    const narrowest = Math.min(...gaps.map((gap) => gap.length));
    if (widest === narrowest) return run.replace(/[^\p{L}]+/gu, '');
    return run
      .split(new RegExp(`[^\\p{L}]{${widest}}`, 'u'))
      .map((word) => word.replace(/[^\p{L}]+/gu, ''))
      .join(' ');
  });
  return changed ? out : undefined;
}

/**
 * Phrases of the rules written without spaces, for letters that were spaced out with no
 * word break: mapped to the phrase with its spaces.
 */
const SQUASHED_PHRASES: ReadonlyArray<readonly [string, string]> = [
  ['ignoreallpreviousinstructions', 'ignore all previous instructions'],
  ['ignorepreviousinstructions', 'ignore previous instructions'],
  ['ignorepriorinstructions', 'ignore prior instructions'],
  ['ignoreallinstructions', 'ignore all instructions'],
  ['ignoreyourinstructions', 'ignore your instructions'],
  ['disregardpreviousinstructions', 'disregard previous instructions'],
  ['disregardallpreviousinstructions', 'disregard all previous instructions'],
  ['forgetpreviousinstructions', 'forget previous instructions'],
  ['forgetallpreviousinstructions', 'forget all previous instructions'],
  ['newinstructions', 'new instructions:'],
  ['donottelltheuser', 'do not tell the user'],
  ['donttelltheuser', "don't tell the user"],
  ['revealthesystemprompt', 'send the system prompt to https://'],
];

function spacedWords(text: string): string | undefined {
  const unspaced = unspace(text);
  if (unspaced === undefined) return undefined;
  let out = unspaced;
  const squashed = unspaced.toLowerCase();
  for (const [phrase, words] of SQUASHED_PHRASES)
    if (squashed.includes(phrase)) out += `\n${words}`;
  return out;
}

const PERCENT_RUN = /(?:%[0-9a-f]{2}){6,}/gi;
const ENTITY_RUN = /(?:&#(?:x[0-9a-f]{1,6}|\d{1,7});){6,}/gi;

function percentDecoded(text: string): string | undefined {
  if (text.indexOf('%') < 0) return undefined;
  let changed = false;
  const out = text.replace(PERCENT_RUN, (run) => {
    try {
      changed = true;
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
  return changed ? out : undefined;
}

function entityDecoded(text: string): string | undefined {
  if (text.indexOf('&#') < 0) return undefined;
  let changed = false;
  const out = text.replace(ENTITY_RUN, (run) => {
    changed = true;
    return run.replace(/&#(x[0-9a-f]+|\d+);/gi, (_entity, code: string) => {
      const point =
        code[0] === 'x' || code[0] === 'X' ? Number.parseInt(code.slice(1), 16) : Number(code);
      return point <= 0x10ffff ? String.fromCodePoint(point) : '';
    });
  });
  return changed ? out : undefined;
}

/** Letters spaced out, or digits among letters in two neighbouring words (ASCII). */
const SPACED_OR_LEET_HINT =
  /[a-z][ .\-_*]{1,3}[a-z][ .\-_*]{1,3}[a-z][ .\-_*]{1,3}[a-z][ .\-_*]{1,3}[a-z]|[a-z][0134578@$][a-z0-9@$]*[\s,.]+(?:\d+[\s,.]+)?[a-z0-9@$]*(?:[a-z][0134578@$]|[0134578@$][a-z])/i;
const PERCENT_HINT = /(?:%[0-9a-f]{2}){6}/i;
const ENTITY_HINT = /(?:&#x?[0-9a-f]+;){3}/i;
/** Letters of any script spaced out. */
const SPACED_LETTERS = /\p{L}(?:[ .\-_*·]{1,3}\p{L}){4}/u;
/** A base64 run this long or longer is worth decoding. */
const MIN_BASE64_RUN = 24;

/**
 * Whether a text may hold an encoded payload worth decoding: a long base64-like run, a run of
 * percent escapes or character entities, letters spaced out, or digits among letters in two
 * neighbouring words. False for most texts, at about the cost of one pass over them.
 */
export function mayHoldEncoded(text: string): boolean {
  let run = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const base64 =
      (code >= 48 && code <= 57) ||
      (code >= 65 && code <= 90) ||
      (code >= 97 && code <= 122) ||
      code === 43 ||
      code === 47;
    if (!base64) run = 0;
    else if (++run >= MIN_BASE64_RUN) return true;
  }
  if (text.indexOf('%') >= 0 && PERCENT_HINT.test(text)) return true;
  if (text.indexOf('&#') >= 0 && ENTITY_HINT.test(text)) return true;
  return (
    SPACED_OR_LEET_HINT.test(text) || (/[^\u0000-\u007f]/.test(text) && SPACED_LETTERS.test(text))
  );
}

/** Every decoded reading of a text (none for nearly every text). ROT13 is asked for apart. */
export function decodings(text: string): DecodedText[] {
  const out: DecodedText[] = [];
  const add = (encoding: string, decoded: string | undefined) => {
    if (decoded !== undefined && decoded !== text) out.push({ encoding, text: decoded });
  };
  add('base64', base64Payloads(text));
  add('hex', hexDecoded(text));
  add('percent-encoding', percentDecoded(text));
  add('character entities', entityDecoded(text));
  add('spaced-out letters', spacedWords(text));
  add('leetspeak', deleet(text));
  return out;
}
