import type { Embedder } from '@arsenal/core';

/**
 * A deterministic embedder for tests, parity checks and benchmarks: each lower-cased word (and each pair of neighbouring words)
 * adds ±1 to a dimension picked by a hash of it, and the sum is scaled to unit length. Texts that
 * share words point the same way; the same text always gives the same vector. It counts its calls.
 */
export function createHashedEmbedder(dimensions = 64): Embedder & { calls: number; texts: number } {
  const embedder = {
    id: `test:hashed-${dimensions}`,
    dimensions,
    maxBatchSize: 128,
    calls: 0,
    texts: 0,
    async embed(texts: readonly string[]): Promise<Float32Array[]> {
      embedder.calls += 1;
      embedder.texts += texts.length;
      return texts.map((text) => hashedVector(text, dimensions));
    },
  };
  return embedder;
}

export function hashedVector(text: string, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions);
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const features = [...words, ...words.slice(1).map((word, index) => `${words[index]} ${word}`)];
  for (const feature of features) {
    const hash = fnv1a(feature);
    vector[hash % dimensions]! += hash & 0x80000000 ? -1 : 1;
  }
  if (features.length === 0) vector[0] = 1;
  let length = 0;
  for (const value of vector) length += value * value;
  length = Math.sqrt(length) || 1;
  for (let index = 0; index < dimensions; index++) vector[index]! /= length;
  if (vector.every((value) => value === 0)) vector[0] = 1;
  return vector;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
