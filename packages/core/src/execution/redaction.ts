/**
 * Key endings that mark a secret, matched on the key lowercased without `-` and `_`:
 * `password`, `db_password`, `apiKey`, `X-Api-Key`, `githubToken`, `Authorization`...
 * `max_tokens` and `tokens` are left alone (they end in `tokens`, not `token`).
 */
const SECRET_SUFFIX =
  /(?:password|passwd|passphrase|secret|apikey|privatekey|credential|credentials|token|authorization|cookie)$/;
const SECRET_EXACT = new Set(['auth', 'pin', 'otp', 'ssn']);

export const REDACTED = '[REDACTED]';

/** Whether a key names a secret whose value must not reach audit records or logs. */
export function isSecretKey(key: string): boolean {
  const normalised = key.toLowerCase().replace(/[-_\s]/g, '');
  return SECRET_SUFFIX.test(normalised) || SECRET_EXACT.has(normalised);
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
  return redact(value, isSecret, maxDepth, new WeakSet());
}

function redact(
  value: unknown,
  isSecret: (key: string) => boolean,
  depth: number,
  seen: WeakSet<object>,
): unknown {
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'bigint') return value.toString();
    return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  }
  if (seen.has(value)) return '[Circular]';
  if (depth <= 0) return '[Truncated]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => redact(item, isSecret, depth - 1, seen));
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      out[key] = isSecret(key) ? REDACTED : redact(item, isSecret, depth - 1, seen);
    }
    return out;
  } finally {
    seen.delete(value);
  }
}
