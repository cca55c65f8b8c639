import { InvalidArgumentError, type MetadataValue } from '@arsenal/core';
import type { MetadataFilterNode, MetadataScalar } from '@arsenal/core/adapter';
import type { Metadata, Where } from 'chromadb';

/**
 * Chroma metadata holds no arrays, so an array field `tags: ['a', 'b']` is stored as one JSON
 * string (`arsenal:array:tags`) that gives it back, and one `true` flag per item
 * (`arsenal:has:tags:a`) that filters can test.
 */
const ARRAY_PREFIX = 'arsenal:array:';
const HAS_PREFIX = 'arsenal:has:';
const RESERVED = 'arsenal:';
const RECORD_KEY = 'arsenal:record';

/** Port metadata → Chroma metadata. */
export function encodeMetadata(metadata: Record<string, MetadataValue>, id: string): Metadata {
  // Chroma refuses empty metadata; every record carries this marker.
  const encoded: Metadata = { [RECORD_KEY]: true };
  for (const [key, value] of Object.entries(metadata)) {
    if (key.startsWith(RESERVED)) {
      throw new InvalidArgumentError(
        `Metadata key "${key}" of "${id}" starts with "${RESERVED}", which the Chroma store keeps for itself; rename it.`,
      );
    }
    if (Array.isArray(value)) {
      encoded[`${ARRAY_PREFIX}${key}`] = JSON.stringify(value);
      for (const item of value) encoded[hasKey(key, item)] = true;
    } else {
      encoded[key] = value as MetadataScalar;
    }
  }
  return encoded;
}

/** Chroma metadata → port metadata (arrays restored, flags dropped). */
export function decodeMetadata(
  metadata: Metadata | null | undefined,
): Record<string, MetadataValue> {
  const decoded: Record<string, MetadataValue> = {};
  for (const [key, value] of Object.entries(metadata ?? {})) {
    if (key.startsWith(ARRAY_PREFIX)) {
      decoded[key.slice(ARRAY_PREFIX.length)] = JSON.parse(String(value)) as string[];
    } else if (!key.startsWith(RESERVED) && value !== null && typeof value !== 'object') {
      decoded[key] = value;
    }
  }
  return decoded;
}

/** A Chroma where clause, or a constant when the filter passes everything or nothing. */
export type ChromaWhere = Where | true | false;

/**
 * Translates a checked metadata filter into a Chroma `where` clause, so Chroma filters before it
 * ranks. Chroma's `$ne` / `$nin` pass records lacking the field, as the port requires.
 */
export function toChromaWhere(node: MetadataFilterNode | undefined): ChromaWhere {
  if (node === undefined) return true;
  switch (node.op) {
    case 'and':
      return combine('$and', node.children.map(toChromaWhere));
    case 'or':
      return combine('$or', node.children.map(toChromaWhere));
    case 'eq':
      return equals(node.field, node.value);
    case 'ne':
      return differs(node.field, node.value);
    case 'in':
      return combine(
        '$or',
        node.values.map((value) => equals(node.field, value)),
      );
    case 'nin':
      return combine(
        '$and',
        node.values.map((value) => differs(node.field, value)),
      );
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return { [node.field]: { [`$${node.op}`]: node.value } } as Where;
    case 'contains':
      return { [hasKey(node.field, node.value)]: { $eq: true } };
    case 'array-eq':
      return { [`${ARRAY_PREFIX}${node.field}`]: { $eq: JSON.stringify(node.values) } };
  }
}

function equals(field: string, value: MetadataScalar): ChromaWhere {
  const scalar: Where = { [field]: { $eq: value } };
  return typeof value === 'string'
    ? { $or: [scalar, { [hasKey(field, value)]: { $eq: true } }] }
    : scalar;
}

function differs(field: string, value: MetadataScalar): ChromaWhere {
  const scalar: Where = { [field]: { $ne: value } };
  return typeof value === 'string'
    ? { $and: [scalar, { [hasKey(field, value)]: { $ne: true } }] }
    : scalar;
}

/** Chroma wants two or more clauses under `$and` / `$or`; fold constants and single clauses. */
function combine(operator: '$and' | '$or', parts: readonly ChromaWhere[]): ChromaWhere {
  const neutral = operator === '$and';
  const kept: Where[] = [];
  for (const part of parts) {
    if (part === neutral) continue;
    if (part === !neutral) return !neutral;
    kept.push(part as Where);
  }
  if (kept.length === 0) return neutral;
  if (kept.length === 1) return kept[0]!;
  return { [operator]: kept } as Where;
}

function hasKey(field: string, item: string): string {
  return `${HAS_PREFIX}${field}:${item}`;
}
