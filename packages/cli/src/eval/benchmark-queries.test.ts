import { describe, expect, it } from 'vitest';
import { CliError } from '../cli-error.js';
import { parseBenchmarkQueries, sampleQueries, subsetLabels } from './benchmark-queries.js';

describe('parseBenchmarkQueries', () => {
  it('reads id, query and relevant tools, dropping duplicate labels', () => {
    const queries = parseBenchmarkQueries(
      '{"id": "a-1", "query": "q one", "relevant": ["x", "x", "y"]}\n\n{"id": 7, "query": "q two", "relevant": ["z"]}\n',
      'q.jsonl',
    );
    expect(queries).toEqual([
      { id: 'a-1', query: 'q one', relevant: ['x', 'y'] },
      { id: '7', query: 'q two', relevant: ['z'] },
    ]);
  });

  it('names the file and line of a bad entry', () => {
    expect(() =>
      parseBenchmarkQueries('{"id": "a", "query": "q", "relevant": ["x"]}\n{oops\n', 'q.jsonl'),
    ).toThrow(/q\.jsonl:2: not valid JSON/);
    expect(() =>
      parseBenchmarkQueries('{"id": "a", "query": "q", "relevant": []}\n', 'q.jsonl'),
    ).toThrow(/q\.jsonl:1: "relevant" must be a non-empty array/);
    expect(() => parseBenchmarkQueries('\n', 'q.jsonl')).toThrow(CliError);
  });
});

describe('sampleQueries', () => {
  const items = Array.from({ length: 100 }, (_, index) => index);

  it('draws the same sample for the same seed, in original order, without repeats', () => {
    const first = sampleQueries(items, 10, 5);
    expect(sampleQueries(items, 10, 5)).toEqual(first);
    expect(new Set(first).size).toBe(10);
    expect([...first].sort((a, b) => a - b)).toEqual(first);
    expect(sampleQueries(items, 10, 6)).not.toEqual(first);
  });

  it('returns everything when the sample is as large as the set', () => {
    expect(sampleQueries([1, 2, 3], 5, 1)).toEqual([1, 2, 3]);
  });
});

describe('subsetLabels', () => {
  it('splits ids into their labels without the trailing number', () => {
    expect(subsetLabels('test_in_domain-difficult-12')).toEqual(['test_in_domain', 'difficult']);
    expect(subsetLabels('dev-easy-0')).toEqual(['dev', 'easy']);
    expect(subsetLabels('single-00001')).toEqual(['single']);
    expect(subsetLabels('42')).toEqual([]);
    expect(subsetLabels('plain')).toEqual([]);
  });
});
