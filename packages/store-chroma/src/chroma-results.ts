import type { VectorMatch, VectorRecord } from '@arsenal/core';
import type { GetResult, QueryResult } from 'chromadb';
import { decodeMetadata } from './chroma-where.js';

/** Chroma query hits → port matches, best first (ties by id, as the in-memory store orders them). */
export function toMatches(result: QueryResult, includeVectors: boolean): VectorMatch[] {
  const ids = result.ids[0] ?? [];
  const matches = ids.map((id, index) => {
    const distance = result.distances[0]?.[index] ?? 2;
    const match: VectorMatch = {
      id,
      score: Math.max(-1, Math.min(1, 1 - distance)),
      metadata: decodeMetadata(result.metadatas[0]?.[index]),
    };
    const embedding = result.embeddings[0]?.[index];
    if (includeVectors && embedding) match.vector = Float32Array.from(embedding);
    return match;
  });
  // Equal scores come back in a stable order: by id, as the in-memory store does.
  return matches.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Chroma records → port records, in the order of `ids` (each once), missing ones left out. */
export function toRecords(result: GetResult, ids: readonly string[]): VectorRecord[] {
  const byId = new Map<string, VectorRecord>();
  result.ids.forEach((id, index) => {
    byId.set(id, {
      id,
      vector: Float32Array.from(result.embeddings[index] ?? []),
      metadata: decodeMetadata(result.metadatas[index]),
    });
  });
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}
