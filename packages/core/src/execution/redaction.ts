/**
 * Key endings that mark a secret, matched on the key lowercased without `-` and `_`:
 * `password`, `db_password`, `apiKey`, `X-Api-Key`, `githubToken`, `Authorization`...
 * `max_tokens` and `tokens` are left alone (they end in `tokens`, not `token`).
 */
const SECRET_SUFFIX =
  /(?:password|passwd|passphrase|secret|apikey|privatekey|credential|credentials|token|authorization|cookie)$/;
const SECRET_EXACT = new Set(['auth', 'pin', 'otp', 'ssn']);

/** What a secret value is replaced with in audit records and listings. */
export const REDACTED = '[REDACTED]';

/** Whether a key names a secret whose value must not reach audit records or logs. */
export function isSecretKey(key: string): boolean {
  let secret = verdicts.get(key);
  if (secret === undefined) {
    const normalised = key.toLowerCase().replace(/[-_\s]/g, '');
    secret = SECRET_SUFFIX.test(normalised) || SECRET_EXACT.has(normalised);
    // Argument keys repeat call after call; the bound keeps odd callers from growing it forever.
    if (verdicts.size >= 10_000) verdicts.clear();
    verdicts.set(key, secret);
  }
  return secret;
}

const verdicts = new Map<string, boolean>();

/**
 * The redacted copy of a plain object of strings, numbers, booleans and nulls (most tool
 * arguments), without the walk's bookkeeping; undefined for anything else.
 */
function flatCopy(
  value: object,
  isSecret: (key: string) => boolean,
): Record<string, unknown> | undefined {
  if (Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  for (let i = 0; i < keys.length; i++) {
    const item = record[keys[i]!];
    const kind = typeof item;
    if (kind !== 'string' && kind !== 'number' && kind !== 'boolean' && item !== null)
      return undefined;
  }
  const out: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    out[key] = isSecret(key) ? REDACTED : record[key];
  }
  return out;
}

/**
 * A copy of `value` with secret-looking keys replaced by `[REDACTED]`, at any depth. Cycles and
 * values deeper than `maxDepth` are cut short rather than copied.
 */
export function redactSecrets(
  value: unknown,
  isSecret: (key: string) => boolean = isSecretKey,
  maxDepth = 8,
): unknown {
  return redact(value, isSecret, maxDepth, []);
}

function redact(
  value: unknown,
  isSecret: (key: string) => boolean,
  depth: number,
  seen: object[],
): unknown {
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'bigint') return value.toString();
    return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  }
  // The path from the root: at most maxDepth objects, cheaper to scan than a set to build.
  if (seen.includes(value)) return '[Circular]';
  if (depth <= 0) return '[Truncated]';
  const flat = flatCopy(value, isSecret);
  if (flat) return flat;
  seen.push(value);
  try {
    if (Array.isArray(value)) return value.map((item) => redact(item, isSecret, depth - 1, seen));
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      out[key] = isSecret(key) ? REDACTED : redact(item, isSecret, depth - 1, seen);
    }
    return out;
  } finally {
    seen.pop();
  }
}
