import { TranscodeError } from '@arsenal/core';

/**
 * A deep copy of a JSON value. Encoders work on copies so they never share or mutate the
 * caller's objects; values JSON cannot carry (functions, symbols, bigints, cycles) are refused
 * with the path that holds them, because a vendor API would reject or silently drop them.
 */
export function copyJson<T>(value: T, dialect: string, path = ''): T {
  return copyValue(value, dialect, path, new Set()) as T;
}

function copyValue(value: unknown, dialect: string, path: string, ancestors: Set<object>): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw new TranscodeError(
        dialect,
        `Schema value at "${path || '/'}" is ${value}, which JSON cannot carry; use a finite number.`,
      );
    }
    return value;
  }
  if (typeof value !== 'object') {
    throw new TranscodeError(
      dialect,
      `Schema value at "${path || '/'}" is a ${typeof value}, which JSON cannot carry; use plain JSON values only.`,
    );
  }
  if (ancestors.has(value)) {
    throw new TranscodeError(
      dialect,
      `Schema at "${path || '/'}" contains itself (a circular object); express recursion with "$ref" and "$defs" instead.`,
    );
  }
  ancestors.add(value);
  let copy: unknown;
  if (Array.isArray(value)) {
    copy = value.map((item, index) => copyValue(item, dialect, `${path}/${index}`, ancestors));
  } else {
    const record: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      record[key] = copyValue(item, dialect, `${path}/${escapePointer(key)}`, ancestors);
    }
    copy = record;
  }
  ancestors.delete(value);
  return copy;
}

/** Escape one JSON-pointer segment (`~` → `~0`, `/` → `~1`). */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
