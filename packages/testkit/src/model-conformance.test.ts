import {
  createLexicalReranker,
  type Embedder,
  EmbedderError,
  InvalidArgumentError,
} from '@arsenal/core';
import { throwIfAborted } from '@arsenal/core/adapter';
import { describe, expect, it } from 'vitest';
import {
  describeEmbedderConformance,
  type EmbedderCaseId,
  embedderCaseIds,
} from './embedder-conformance.js';
import { describeRerankerConformance, rerankerCaseIds } from './reranker-conformance.js';

/** A reference embedder for the suite itself: hashed word counts, split into batches of 3. */
function hashingEmbedder(options: { fail?: boolean } = {}): Embedder & { calls: number } {
  const dimensions = 16;
  const embedder = {
    id: 'test:hashing',
    dimensions,
    maxBatchSize: 3,
    calls: 0,
    async embed(texts: readonly string[], embedOptions: { signal?: AbortSignal } = {}) {
      throwIfAborted(embedOptions.signal);
      if (!Array.isArray(texts) || texts.some((text) => typeof text !== 'string')) {
        throw new InvalidArgumentError('embed: texts must be an array of strings.');
      }
      if (options.fail) throw new EmbedderError('test embedder is down', { retryable: true });
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += 3) {
        embedder.calls += 1;
        for (const text of texts.slice(start, start + 3)) {
          const vector = new Float32Array(dimensions);
          vector[0] = 0.01;
          for (const word of text.toLowerCase().split(/\W+/).filter(Boolean)) {
            let hash = 0;
            for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
            vector[hash % dimensions]! += 1;
          }
          vectors.push(vector);
        }
      }
      return vectors;
    },
  };
  return embedder;
}

describeEmbedderConformance({
  name: 'hashing reference embedder',
  create: () => hashingEmbedder(),
  createFailing: () => hashingEmbedder({ fail: true }),
});

describeRerankerConformance({
  name: 'LexicalReranker (core)',
  create: () => createLexicalReranker(),
  skip: { 'rerank/service-error': 'reads no service: it scores words in process' },
});

describe('model conformance suite options', () => {
  it('has unique case ids', () => {
    expect(new Set(embedderCaseIds).size).toBe(embedderCaseIds.length);
    expect(new Set(rerankerCaseIds).size).toBe(rerankerCaseIds.length);
    expect(embedderCaseIds).toContain('embed/large-batch');
    expect(rerankerCaseIds).toContain('rerank/candidate-order');
  });

  it('refuses a skip without a reason or of an unknown case', () => {
    const create = () => hashingEmbedder();
    expect(() =>
      describeEmbedderConformance({ name: 'x', create, skip: { 'embed/abort': ' ' } }),
    ).toThrow(/needs a reason/);
    const skip = { 'embed/nope': 'x' } as Partial<Record<EmbedderCaseId, string>>;
    expect(() => describeEmbedderConformance({ name: 'x', create, skip })).toThrow(
      /not a Embedder conformance case/,
    );
  });
});
