import type { MetadataFilter, MetadataValue } from '../ports/vector-store.js';
import {
  type MetadataFilterNode,
  type MetadataScalar,
  parseMetadataFilter,
} from './metadata-filter-parse.js';

/** Tells whether one record's metadata passes a compiled filter. */
export type MetadataPredicate = (metadata: Readonly<Record<string, MetadataValue>>) => boolean;

const matchAll: MetadataPredicate = () => true;
const matchNone: MetadataPredicate = () => false;

/**
 * Turns a `MetadataFilter` into a predicate once, so a scan pays for validation a single time.
 * Throws an InvalidArgumentError naming the offending path for anything the port does not define.
 * Semantics: see `MetadataFilterNode`.
 */
export function compileMetadataFilter(filter: MetadataFilter | undefined): MetadataPredicate {
  const node = parseMetadataFilter(filter);
  return node === undefined ? matchAll : compileNode(node);
}

function compileNode(node: MetadataFilterNode): MetadataPredicate {
  switch (node.op) {
    case 'and':
      return allOf(node.children.map(compileNode));
    case 'or':
      return anyOf(node.children.map(compileNode));
    case 'eq':
    case 'ne': {
      const { field, value } = node;
      return node.op === 'eq'
        ? (metadata) => equalsOrContains(metadata[field], value)
        : (metadata) => !equalsOrContains(metadata[field], value);
    }
    case 'in':
    case 'nin': {
      const { field } = node;
      const values = new Set(node.values);
      return node.op === 'in'
        ? (metadata) => intersects(metadata[field], values)
        : (metadata) => !intersects(metadata[field], values);
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const { field, value: bound, op } = node;
      return (metadata) => {
        const actual = metadata[field];
        if (typeof actual !== 'number') return false;
        if (op === 'gt') return actual > bound;
        if (op === 'gte') return actual >= bound;
        if (op === 'lt') return actual < bound;
        return actual <= bound;
      };
    }
    case 'contains': {
      const { field, value } = node;
      return (metadata) => {
        const actual = metadata[field];
        return isStringArray(actual) && actual.includes(value);
      };
    }
    case 'array-eq': {
      const { field, values } = node;
      return (metadata) => sameArray(metadata[field], values);
    }
  }
}

function equalsOrContains(actual: MetadataValue | undefined, expected: MetadataScalar): boolean {
  if (isStringArray(actual)) return typeof expected === 'string' && actual.includes(expected);
  return actual === expected;
}

function intersects(
  actual: MetadataValue | undefined,
  values: ReadonlySet<MetadataScalar>,
): boolean {
  if (actual === undefined) return false;
  if (isStringArray(actual)) return actual.some((item) => values.has(item));
  return values.has(actual);
}

function sameArray(actual: MetadataValue | undefined, expected: readonly string[]): boolean {
  if (!isStringArray(actual) || actual.length !== expected.length) return false;
  return actual.every((item, index) => item === expected[index]);
}

function allOf(parts: readonly MetadataPredicate[]): MetadataPredicate {
  if (parts.length === 0) return matchAll;
  if (parts.length === 1) return parts[0]!;
  return (metadata) => {
    for (const part of parts) if (!part(metadata)) return false;
    return true;
  };
}

function anyOf(parts: readonly MetadataPredicate[]): MetadataPredicate {
  if (parts.length === 0) return matchNone;
  if (parts.length === 1) return parts[0]!;
  return (metadata) => {
    for (const part of parts) if (part(metadata)) return true;
    return false;
  };
}

function isStringArray(value: MetadataValue | undefined): value is readonly string[] {
  return Array.isArray(value);
}
