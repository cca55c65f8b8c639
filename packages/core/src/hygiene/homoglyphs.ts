import type { Issue } from '../errors/arsenal-error.js';

/**
 * Cyrillic and Greek letters drawn like Latin ones, with the Latin letter they imitate. Only
 * near-identical shapes: a word mixing these with Latin letters reads as English to a reviewer
 * while no keyword filter matches it.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  һ: 'h',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  ү: 'y',
  ɡ: 'g',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  Ү: 'Y',
  // Greek
  ο: 'o',
  ν: 'v',
  ρ: 'p',
  ι: 'i',
  α: 'a',
  κ: 'k',
  υ: 'u',
  τ: 't',
  χ: 'x',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  // Armenian
  օ: 'o',
  ս: 'u',
  հ: 'h',
  ո: 'n',
  ց: 'g',
  զ: 'q',
  // Small capitals and IPA letters (NFKC leaves them as they are)
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ꜰ: 'f',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
  ɑ: 'a',
  ɩ: 'i',
  // Cherokee capitals drawn as Latin ones
  Ꭺ: 'A',
  Ᏼ: 'B',
  Ꮯ: 'C',
  Ꭼ: 'E',
  Ꮋ: 'H',
  Ꭻ: 'J',
  Ꮶ: 'K',
  Ꮇ: 'M',
  Ꮲ: 'P',
  Ꮪ: 'S',
  Ꭲ: 'T',
  Ꮃ: 'W',
};

// Greek, Cyrillic, Armenian, IPA and small capitals, Cherokee, Latin extended-D; not the
// Turkish dotless i, which Turkish words mix with Latin letters.
const CYRILLIC_OR_GREEK =
  /[\u0250-\u02AF\u0370-\u03FF\u0400-\u052F\u0530-\u058F\u13A0-\u13FF\u1D00-\u1D2B\uA730-\uA7FF]/;
const WORD = /[\p{L}\p{M}]+/gu;
const LATIN_LETTER = /[A-Za-z]/;

/** The text with every look-alike letter replaced by the Latin letter it imitates. */
export function foldLookAlikes(text: string): string {
  if (!CYRILLIC_OR_GREEK.test(text)) return text;
  let out = '';
  for (const char of text) out += LOOK_ALIKES[char] ?? char;
  return out;
}

/**
 * Words that mix Latin letters with Cyrillic or Greek look-alikes (`іgnore`, `pаssword`).
 * A word in real Cyrillic or Greek, or styled text using other letters, is not one.
 */
export function findMixedScriptWords(text: string, path: string): Issue[] {
  if (!CYRILLIC_OR_GREEK.test(text)) return [];
  const words: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    if (word.length < 3 || !LATIN_LETTER.test(word) || !CYRILLIC_OR_GREEK.test(word)) continue;
    let allLatinOrLookAlike = true;
    for (const char of word) {
      if (!(LATIN_LETTER.test(char) || LOOK_ALIKES[char] !== undefined)) {
        allLatinOrLookAlike = false;
        break;
      }
    }
    if (allLatinOrLookAlike) words.push(word);
  }
  if (words.length === 0) return [];
  const shown = words
    .slice(0, 3)
    .map((word) => `"${foldLookAlikes(word)}"`)
    .join(', ');
  return [
    {
      path,
      message: `spells ${words.length} word(s) with Cyrillic or Greek look-alike letters among Latin ones (${shown}), which hides them from filters and reviewers`,
    },
  ];
}
