import type { MetadataFilter, MetadataValue, VectorRecord, VectorStore } from '@arsenal/core';
import { expect } from 'vitest';
import { planarVector } from './fixtures.js';

/** What each conformance case receives: a fresh, empty store and the vector length to use. */
export interface VectorStoreCaseContext {
  store: VectorStore;
  dimensions: number;
}

export interface VectorStoreCase {
  /** What the case asserts, in one line; shown in the test title and the README. */
  asserts: string;
  run(context: VectorStoreCaseContext): Promise<void>;
}

/**
 * Scores may differ from exact cosine by this much: stores keep float32 (or coarser) vectors and
 * some compute similarity from a distance.
 */
export const SCORE_TOLERANCE = 1e-3;

interface SampleTool {
  id: string;
  /** Angle from the sample query, so the ranking for that query is this list's order. */
  degrees: number;
  metadata: Record<string, MetadataValue>;
}

/** Six tools, each one 20° further from the sample query than the one before. */
const SAMPLE_TOOLS: readonly SampleTool[] = [
  {
    id: 'alpha',
    degrees: 0,
    metadata: { kind: 'http', tags: ['search', 'read'], cost: 1, enabled: true },
  },
  {
    id: 'bravo',
    degrees: 20,
    metadata: { kind: 'mcp', tags: ['email', 'write'], cost: 5, enabled: true },
  },
  {
    id: 'charlie',
    degrees: 40,
    metadata: { kind: 'http', tags: ['email', 'read'], cost: 10, enabled: false },
  },
  {
    id: 'delta',
    degrees: 60,
    metadata: { kind: 'function', tags: ['math'], cost: 2.5, enabled: true },
  },
  {
    id: 'echo',
    degrees: 80,
    metadata: { kind: 'mcp', tags: ['search'], cost: 0, enabled: false, region: 'eu' },
  },
  // No `tags` at all, and a negative cost: missing fields and signs must be handled too.
  { id: 'foxtrot', degrees: 100, metadata: { kind: 'a2a', cost: -3, enabled: true, region: 'us' } },
];

/** The sample ids in rank order for `sampleQuery`. */
export const SAMPLE_RANKING: readonly string[] = SAMPLE_TOOLS.map((tool) => tool.id);

export function sampleRecords(dimensions: number): VectorRecord[] {
  return SAMPLE_TOOLS.map((tool) => ({
    id: tool.id,
    vector: planarVector(dimensions, tool.degrees),
    metadata: structuredClone(tool.metadata),
  }));
}

export function sampleMetadata(id: string): Record<string, MetadataValue> {
  const tool = SAMPLE_TOOLS.find((candidate) => candidate.id === id);
  if (tool === undefined) throw new Error(`No sample tool "${id}".`);
  return structuredClone(tool.metadata);
}

export function sampleDegrees(id: string): number {
  const tool = SAMPLE_TOOLS.find((candidate) => candidate.id === id);
  if (tool === undefined) throw new Error(`No sample tool "${id}".`);
  return tool.degrees;
}

export function sampleQuery(dimensions: number): number[] {
  return planarVector(dimensions, 0);
}

/** Fills the store with the sample tools. */
export async function loadSample({ store, dimensions }: VectorStoreCaseContext): Promise<void> {
  await store.upsert(sampleRecords(dimensions));
}

/** Ids matching the sample query under `filter`, best first, with room for every record. */
export async function rankedIds(
  { store, dimensions }: VectorStoreCaseContext,
  filter?: MetadataFilter,
  topK = SAMPLE_TOOLS.length + 4,
): Promise<string[]> {
  const query = { vector: sampleQuery(dimensions), topK, ...(filter ? { filter } : {}) };
  const matches = await store.query(query);
  return matches.map((match) => match.id);
}

/** Asserts the filter yields exactly `expected` (best first) over the sample tools. */
export async function expectFiltered(
  context: VectorStoreCaseContext,
  filter: MetadataFilter,
  expected: readonly string[],
): Promise<void> {
  const ids = await rankedIds(context, filter);
  expect(ids, `filter ${JSON.stringify(filter)}`).toEqual(expected);
}

export function expectScore(actual: number, expected: number, what: string): void {
  expect(
    Math.abs(actual - expected) <= SCORE_TOLERANCE,
    `${what}: expected a score of ${expected.toFixed(4)}, got ${actual}`,
  ).toBe(true);
}

export function cosineOfDegrees(degrees: number): number {
  return Math.cos((degrees * Math.PI) / 180);
}
