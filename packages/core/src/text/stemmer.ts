// A light suffix stripper: conflates plural, verb and common derivational forms ("bookings",
// "booked", "booking" → "book") without Porter's over-stemming of short words.

const EXCEPTIONS: Readonly<Record<string, string>> = {
  news: 'news',
  status: 'status',
  analysis: 'analys',
  analyses: 'analys',
  analyze: 'analys',
  analyzes: 'analys',
  analyzed: 'analys',
  analyzing: 'analys',
  analyse: 'analys',
  children: 'child',
  people: 'person',
  data: 'data',
  media: 'media',
  series: 'series',
  species: 'species',
};

const DERIVATIONAL: readonly (readonly [string, string])[] = [
  ['ational', 'ate'],
  ['ization', 'ize'],
  ['isation', 'ize'],
  ['fulness', 'ful'],
  ['iveness', 'ive'],
  ['ousness', 'ous'],
  ['ations', ''],
  ['ation', ''],
  ['ement', ''],
  ['ments', ''],
  ['ment', ''],
  ['ities', ''],
  ['ity', ''],
  ['izer', 'ize'],
  ['iser', 'ize'],
  ['ise', 'ize'],
  ['ize', ''],
  ['ness', ''],
  ['ally', 'al'],
  ['ion', ''],
  ['ate', ''],
  ['ly', ''],
  ['er', ''],
  ['or', ''],
  ['at', ''],
];

function isVowel(char: string | undefined): boolean {
  return char === 'a' || char === 'e' || char === 'i' || char === 'o' || char === 'u';
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) {
    if (isVowel(stem[i]) || (stem[i] === 'y' && i > 0)) return true;
  }
  return false;
}

// "stopp" → "stop", "runn" → "run", but keep "ll", "ss", "zz" ("call", "pass").
function undouble(stem: string): string {
  const last = stem[stem.length - 1];
  if (
    stem.length > 2 &&
    last === stem[stem.length - 2] &&
    !isVowel(last) &&
    last !== 'l' &&
    last !== 's' &&
    last !== 'z'
  ) {
    return stem.slice(0, -1);
  }
  return stem;
}

function stripE(word: string): string {
  return word.length > 3 && word.endsWith('e') && !word.endsWith('ee') ? word.slice(0, -1) : word;
}

/** Reduce a lowercase word to its stem. Words of 3 letters or fewer are kept as they are. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  const exception = EXCEPTIONS[word];
  if (exception !== undefined) return exception;
  let w = word;
  // Plurals and third person.
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(?:ch|sh|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (
    w.endsWith('s') &&
    !w.endsWith('ss') &&
    !w.endsWith('us') &&
    !w.endsWith('is') &&
    w.length > 3
  )
    w = w.slice(0, -1);
  // Past tense and gerund.
  if (w.endsWith('ied') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('eed')) w = w.slice(0, -1);
  else if (w.endsWith('ed') && w.length > 4 && hasVowel(w.slice(0, -2)))
    w = undouble(w.slice(0, -2));
  else if (w.endsWith('ing') && w.length > 5 && hasVowel(w.slice(0, -3)))
    w = undouble(w.slice(0, -3));
  // Common derivational suffixes, longest first; a second pass catches stacked suffixes
  // ("translator" → "translat" → "transl").
  for (let pass = 0; pass < 2; pass++) {
    const before = w;
    for (const [suffix, replacement] of DERIVATIONAL) {
      if (w.endsWith(suffix) && w.length - suffix.length >= 4) {
        w = w.slice(0, -suffix.length) + replacement;
        break;
      }
    }
    if (w === before) break;
  }
  // Make -e forms meet their bare stems: "file"/"fil" as in "files".
  return stripE(w);
}
