/**
 * Strings that repeat across a catalog (parameter descriptions, types, enum values, tags) held
 * once: a bounded pool of short strings. Once full it keeps what it has and adds nothing.
 */
const POOL_LIMIT = 50_000;
const MAX_POOLED_LENGTH = 160;
const pool = new Map<string, string>();

/** The pooled copy of a short string (the string itself when long, or the pool is full). */
export function internString(text: string): string {
  if (text.length > MAX_POOLED_LENGTH) return text;
  const pooled = pool.get(text);
  if (pooled !== undefined) return pooled;
  if (pool.size < POOL_LIMIT) pool.set(text, text);
  return text;
}

const MAX_DEPTH = 40;

/**
 * A copy of a JSON Schema's plain objects and arrays with its short strings pooled, so that a
 * registered tool keeps neither the caller's objects nor its own copy of text a thousand other
 * tools share. Other values (numbers, class instances) are kept as they are.
 */
export function internSchema<T>(schema: T): T {
  return copy(schema, 0) as T;
}

function copy(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return internString(value);
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copy(value[i], depth + 1);
    return out;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) out[key] = copy(record[key], depth + 1);
  return out;
}
