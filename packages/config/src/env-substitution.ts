/** One `${VAR}` that has no value and no default. */
export interface MissingVariable {
  name: string;
  /** Path of the value that names it. */
  path: (string | number)[];
}

const WHOLE_REFERENCE = /^\$\{[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\}$/;
const REFERENCE = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * Replace `${VAR}` and `${VAR:-default}` in every string of a parsed config (keys stay as they
 * are). `$${` is a literal `${`. Substituting after parsing means a value can never change the
 * YAML structure. Values that came from variables are collected in `secrets`, for redaction.
 */
export function substituteVariables(
  value: unknown,
  variables: Readonly<Record<string, string | undefined>>,
  missing: MissingVariable[],
  secrets: Set<string>,
  path: (string | number)[] = [],
): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE_REFERENCE.exec(value);
    const replaced = value.replace(
      REFERENCE,
      (match, name: string | undefined, fallback?: string) => {
        if (match === '$${') return '${';
        const found = variables[name as string];
        if (found !== undefined && found !== '') {
          if (found.length >= 4) secrets.add(found);
          return found;
        }
        if (fallback !== undefined) return fallback;
        missing.push({ name: name as string, path });
        return '';
      },
    );
    // `port: ${PORT}` means a number, as `port: 3000` would: a value that is one whole
    // reference takes the YAML type of what it expands to.
    if (whole && /^(-?\d+(\.\d+)?|true|false)$/.test(replaced)) {
      return replaced === 'true' ? true : replaced === 'false' ? false : Number(replaced);
    }
    return replaced;
  }
  if (Array.isArray(value)) {
    return value.map((item, index) =>
      substituteVariables(item, variables, missing, secrets, [...path, index]),
    );
  }
  if (typeof value === 'object' && value !== null) {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      result[key] = substituteVariables(item, variables, missing, secrets, [...path, key]);
    }
    return result;
  }
  return value;
}

/**
 * Parse a `.env` file: `KEY=value`, optional `export `, `#` comments, single quotes (literal),
 * double quotes (with \n, \t, \" and \\ escapes). Lines that are not assignments are ignored.
 *
 * @example
 * ```ts
 * import { parseDotEnv } from '@arsenal/config';
 *
 * parseDotEnv('# keys\nexport OPENAI_API_KEY=sk-123\nGREETING="hello\\nworld"\nRAW=\'$HOME\'\n');
 * // { OPENAI_API_KEY: 'sk-123', GREETING: 'hello\nworld', RAW: '$HOME' }
 * ```
 */
export function parseDotEnv(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    const key = match[1] as string;
    let value = (match[2] ?? '').trim();
    if (value.startsWith('"')) {
      const end = value.lastIndexOf('"');
      value = (end > 0 ? value.slice(1, end) : value.slice(1)).replace(
        /\\([nt"\\])/g,
        (_escape, char: string) => ({ n: '\n', t: '\t', '"': '"', '\\': '\\' })[char] ?? char,
      );
    } else if (value.startsWith("'")) {
      const end = value.lastIndexOf("'");
      value = end > 0 ? value.slice(1, end) : value.slice(1);
    } else {
      // An unquoted value ends at a ` #` comment.
      const comment = value.search(/\s#/);
      if (comment !== -1) value = value.slice(0, comment).trimEnd();
    }
    result[key] = value;
  }
  return result;
}
