import type { Issue } from '../errors/arsenal-error.js';
import { escapeJsonPointer } from './json-pointer.js';
import type { JsonSchema } from './json-schema.js';
import { checkFormat } from './json-schema-formats.js';
import { codePointLength, compilePattern } from './json-values.js';

// What one validation run carries, how it reports a problem, and the keywords of strings and
// numbers, which need no recursion.

/** One validation run: the root (for local $refs), the issues so far and the limits. */
export interface Context {
  root: JsonSchema;
  issues: Issue[];
  applyDefaults: boolean;
  maxIssues: number;
  depth: number;
}

/** Records a problem at `path` unless the run already holds as many as it reports. */
export function report(context: Context, path: string, message: string): void {
  if (context.issues.length < context.maxIssues) context.issues.push({ path, message });
}

/** The JSON Pointer of a property or item under `path`. */
export function childPath(path: string, key: string | number): string {
  return `${path}/${escapeJsonPointer(String(key))}`;
}

/** `minLength`, `maxLength` (in characters), `pattern` and `format`. */
export function checkString(
  schema: JsonSchema,
  value: string,
  path: string,
  context: Context,
): void {
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    const length = codePointLength(value);
    if (schema.minLength !== undefined && length < schema.minLength) {
      report(context, path, `must be at least ${schema.minLength} characters long`);
    }
    if (schema.maxLength !== undefined && length > schema.maxLength) {
      report(context, path, `must be at most ${schema.maxLength} characters long`);
    }
  }
  if (typeof schema.pattern === 'string') {
    const regex = compilePattern(schema.pattern);
    if (regex === null)
      report(context, path, `has an invalid pattern in its schema: ${schema.pattern}`);
    else if (!regex.test(value)) report(context, path, `must match the pattern ${schema.pattern}`);
  }
  if (typeof schema.format === 'string' && !checkFormat(schema.format, value)) {
    report(context, path, `must be a valid ${schema.format}`);
  }
}

/** `minimum`, `maximum`, their exclusive forms (draft 4 booleans too) and `multipleOf`. */
export function checkNumber(
  schema: JsonSchema,
  value: number,
  path: string,
  context: Context,
): void {
  const { minimum, maximum, multipleOf } = schema;
  // Draft 4 wrote exclusive bounds as booleans beside minimum/maximum.
  const exclusiveMinimum =
    schema.exclusiveMinimum === (true as unknown) ? minimum : schema.exclusiveMinimum;
  const exclusiveMaximum =
    schema.exclusiveMaximum === (true as unknown) ? maximum : schema.exclusiveMaximum;
  if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) {
    report(context, path, `must be greater than ${exclusiveMinimum}`);
  } else if (typeof minimum === 'number' && value < minimum) {
    report(context, path, `must be at least ${minimum}`);
  }
  if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) {
    report(context, path, `must be less than ${exclusiveMaximum}`);
  } else if (typeof maximum === 'number' && value > maximum) {
    report(context, path, `must be at most ${maximum}`);
  }
  if (typeof multipleOf === 'number' && multipleOf > 0) {
    const quotient = value / multipleOf;
    if (Math.abs(quotient - Math.round(quotient)) > 1e-9) {
      report(context, path, `must be a multiple of ${multipleOf}`);
    }
  }
}
