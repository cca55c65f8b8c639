import { mayHoldInvisible } from '../text/invisible-characters.js';

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

/**
 * Deeper than this (levels of JSON objects and arrays), a schema is refused: a cycle is this
 * deep at once, and generated schemas (API specs, resource definitions) stay far below it.
 */
export const MAX_SCHEMA_DEPTH = 512;
/**
 * More values than this (objects, arrays, strings, numbers...), and a schema is refused. A part
 * used twice by reference counts twice: it is copied twice, so a schema made of shared parts
 * cannot grow exponentially once copied.
 */
export const MAX_SCHEMA_VALUES = 100_000;

/** Why a schema could not be copied as a tree, or undefined when it was. */
export type SchemaShapeProblem = 'too-deep' | 'too-large' | undefined;

// The state of the copy in progress (one at a time: copying never calls out).
let budget = 0;
let problem: SchemaShapeProblem;
let proseToClean = false;

/**
 * A copy of a JSON Schema's plain objects and arrays with its short strings pooled, so that a
 * registered tool keeps neither the caller's objects nor its own copy of text a thousand other
 * tools share. Other values (numbers, class instances) are kept as they are. The copy is a tree
 * of bounded size: parts shared by reference are copied each time they appear, and a schema
 * deeper than MAX_SCHEMA_DEPTH (a cycle, for one) or larger than MAX_SCHEMA_VALUES gives a
 * problem instead of a copy. `proseToClean` says whether a description or title may hold an
 * invisible character (or a value was kept uncopied): only then does the cleaning walk run.
 */
export function copyTree<T>(
  schema: T,
): { copy: T; problem?: undefined; proseToClean: boolean } | { problem: 'too-deep' | 'too-large' } {
  budget = MAX_SCHEMA_VALUES;
  problem = undefined;
  proseToClean = false;
  const result = copy(schema, 0) as T;
  const found = problem;
  problem = undefined;
  return found === undefined ? { copy: result, proseToClean } : { problem: found };
}

function copy(value: unknown, depth: number): unknown {
  if (problem !== undefined) return undefined;
  if (--budget < 0) {
    problem = 'too-large';
    return undefined;
  }
  if (typeof value === 'string') return internString(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_SCHEMA_DEPTH) {
    problem = 'too-deep';
    return undefined;
  }
  if (Array.isArray(value)) {
    if (value.length > budget) {
      problem = 'too-large';
      return undefined;
    }
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length && problem === undefined; i++)
      out[i] = copy(value[i], depth + 1);
    return out;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    // Kept as it is, unread: whatever prose it holds is left to the cleaning walk.
    proseToClean = true;
    return value;
  }
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in record) {
    if (problem !== undefined) break;
    if (!Object.hasOwn(record, key)) continue;
    const item = record[key];
    if (
      typeof item === 'string' &&
      !proseToClean &&
      (key === 'description' || key === 'title') &&
      mayHoldInvisible(item)
    )
      proseToClean = true;
    out[key] = copy(item, depth + 1);
  }
  return out;
}
