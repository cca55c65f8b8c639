import type { JsonSchema } from './json-schema.js';

// What the JSON Schema validator asks of a value: its type, its length in characters, whether it
// equals another, and how to name it in a message.

const patternCache = new Map<string, RegExp | null>();

/** Whether `value` has (one of) the JSON Schema `type`(s); `nullable` (OpenAPI 3.0) admits null. */
export function matchesType(type: JsonSchema['type'], value: unknown, nullable: boolean): boolean {
  if (nullable && value === null) return true;
  if (typeof type === 'string') return matchesOneType(type, value);
  return (type as readonly string[]).some((one) => matchesOneType(one, value));
}

function matchesOneType(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
    default:
      return true;
  }
}

/** `a string`, `an object or a null`: the expected type as a message says it. */
export function describeType(type: JsonSchema['type']): string {
  const types = typeof type === 'string' ? [type] : [...(type ?? [])];
  return types.map((t) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`)).join(' or ');
}

/** What a value is, as a message says it: `an integer`, `null`, `an array`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Length in characters (code points), as JSON Schema counts `minLength` and `maxLength`. */
export function codePointLength(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Count a surrogate pair once, as JSON Schema counts characters, not UTF-16 units.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) i++;
    length++;
  }
  return length;
}

/** A `pattern` compiled once (Unicode mode first); `null` when JavaScript cannot compile it. */
export function compilePattern(pattern: string): RegExp | null {
  let regex = patternCache.get(pattern);
  if (regex === undefined) {
    try {
      regex = new RegExp(pattern, 'u');
    } catch {
      try {
        regex = new RegExp(pattern);
      } catch {
        regex = null;
      }
    }
    if (patternCache.size > 1000) patternCache.clear();
    patternCache.set(pattern, regex);
  }
  return regex;
}

/** Structural equality of JSON values (key order ignored). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && deepEqual(left[key], right[key]));
}
