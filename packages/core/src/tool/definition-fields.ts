import type { Issue } from '../errors/arsenal-error.js';
import { cleanSchemaProse, type TextCleaning } from '../hygiene/harmless-content.js';
import {
  copyTree,
  internString,
  MAX_SCHEMA_DEPTH,
  MAX_SCHEMA_VALUES,
} from '../schema/intern-schema.js';
import { EMPTY_OBJECT_SCHEMA, isJsonSchemaObject, type JsonSchema } from '../schema/json-schema.js';

// The fields of a tool description, each checked (problems go to `issues`, with their path) and
// made into the frozen, shared form a definition keeps.

/** A parameters or output schema: an object schema taking named arguments. */
export function checkSchema(schema: unknown, path: string, issues: Issue[]): JsonSchema {
  if (schema === undefined || schema === null) return EMPTY_OBJECT_SCHEMA;
  if (!isJsonSchemaObject(schema)) {
    issues.push({
      path,
      message: 'must be a JSON Schema object such as {"type":"object","properties":{}}',
    });
    return EMPTY_OBJECT_SCHEMA;
  }
  const type = schema.type;
  if (
    type !== undefined &&
    type !== 'object' &&
    !(Array.isArray(type) && type.includes('object'))
  ) {
    issues.push({
      path: `${path}/type`,
      message: `must be "object" (tools take named arguments), got ${JSON.stringify(type)}; wrap a single value in {"type":"object","properties":{"value":...}}`,
    });
  }
  if (schema.properties !== undefined) {
    if (!isJsonSchemaObject(schema.properties)) {
      issues.push({
        path: `${path}/properties`,
        message: 'must be an object mapping names to schemas',
      });
    } else {
      const properties = schema.properties;
      for (const key in properties) {
        if (!Object.hasOwn(properties, key)) continue;
        const value = properties[key];
        if (!isJsonSchemaObject(value) && typeof value !== 'boolean') {
          issues.push({
            path: `${path}/properties/${key}`,
            message: 'must be a JSON Schema object',
          });
        }
      }
    }
  }
  if (schema.required !== undefined) {
    if (!Array.isArray(schema.required) || schema.required.some((key) => typeof key !== 'string')) {
      issues.push({ path: `${path}/required`, message: 'must be an array of property names' });
    }
  }
  return schema;
}

/**
 * The definition's own copy of a schema, metadata or annotations (see copyTree), or an issue
 * when the value is too deep or too large to copy; `fallback` then stands in for it. With
 * `cleaning`, invisible characters are removed from the copy's descriptions and titles (see
 * cleanSchemaProse, its warnings under `cleaningPath`) when it may hold any.
 */
export function copiedTree<T>(
  value: T,
  path: string,
  issues: Issue[],
  fallback: T,
  cleaning?: TextCleaning,
  cleaningPath = path,
): T {
  const result = copyTree(value);
  if (result.problem === undefined) {
    if (cleaning && result.proseToClean)
      return cleanSchemaProse(result.copy, cleaningPath, cleaning);
    return result.copy;
  }
  const schema = path.endsWith('Schema') || path === '/parameters';
  const problem =
    result.problem === 'too-deep'
      ? `is nested more than ${MAX_SCHEMA_DEPTH} levels deep or refers to itself`
      : `has more than ${MAX_SCHEMA_VALUES.toLocaleString('en-US')} values once parts shared by reference are counted each time they appear`;
  const fix = schema
    ? 'describe recursive or repeated parts with "$defs" and "$ref"'
    : 'keep it plain JSON data, as JSON.stringify would write it';
  issues.push({ path, message: `${problem}; ${fix}` });
  return fallback;
}

function allStrings(list: readonly unknown[]): boolean {
  for (let i = 0; i < list.length; i++) if (typeof list[i] !== 'string') return false;
  return true;
}

/**
 * A frozen copy of a list of strings, with its strings pooled when `pooled` (tags repeat across
 * a catalog): one copy, not a copy and then a pooled copy of it.
 */
export function checkStringList(
  value: unknown,
  path: string,
  issues: Issue[],
  max = Number.POSITIVE_INFINITY,
  pooled = false,
): readonly string[] {
  if (value === undefined || value === null) return EMPTY_LIST;
  if (!Array.isArray(value) || !allStrings(value)) {
    issues.push({ path, message: 'must be an array of strings' });
    return EMPTY_LIST;
  }
  if (value.length > max)
    issues.push({ path, message: `has ${value.length} entries; the limit is ${max}` });
  if (value.length === 0) return EMPTY_LIST;
  return Object.freeze(pooled ? (value as string[]).map(internString) : [...value]);
}

// Most tools have no examples, capabilities, dependencies, cost or metadata: they all share one
// frozen empty list and one frozen empty record rather than holding their own.
export const EMPTY_LIST: readonly never[] = Object.freeze([]);
export const EMPTY_RECORD: Readonly<Record<string, never>> = Object.freeze({});

/** Whether a record has no own enumerable key (without listing its keys). */
function isEmpty(record: Record<string, unknown>): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return false;
  return true;
}

export function frozenRecord(
  value: Record<string, unknown>,
  extras: Record<string, unknown> | undefined,
): Readonly<Record<string, unknown>> {
  if (isEmpty(value) && (extras === undefined || isEmpty(extras))) return EMPTY_RECORD;
  return Object.freeze(extras ? { ...value, ...extras } : { ...value });
}

// Definitions registered in the same millisecond share one createdAt string.
let lastCreatedMs = Number.NaN;
let lastCreatedAt = '';
export function isoNow(now: (() => Date) | undefined): string {
  if (now) return now().toISOString();
  const ms = Date.now();
  if (ms !== lastCreatedMs) {
    lastCreatedAt = new Date(ms).toISOString();
    lastCreatedMs = ms;
  }
  return lastCreatedAt;
}
