import { InvalidArgumentError, type MetadataValue } from '@arsenal/core';
import type { MetadataFilterNode, MetadataScalar } from '@arsenal/core/adapter';

/** A Qdrant filter: conditions that must, should (one at least) and must not hold. */
export interface QdrantFilter {
  must?: QdrantCondition[];
  should?: QdrantCondition[];
  must_not?: QdrantCondition[];
}

/** The Qdrant conditions this store emits: field matches, numeric ranges and nested filters. */
export type QdrantCondition =
  | { key: string; match: { value: string | number | boolean } }
  | { key: string; range: { gt?: number; gte?: number; lt?: number; lte?: number } }
  | QdrantFilter;

/** Payload key holding the record's own id (Qdrant point ids are UUIDs or integers). */
export const ID_KEY = 'arsenal_id';
/** Payload key listing `field\u0000item` for each item of each array field (for `$contains`). */
const ITEMS_KEY = 'arsenal_items';
/** Payload key mapping each array field to its JSON text (for whole-array equality). */
const ARRAYS_KEY = 'arsenal_arrays';
const RESERVED = new Set([ID_KEY, ITEMS_KEY, ARRAYS_KEY]);
/** Characters Qdrant reads as path syntax inside a payload key. */
const PATH_SYNTAX = /[.[\]"]/;

/** Port metadata → Qdrant payload. */
export function toPayload(
  id: string,
  metadata: Record<string, MetadataValue>,
): Record<string, unknown> {
  const payload: Record<string, unknown> = { [ID_KEY]: id };
  const items: string[] = [];
  const arrays: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (RESERVED.has(key) || PATH_SYNTAX.test(key) || key.length === 0) {
      throw new InvalidArgumentError(
        `Metadata key "${key}" of "${id}" cannot be stored in Qdrant: keys must be non-empty, hold no ".", "[", "]" or '"', and not be ${[...RESERVED].join(', ')}.`,
      );
    }
    payload[key] = value;
    if (Array.isArray(value)) {
      for (const item of value) items.push(itemKey(key, item));
      arrays[key] = JSON.stringify(value);
    }
  }
  payload[ITEMS_KEY] = items;
  payload[ARRAYS_KEY] = arrays;
  return payload;
}

/** Qdrant payload → port metadata (the store's own keys removed). */
export function fromPayload(payload: Record<string, unknown> | null | undefined): {
  id: string;
  metadata: Record<string, MetadataValue>;
} {
  const metadata: Record<string, MetadataValue> = {};
  for (const [key, value] of Object.entries(payload ?? {})) {
    if (!RESERVED.has(key)) metadata[key] = value as MetadataValue;
  }
  return { id: String(payload?.[ID_KEY] ?? ''), metadata };
}

/** A Qdrant filter, or a constant when the filter passes everything or nothing. */
export type TranslatedFilter = QdrantFilter | true | false;

/**
 * Translates a checked metadata filter into a Qdrant filter, so Qdrant filters inside its index
 * search. A `match` on an array field matches any item, as the port's equality does; numbers
 * compare through `range` because Qdrant's `match` does not take floats.
 */
export function toQdrantFilter(node: MetadataFilterNode | undefined): TranslatedFilter {
  if (node === undefined) return true;
  switch (node.op) {
    case 'and':
      return all(node.children.map(toQdrantFilter));
    case 'or':
      return any(node.children.map(toQdrantFilter));
    case 'eq':
      return { must: [equals(node.field, node.value)] };
    case 'ne':
      return { must_not: [equals(node.field, node.value)] };
    case 'in':
      return node.values.length === 0
        ? false
        : { should: node.values.map((value) => equals(node.field, value)) };
    case 'nin':
      return node.values.length === 0
        ? true
        : { must_not: node.values.map((value) => equals(node.field, value)) };
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return { must: [{ key: node.field, range: { [node.op]: node.value } }] };
    case 'contains':
      return { must: [{ key: ITEMS_KEY, match: { value: itemKey(node.field, node.value) } }] };
    case 'array-eq':
      return {
        must: [
          { key: `${ARRAYS_KEY}.${node.field}`, match: { value: JSON.stringify(node.values) } },
        ],
      };
  }
}

function equals(field: string, value: MetadataScalar): QdrantCondition {
  return typeof value === 'number'
    ? { key: field, range: { gte: value, lte: value } }
    : { key: field, match: { value } };
}

function all(parts: readonly TranslatedFilter[]): TranslatedFilter {
  if (parts.includes(false)) return false;
  const kept = parts.filter((part): part is QdrantFilter => part !== true);
  if (kept.length === 0) return true;
  return kept.length === 1 ? kept[0]! : { must: kept };
}

function any(parts: readonly TranslatedFilter[]): TranslatedFilter {
  if (parts.includes(true)) return true;
  const kept = parts.filter((part): part is QdrantFilter => part !== false);
  if (kept.length === 0) return false;
  return kept.length === 1 ? kept[0]! : { should: kept };
}

function itemKey(field: string, item: string): string {
  return `${field}\u0000${item}`;
}
