import type { MetadataValue, VectorMatch, VectorRecord } from '@arsenal/core';
import { parseVector, type QueryRow } from './pgvector-sql.js';

/** A stored row as `get` reads it. */
export interface StoredRow {
  id: string;
  metadata: Record<string, MetadataValue>;
  embedding: string;
}

/** k-NN rows → port matches, best first (ties by id, as the in-memory store orders them). */
export function toMatches(rows: readonly QueryRow[]): VectorMatch[] {
  const matches = rows.map((row) => {
    const match: VectorMatch = {
      id: row.id,
      score: Math.max(-1, Math.min(1, 1 - Number(row.distance))),
      metadata: row.metadata,
    };
    if (row.embedding !== undefined) match.vector = parseVector(row.embedding);
    return match;
  });
  // Equal scores come back in a stable order: by id, as the in-memory store does.
  return matches.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Stored rows → port records, in the order of `ids` (each once), missing ones left out. */
export function toRecords(rows: readonly StoredRow[], ids: readonly string[]): VectorRecord[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const records: VectorRecord[] = [];
  for (const id of new Set(ids)) {
    const row = byId.get(id);
    if (row) records.push({ id, vector: parseVector(row.embedding), metadata: row.metadata });
  }
  return records;
}
