import { describe, expect, it } from 'vitest';
import { seededRandom } from '../hash/index.js';
import { LexicalIndex } from './lexical-index.js';

const fields = { name: { weight: 3, b: 0.3 }, description: { weight: 1, b: 0.75 } };
const WORDS = ['weather', 'forecast', 'city', 'news', 'stock', 'price', 'email', 'send', 'book'];

function randomIndex(size: number): LexicalIndex {
  const random = seededRandom(3);
  const words = (count: number) =>
    Array.from({ length: count }, () => WORDS[Math.floor(random() * WORDS.length)]!).join(' ');
  const index = new LexicalIndex({ fields });
  for (let i = 0; i < size; i++) index.add(`t${i}`, { name: words(2), description: words(6) });
  return index;
}

describe('a search bounded by accepted documents', () => {
  it('returns the hits and scores of the full search, ties in index order', () => {
    const index = randomIndex(300);
    for (const query of ['weather city', 'send email', 'stock price news', 'book forecast city']) {
      const full = index.search(query, { limit: 10 }).hits;
      for (const limit of [1, 3]) {
        const accepted = full.slice(2, 2 + limit + 2).map((hit) => hit.id);
        const bounded = index.search(query, { limit, accepted }).hits;
        expect(bounded).toEqual(full.slice(0, limit));
      }
    }
  });

  it('skips what accept turns away and scans everything when the bound does not hold', () => {
    const index = randomIndex(300);
    const full = index.search('weather forecast', { limit: 20 }).hits;
    const turnedAway = new Set(full.slice(0, 4).map((hit) => hit.id));
    const accept = (id: string) => !turnedAway.has(id);
    const expected = index.search('weather forecast', { limit: 2, accept });
    // Said to be accepted, but accept turns them away: the answer is still the full search's.
    const wrong = full.slice(0, 3).map((hit) => hit.id);
    expect(index.search('weather forecast', { limit: 2, accept, accepted: wrong }).hits).toEqual(
      expected.hits,
    );
    const right = full.slice(6, 9).map((hit) => hit.id);
    const bounded = index.search('weather forecast', { limit: 2, accept, accepted: right });
    expect(bounded.hits).toEqual(expected.hits);
    expect(bounded.rejectedCount).toBe(expected.rejectedCount);
  });
});
