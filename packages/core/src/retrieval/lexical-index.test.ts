import { describe, expect, it } from 'vitest';
import { LexicalIndex } from './lexical-index.js';

const fields = { name: { weight: 3, b: 0.3 }, description: { weight: 1, b: 0.75 } };

describe('LexicalIndex', () => {
  it('ranks name matches above description matches and normalises scores to [0,1]', () => {
    const index = new LexicalIndex({ fields });
    index.add('weather', { name: 'get weather', description: 'Current conditions for a city.' });
    index.add('news', { name: 'get news', description: 'Headlines, including weather stories.' });
    index.add('stocks', { name: 'stock quote', description: 'Price of a stock.' });
    const { hits, candidateCount } = index.search('weather', { limit: 10 });
    expect(hits.map((hit) => hit.id)).toEqual(['weather', 'news']);
    expect(candidateCount).toBe(2);
    for (const hit of hits) {
      expect(hit.normalized).toBeGreaterThan(0);
      expect(hit.normalized).toBeLessThanOrEqual(1);
    }
  });

  it('matches inflected forms through stemming and ignores stop words', () => {
    const index = new LexicalIndex({ fields });
    index.add('book', { name: 'book flight', description: 'Books a flight reservation.' });
    index.add('other', { name: 'the of and', description: 'The and of to.' });
    expect(index.search('booking flights', { limit: 5 }).hits[0]?.id).toBe('book');
    expect(index.search('the of and', { limit: 5 }).hits).toEqual([]);
  });

  it('replaces and removes documents, and compacts after many removals', () => {
    const index = new LexicalIndex({ fields });
    for (let i = 0; i < 200; i++)
      index.add(`t${i}`, { name: `tool ${i}`, description: i % 2 ? 'alpha beta' : 'gamma delta' });
    index.add('t1', { name: 'tool 1', description: 'epsilon' });
    expect(index.search('epsilon', { limit: 5 }).hits.map((h) => h.id)).toEqual(['t1']);
    for (let i = 0; i < 150; i++) index.remove(`t${i}`);
    expect(index.size).toBe(50);
    const hits = index.search('alpha', { limit: 100 }).hits;
    expect(hits).toHaveLength(25);
    expect(hits.every((hit) => Number(hit.id.slice(1)) >= 150)).toBe(true);
    expect(index.remove('missing')).toBe(false);
  });

  it('counts documents the accept function rejects', () => {
    const index = new LexicalIndex({ fields });
    index.add('a', { name: 'send email' });
    index.add('b', { name: 'send sms' });
    const result = index.search('send', { limit: 5, accept: (id) => id !== 'b' });
    expect(result.hits.map((h) => h.id)).toEqual(['a']);
    expect(result.rejectedCount).toBe(1);
    expect(result.candidateCount).toBe(2);
  });

  it('keeps the best `limit` hits in order', () => {
    const index = new LexicalIndex({ fields });
    for (let i = 0; i < 50; i++)
      index.add(`d${i}`, { name: 'report', description: 'sales '.repeat(i + 1) });
    const hits = index.search('sales report', { limit: 3 }).hits;
    expect(hits).toHaveLength(3);
    expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
    expect(hits[1]!.score).toBeGreaterThanOrEqual(hits[2]!.score);
  });

  it('leaves boilerplate fields out of document frequency', () => {
    const index = new LexicalIndex({
      fields: { ...fields, shared: { weight: 0.1, b: 0, documentFrequency: false } },
    });
    for (let i = 0; i < 20; i++) index.add(`t${i}`, { name: `tool ${i}`, shared: 'account' });
    index.add('accounts', { name: 'list accounts', shared: 'account' });
    expect(index.queryTerms('account')).toEqual([
      { term: 'account', idf: expect.any(Number), repeats: 1 },
    ]);
    // Counted only where it is not boilerplate, the word stays rare: one document of 21.
    expect(index.queryTerms('account')[0]!.idf).toBeGreaterThan(2.5);
    expect(index.search('account', { limit: 1 }).hits[0]?.id).toBe('accounts');
    index.remove('accounts');
    expect(index.queryTerms('account')).toEqual([]);
  });

  it('counts a word the query repeats more, with diminishing returns', () => {
    const index = new LexicalIndex({ fields });
    index.add('markets', { name: 'list markets' });
    index.add('sports', { name: 'list sports' });
    expect(index.search('markets or sports', { limit: 1 }).hits[0]?.id).toBe('markets');
    expect(index.search('markets, sports, which sports', { limit: 1 }).hits[0]?.id).toBe('sports');
    const [twice] = index.queryTerms('sports sports');
    const [thrice] = index.queryTerms('sports sports sports');
    expect(twice!.repeats).toBeGreaterThan(1);
    expect(thrice!.repeats).toBeGreaterThan(twice!.repeats);
    expect(thrice!.repeats).toBeLessThan(1.5);
  });

  it('counts a repeated word once with queryTermSaturation 0, and refuses a negative one', () => {
    const index = new LexicalIndex({ fields, queryTermSaturation: 0 });
    index.add('sports', { name: 'list sports' });
    expect(index.queryTerms('sports sports')[0]!.repeats).toBe(1);
    expect(() => new LexicalIndex({ fields, queryTermSaturation: -1 })).toThrow(
      /queryTermSaturation must be a finite number >= 0/,
    );
  });

  it('refuses a k1, field weight or length normalisation that could make a score negative', () => {
    for (const k1 of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => new LexicalIndex({ fields, k1 })).toThrow(/k1 must be a finite number > 0/);
    }
    const name = { weight: 1, b: 0.5 };
    expect(() => new LexicalIndex({ fields: { name: { ...name, weight: -2 } } })).toThrow(
      /The weight of field "name" must be a finite number >= 0, got -2/,
    );
    for (const b of [-0.1, 1.5, Number.NaN]) {
      expect(() => new LexicalIndex({ fields: { name: { ...name, b } } })).toThrow(
        /"b" of field "name" must be a number from 0 to 1/,
      );
    }
    expect(
      () => new LexicalIndex({ fields: { name: { weight: 0, b: 0 } }, k1: 0.9 }),
    ).not.toThrow();
  });

  it('adds each search to the work counters it was given, and counts nothing without them', () => {
    const work = { searches: 0, postings: 0, postingsRead: 0, documentsScored: 0 };
    const index = new LexicalIndex({ fields, work });
    index.add('a', { name: 'send email', description: 'Sends an email.' });
    index.add('b', { name: 'send sms' });
    index.add('c', { name: 'read file' });
    index.search('send email', { limit: 5 });
    // "send": a and b; "email": a.
    expect(work).toEqual({ searches: 1, postings: 3, postingsRead: 3, documentsScored: 2 });
    index.search('file', { limit: 5 });
    expect(work).toEqual({ searches: 2, postings: 4, postingsRead: 4, documentsScored: 3 });
    const silent = new LexicalIndex({ fields });
    silent.add('a', { name: 'send email' });
    expect(silent.search('send', { limit: 5 }).hits).toHaveLength(1);
  });

  it('keeps the postings of a batch right through later adds, removals, replacements and refreshes', () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'];
    const description = (i: number) =>
      `${words[i % 6]} ${words[(i * 5 + 1) % 6]} ${i % 4 === 0 ? 'rare' : 'common'}`;
    const documents = new Map<string, { name: string; description: string }>();
    const index = new LexicalIndex({ fields });
    const put = (id: string, document: { name: string; description: string }) => {
      documents.delete(id);
      documents.set(id, document);
      index.add(id, document);
    };
    for (let i = 0; i < 80; i++) put(`t${i}`, { name: `tool ${i}`, description: description(i) });
    // The first search posts the batch, every list carved to its size.
    expect(index.search('rare', { limit: 100 }).hits).toHaveLength(20);
    // Single adds grow those lists past their room, next to lists that do not grow.
    for (let i = 80; i < 84; i++) put(`t${i}`, { name: `tool ${i}`, description: 'rare alpha' });
    index.remove('t3');
    documents.delete('t3');
    put('t5', { name: 'tool 5', description: 'rare zeta replaced' });
    const ids = (query: string) =>
      index
        .search(query, { limit: 200 })
        .hits.map((hit) => hit.id)
        .sort();
    const expected = (word: string) =>
      [...documents]
        .filter(([, document]) => document.description.split(' ').includes(word))
        .map(([id]) => id)
        .sort();
    for (const word of [...words, 'rare', 'common', 'replaced'])
      expect(ids(word), word).toEqual(expected(word));
    // Averages that drift refresh every weight: the scores are then those of an index built
    // with the same documents at once.
    for (let i = 84; i < 120; i++)
      put(`t${i}`, { name: `tool ${i}`, description: `${'beta gamma '.repeat(8)}common` });
    const fresh = new LexicalIndex({ fields });
    for (const [id, document] of documents) fresh.add(id, document);
    for (const query of ['alpha rare', 'beta', 'zeta replaced', 'tool common']) {
      const hits = index.search(query, { limit: 200 }).hits;
      expect(hits, query).toEqual(fresh.search(query, { limit: 200 }).hits);
    }
  });
});
