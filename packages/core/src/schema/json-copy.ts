import { InvalidArgumentError, TranscodeError } from '../errors/arsenal-error.js';
import { escapeJsonPointer } from './json-pointer.js';

/** Options of `copyJson`: where the value sits, for messages, and which error to throw. */
export interface CopyJsonOptions {
  /** JSON pointer of `value` inside what the caller holds, used in messages. Default: the root. */
  path?: string;
  /**
   * When set, refusals are `TranscodeError`s of this dialect (what transcoders throw);
   * otherwise they are `InvalidArgumentError`s.
   */
  dialect?: string;
}

/**
 * A deep copy of a JSON value, so the copy can be changed without touching the original.
 * Values JSON cannot carry (functions, symbols, bigints, NaN, Infinity, cycles) are refused
 * with the path that holds them, because a vendor API or a store would reject or silently
 * drop them; `undefined` object members are left out, as `JSON.stringify` does.
 *
 * @example copyJson(tool.parametersSchema, { path: '/parametersSchema', dialect: 'openai' })
 */
export function copyJson<T>(value: T, options: CopyJsonOptions = {}): T {
  const refuse = (message: string): Error =>
    options.dialect === undefined
      ? new InvalidArgumentError(message)
      : new TranscodeError(options.dialect, message);
  return copyValue(value, options.path ?? '', new Set(), refuse) as T;
}

function copyValue(
  value: unknown,
  path: string,
  ancestors: Set<object>,
  refuse: (message: string) => Error,
): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw refuse(
        `Schema value at "${path || '/'}" is ${value}, which JSON cannot carry; use a finite number.`,
      );
    }
    return value;
  }
  if (typeof value !== 'object') {
    throw refuse(
      `Schema value at "${path || '/'}" is a ${typeof value}, which JSON cannot carry; use plain JSON values only.`,
    );
  }
  if (ancestors.has(value)) {
    throw refuse(
      `Schema at "${path || '/'}" contains itself (a circular object); express recursion with "$ref" and "$defs" instead.`,
    );
  }
  ancestors.add(value);
  let copy: unknown;
  if (Array.isArray(value)) {
    copy = value.map((item, index) => copyValue(item, `${path}/${index}`, ancestors, refuse));
  } else {
    const record: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      record[key] = copyValue(item, `${path}/${escapeJsonPointer(key)}`, ancestors, refuse);
    }
    copy = record;
  }
  ancestors.delete(value);
  return copy;
}
