/** Characters a class escape stands for: the first is what a sample uses. */
const CLASS_ESCAPES: Readonly<Record<string, string>> = {
  d: '0',
  w: 'a',
  s: ' ',
  D: 'a',
  W: '-',
  S: 'a',
};

interface Cursor {
  pattern: string;
  index: number;
}

/**
 * A string matching a regular expression of the kinds tool schemas use (literals, classes,
 * groups, alternation, quantifiers), or undefined when the pattern is beyond this sketch or
 * the string it builds does not match. Deterministic: the shortest choice everywhere.
 *
 * @example sampleFromPattern('^[A-Z]{3}-\\d+$') // 'AAA-0'
 */
export function sampleFromPattern(pattern: string): string | undefined {
  let matcher: RegExp;
  try {
    matcher = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  let text: string;
  try {
    text = sequence({ pattern, index: 0 });
  } catch {
    return undefined;
  }
  return matcher.test(text) ? text : undefined;
}

/** Alternatives up to `)` or the end; the first alternative is the sample. */
function sequence(cursor: Cursor): string {
  let first: string | undefined;
  let current = '';
  while (cursor.index < cursor.pattern.length) {
    const char = cursor.pattern[cursor.index]!;
    if (char === ')') break;
    if (char === '|') {
      first ??= current;
      current = '';
      cursor.index++;
      continue;
    }
    const atom = readAtom(cursor);
    current += repeat(atom, readQuantifier(cursor));
  }
  return first ?? current;
}

function readAtom(cursor: Cursor): string {
  const char = cursor.pattern[cursor.index++]!;
  switch (char) {
    case '^':
    case '$':
      return '';
    case '.':
      return 'a';
    case '\\':
      return readEscape(cursor);
    case '[':
      return readClass(cursor);
    case '(': {
      if (cursor.pattern.startsWith('?:', cursor.index)) cursor.index += 2;
      else if (cursor.pattern[cursor.index] === '?') throw new Error('lookaround');
      const inner = sequence(cursor);
      if (cursor.pattern[cursor.index] !== ')') throw new Error('unclosed group');
      cursor.index++;
      return inner;
    }
    default:
      return char;
  }
}

function readEscape(cursor: Cursor): string {
  const char = cursor.pattern[cursor.index++];
  if (char === undefined) throw new Error('dangling escape');
  return CLASS_ESCAPES[char] ?? char;
}

function readClass(cursor: Cursor): string {
  if (cursor.pattern[cursor.index] === '^') throw new Error('negated class');
  let first: string | undefined;
  while (cursor.index < cursor.pattern.length && cursor.pattern[cursor.index] !== ']') {
    const char = cursor.pattern[cursor.index++]!;
    const member = char === '\\' ? readEscape(cursor) : char;
    first ??= member;
  }
  if (cursor.pattern[cursor.index] !== ']' || first === undefined) throw new Error('bad class');
  cursor.index++;
  return first;
}

/** Minimum repetitions of the quantifier after an atom (1 when there is none). */
function readQuantifier(cursor: Cursor): number {
  const char = cursor.pattern[cursor.index];
  let minimum = 1;
  if (char === '*' || char === '?') {
    cursor.index++;
    minimum = 0;
  } else if (char === '+') {
    cursor.index++;
  } else if (char === '{') {
    const close = cursor.pattern.indexOf('}', cursor.index);
    const body = close < 0 ? '' : cursor.pattern.slice(cursor.index + 1, close);
    const match = /^(\d+)(,\d*)?$/.exec(body);
    if (!match) return 1;
    cursor.index = close + 1;
    minimum = Number(match[1]);
  }
  if (cursor.pattern[cursor.index] === '?') cursor.index++;
  return minimum;
}

function repeat(atom: string, times: number): string {
  return atom.repeat(times);
}
