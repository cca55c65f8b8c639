const cache = new Map<string, RegExp>();

/**
 * Compile a glob (`*` any run of characters, `?` one character) into an anchored RegExp.
 * Everything else matches literally, so tool names with dots or colons need no escaping.
 */
export function compileGlob(pattern: string): RegExp {
  let regex = cache.get(pattern);
  if (regex === undefined) {
    const source = pattern
      .split('')
      .map((char) => {
        if (char === '*') return '.*';
        if (char === '?') return '.';
        return char.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
      })
      .join('');
    regex = new RegExp(`^${source}$`);
    if (cache.size > 2000) cache.clear();
    cache.set(pattern, regex);
  }
  return regex;
}

/** Whether `text` matches the glob `pattern`. */
export function matchGlob(pattern: string, text: string): boolean {
  if (pattern === '*') return true;
  if (!pattern.includes('*') && !pattern.includes('?')) return pattern === text;
  return compileGlob(pattern).test(text);
}

/** The first pattern in `patterns` matching any of `texts`, or undefined. */
export function firstMatch(
  patterns: readonly string[] | undefined,
  texts: readonly string[],
): string | undefined {
  if (!patterns) return undefined;
  for (const pattern of patterns) {
    for (const text of texts) if (matchGlob(pattern, text)) return pattern;
  }
  return undefined;
}
