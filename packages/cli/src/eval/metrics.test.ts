import { describe, expect, it } from 'vitest';
import { mean, ndcgAtK, percentile, recallAtK, reciprocalRank } from './metrics.js';

const set = (...names: string[]) => new Set(names);

describe('recallAtK', () => {
  it('counts the relevant tools found in the top k', () => {
    expect(recallAtK(['a', 'b', 'c'], set('b'), 1)).toBe(0);
    expect(recallAtK(['a', 'b', 'c'], set('b'), 2)).toBe(1);
    expect(recallAtK(['a', 'b', 'c', 'd'], set('a', 'c', 'z'), 3)).toBeCloseTo(2 / 3);
  });

  it('caps Recall@1 at 1/|relevant| for multi-relevant queries', () => {
    expect(recallAtK(['a', 'b'], set('a', 'b'), 1)).toBe(0.5);
    expect(recallAtK(['a', 'b', 'c', 'd'], set('a', 'b', 'c', 'd'), 1)).toBe(0.25);
  });

  it('counts a repeated name once and handles short lists and empty sets', () => {
    expect(recallAtK(['a', 'a', 'a'], set('a', 'b'), 3)).toBe(0.5);
    expect(recallAtK([], set('a'), 5)).toBe(0);
    expect(recallAtK(['a'], set(), 5)).toBe(0);
  });
});

describe('ndcgAtK', () => {
  it('is 1 for an ideal ranking', () => {
    expect(ndcgAtK(['a', 'b', 'x'], set('a', 'b'), 10)).toBeCloseTo(1);
  });

  it('discounts a single hit at rank 2 by log2(3)', () => {
    // DCG = 1/log2(3) ≈ 0.6309; IDCG = 1.
    expect(ndcgAtK(['x', 'a'], set('a'), 10)).toBeCloseTo(0.63093, 5);
  });

  it('matches a hand computation with two relevant tools', () => {
    // Hits at ranks 1 and 3: DCG = 1 + 1/log2(4) = 1.5; IDCG = 1 + 1/log2(3) ≈ 1.63093.
    expect(ndcgAtK(['a', 'x', 'b'], set('a', 'b'), 10)).toBeCloseTo(1.5 / 1.63093, 4);
  });

  it('ignores hits past k and limits the ideal ranking to k', () => {
    expect(ndcgAtK(['x', 'y', 'a'], set('a'), 2)).toBe(0);
    // Three relevant tools, k = 1, hit at rank 1: DCG = 1 = IDCG.
    expect(ndcgAtK(['a', 'b', 'c'], set('a', 'b', 'c'), 1)).toBe(1);
  });
});

describe('reciprocalRank', () => {
  it('is 1 / rank of the first relevant tool', () => {
    expect(reciprocalRank(['a'], set('a'))).toBe(1);
    expect(reciprocalRank(['x', 'y', 'a', 'b'], set('a', 'b'))).toBeCloseTo(1 / 3);
    expect(reciprocalRank(['x', 'y'], set('a'))).toBe(0);
  });
});

describe('mean and percentile', () => {
  it('averages, with 0 for no values', () => {
    expect(mean([1, 2, 3, 6])).toBe(3);
    expect(mean([])).toBe(0);
  });

  it('uses the nearest-rank method', () => {
    const values = [5, 1, 3, 2, 4];
    expect(percentile(values, 50)).toBe(3);
    expect(percentile(values, 95)).toBe(5);
    expect(percentile(values, 0)).toBe(1);
    const hundred = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile([], 50)).toBe(0);
  });
});
