import { describe, expect, it } from 'vitest';
import { seededRandom as generator } from '../hash/seeded-random.js';
import { LexicalIndex } from './lexical-index.js';
import type { KeptScores, LexicalSearchOptions, LexicalSearchWork } from './lexical-types.js';
import { PostingsList } from './postings-list.js';
import { allDocuments, type SearchBuffers, type SearchTerm } from './top-k-search.js';

const fields = {
  name: { weight: 3, b: 0.3, keepStopWords: true },
  description: { weight: 1, b: 0.75 },
  parameters: { weight: 0.5, b: 0.5, documentFrequency: false },
};

// Words drawn with a skewed frequency, as in real catalogs: a few in most tools, most in few.
const WORDS = Array.from({ length: 400 }, (_, i) => `w${i.toString(36)}x`);
function word(random: () => number): string {
  return WORDS[Math.floor(WORDS.length * random() ** 3)]!;
}
function text(random: () => number, count: number): string {
  return Array.from({ length: count }, () => word(random)).join(' ');
}

function catalog(seed: number, size: number, work?: LexicalSearchWork): LexicalIndex {
  const random = generator(seed);
  const index = new LexicalIndex({ fields, work });
  for (let i = 0; i < size; i++) {
    index.add(`t${i}`, {
      name: text(random, 1 + Math.floor(random() * 3)),
      description: text(random, 3 + Math.floor(random() * 20)),
      parameters: [text(random, 2), text(random, 2)],
    });
  }
  return index;
}

/** The same search counting every match (every posting read) and not (terms set aside). */
function both(index: LexicalIndex, query: string, options: LexicalSearchOptions) {
  const all = index.search(query, options);
  const bounded = index.search(query, { ...options, countMatches: false });
  return { all, bounded };
}

describe('searches that need no count of the matches', () => {
  it('return the hits, scores and rejections of a search reading every posting', () => {
    const work = { searches: 0, postings: 0, postingsRead: 0, documentsScored: 0 };
    const index = catalog(7, 3000, work);
    let boundedPostings = 0;
    let boundedRead = 0;
    const random = generator(99);
    let compared = 0;
    for (let q = 0; q < 300; q++) {
      const query = text(random, 2 + Math.floor(random() * 14));
      const limit = [1, 2, 5, 10, 50][q % 5]!;
      // Some searches reject or ignore a share of the documents.
      const cut = q % 3;
      const accept =
        cut === 0
          ? undefined
          : (id: string) => {
              const n = Number(id.slice(1));
              if (cut === 1) return n % 7 !== 0;
              return n % 5 === 0 ? null : n % 11 !== 0;
            };
      const all = index.search(query, { limit, accept });
      const before = { ...work };
      const bounded = index.search(query, { limit, accept, countMatches: false });
      boundedPostings += work.postings - before.postings;
      boundedRead += work.postingsRead - before.postingsRead;
      expect(bounded.hits).toEqual(all.hits);
      expect(bounded.rejectedCount).toBe(all.rejectedCount);
      expect(bounded.candidateCount).toBeLessThanOrEqual(all.candidateCount);
      compared += all.hits.length;
    }
    expect(compared).toBeGreaterThan(1000);
    // Terms were set aside in most searches (the comparison is not between two full reads).
    expect(boundedRead).toBeLessThan(boundedPostings * 0.6);
  });

  it('read fewer postings than a search reading them all, for the same hits', () => {
    const work = { searches: 0, postings: 0, postingsRead: 0, documentsScored: 0 };
    const index = catalog(3, 3000, work);
    const query = `${WORDS[0]} ${WORDS[1]} ${WORDS[2]} ${WORDS[300]} ${WORDS[301]} ${WORDS[350]}`;
    index.search(query, { limit: 5 });
    const full = { ...work };
    const { hits } = index.search(query, { limit: 5, countMatches: false });
    const readBounded = work.postingsRead - full.postingsRead;
    expect(work.postings - full.postings).toBe(full.postings);
    expect(full.postingsRead).toBe(full.postings);
    expect(readBounded).toBeLessThan(full.postingsRead / 2);
    expect(hits).toEqual(index.search(query, { limit: 5 }).hits);
  });

  it('keep their hits after documents are removed and replaced', () => {
    const index = catalog(11, 2500);
    const random = generator(5);
    for (let i = 0; i < 2500; i += 3) index.remove(`t${i}`);
    for (let i = 1; i < 2500; i += 10)
      index.add(`t${i}`, { name: text(random, 2), description: text(random, 8) });
    for (let q = 0; q < 100; q++) {
      const query = text(random, 3 + (q % 10));
      const { all, bounded } = both(index, query, { limit: 1 + (q % 20) });
      expect(bounded.hits).toEqual(all.hits);
      expect(
        bounded.hits.every(
          (hit) => Number(hit.id.slice(1)) % 3 !== 0 || Number(hit.id.slice(1)) % 10 === 1,
        ),
      ).toBe(true);
    }
  });

  it('find a document that matches many common words strongly beside ones matching a rare word', () => {
    const index = catalog(23, 3000);
    const random = generator(29);
    for (let i = 0; i < 40; i++) {
      const words = Array.from({ length: 6 }, (_, k) => WORDS[(i + k * 3) % 30]!).join(' ');
      index.add(`s${i}`, { name: `${words} ${words}`, description: words });
    }
    for (let q = 0; q < 200; q++) {
      const common = Array.from({ length: 4 + (q % 6) }, () => WORDS[Math.floor(random() * 30)]!);
      const query = `${common.join(' ')} ${WORDS[100 + Math.floor(random() * 300)]}`;
      const { all, bounded } = both(index, query, { limit: 1 + (q % 3) });
      expect(bounded.hits).toEqual(all.hits);
    }
  });

  it('keep related terms and weak words in the scores', () => {
    const index = catalog(13, 3000);
    const related = {
      terms: (term: string) => (term.endsWith('1x') ? [WORDS[5]!, WORDS[40]!] : undefined),
      weight: 0.4,
    };
    const random = generator(17);
    for (let q = 0; q < 100; q++) {
      const query = text(random, 4 + (q % 8));
      const weak = { text: text(random, 2), weight: 0.3 };
      const { all, bounded } = both(index, query, { limit: 1 + (q % 10), related, weak });
      expect(bounded.hits).toEqual(all.hits);
    }
  });

  it('return every accepted match when fewer than the limit are accepted', () => {
    const index = catalog(19, 3000);
    const query = `${WORDS[0]} ${WORDS[1]} ${WORDS[200]}`;
    const accept = (id: string) => Number(id.slice(1)) < 4;
    const { all, bounded } = both(index, query, { limit: 10, accept });
    expect(bounded.hits).toEqual(all.hits);
    expect(bounded.hits.length).toBeLessThan(10);
    expect(bounded.candidateCount).toBe(all.candidateCount);
  });
});

describe('searches bounded by the scores a whole search kept', () => {
  const related = {
    terms: (term: string) => (term.endsWith('1x') ? [WORDS[5]!, WORDS[40]!] : undefined),
    weight: 0.4,
  };

  it('give the hits of unbounded searches, for the clauses of the whole search', () => {
    const work = { searches: 0, postings: 0, postingsRead: 0, documentsScored: 0 };
    const index = catalog(31, 3000, work);
    // The same catalog never asked to keep scores: the buffers it searches with stay its own.
    const twin = catalog(31, 3000);
    const random = generator(37);
    let boundedRead = 0;
    let plainRead = 0;
    let compared = 0;
    for (let q = 0; q < 120; q++) {
      const words = text(random, 6 + Math.floor(random() * 12)).split(' ');
      const whole = words.join(' ');
      const weak = q % 4 === 0 ? { text: text(random, 2), weight: 0.3 } : undefined;
      const accept = q % 3 === 0 ? (id: string) => Number(id.slice(1)) % 7 !== 0 : undefined;
      const full = index.search(whole, { limit: 50, accept, weak, related, keepScores: true });
      const unkept = twin.search(whole, { limit: 50, accept, weak, related });
      expect(full.hits).toEqual(unkept.hits);
      expect(full.candidateCount).toBe(unkept.candidateCount);
      expect(full.kept).toBeDefined();
      const cut = 2 + Math.floor(random() * (words.length - 3));
      for (const clause of [words.slice(0, cut).join(' '), words.slice(cut).join(' ')]) {
        const limit = [1, 5][q % 2]!;
        const options = { limit, accept, related, countMatches: false } as const;
        let mark = work.postingsRead;
        const bounded = index.search(clause, { ...options, boundedBy: full.kept });
        boundedRead += work.postingsRead - mark;
        mark = work.postingsRead;
        const plain = index.search(clause, options);
        plainRead += work.postingsRead - mark;
        expect(bounded.hits).toEqual(twin.search(clause, options).hits);
        expect(bounded.hits).toEqual(plain.hits);
        expect(bounded.rejectedCount).toBe(plain.rejectedCount);
        compared += bounded.hits.length;
      }
    }
    expect(compared).toBeGreaterThan(300);
    // The bound set documents aside: the bounded searches looked fewer weights up.
    expect(boundedRead).toBeLessThan(plainRead);
  });

  it('keep the scores of searches that list the documents they meet, and clear them after', () => {
    // Words of letters only, most of them rare: a search of a few matches far fewer than a
    // quarter of the documents, so it lists the documents it meets rather than marking them.
    const letters = (n: number) => `k${String.fromCharCode(97 + (n % 26), 97 + ((n / 26) | 0))}q`;
    const build = (work?: LexicalSearchWork) => {
      const random = generator(53);
      const index = new LexicalIndex({ fields, work });
      for (let i = 0; i < 3000; i++) {
        const words = Array.from({ length: 6 }, () => letters(Math.floor(600 * random() ** 2)));
        index.add(`t${i}`, { name: words.slice(0, 2).join(' '), description: words.join(' ') });
      }
      return index;
    };
    const work = { searches: 0, postings: 0, postingsRead: 0, documentsScored: 0 };
    const index = build(work);
    const twin = build();
    const random = generator(59);
    for (let q = 0; q < 60; q++) {
      const words = Array.from({ length: 6 }, () => letters(300 + Math.floor(300 * random())));
      const whole = words.join(' ');
      const before = work.postings;
      const full = index.search(whole, { limit: 20, keepScores: true });
      // Listed, not marked: its postings are under a quarter of the documents.
      expect(work.postings - before).toBeLessThan(3000 / 4);
      expect(full.hits).toEqual(twin.search(whole, { limit: 20 }).hits);
      const clause = words.slice(0, 3).join(' ');
      const options = { limit: 3, countMatches: false } as const;
      expect(index.search(clause, { ...options, boundedBy: full.kept }).hits).toEqual(
        twin.search(clause, options).hits,
      );
    }
  });

  /**
   * A search bounded by `kept`, and the same search unbounded: their hits, and the postings each
   * read. A bound that is ignored reads exactly what the unbounded search reads.
   */
  function compare(index: LexicalIndex, work: LexicalSearchWork, query: string, kept?: KeptScores) {
    const options = { limit: 5, countMatches: false } as const;
    let mark = work.postingsRead;
    const bounded = index.search(query, { ...options, boundedBy: kept }).hits;
    const boundedRead = work.postingsRead - mark;
    mark = work.postingsRead;
    const plain = index.search(query, options).hits;
    return { bounded, plain, boundedRead, plainRead: work.postingsRead - mark };
  }
  const clause = `${WORDS[0]} ${WORDS[1]} ${WORDS[2]} ${WORDS[3]} ${WORDS[30]}`;
  const whole = `${clause} ${WORDS[60]} ${WORDS[7]} ${WORDS[90]}`;
  const keep = { limit: 50, keepScores: true } as const;

  it('ignore kept scores where a term of the search weighed less or was missing', () => {
    const work = { searches: 0, postings: 0, postingsRead: 0, documentsScored: 0 };
    const index = catalog(43, 3000, work);
    // A bound that holds sets documents aside.
    const valid = compare(index, work, clause, index.search(whole, keep).kept);
    expect(valid.bounded).toEqual(valid.plain);
    expect(valid.boundedRead).toBeLessThan(valid.plainRead);
    // A word of the clause missing from the kept search, or said more often in the clause.
    const missing = index.search(whole.replace(` ${WORDS[30]}`, ''), keep).kept;
    const stressed = `${clause} ${WORDS[30]} ${WORDS[30]}`;
    for (const [query, kept] of [
      [clause, missing],
      [stressed, index.search(whole, keep).kept],
    ] as const) {
      const ignored = compare(index, work, query, kept);
      expect(ignored.bounded).toEqual(ignored.plain);
      expect(ignored.boundedRead).toBe(ignored.plainRead);
    }
  });

  it('ignore kept scores once the index changed or another search kept its own', () => {
    const work = { searches: 0, postings: 0, postingsRead: 0, documentsScored: 0 };
    const index = catalog(43, 3000, work);
    const random = generator(47);
    const changes: (() => void)[] = [
      () => index.add('new', { name: clause, description: text(random, 6) }),
      () => index.remove('t7'),
      () => index.setFieldWeight('name', 2.5),
      () => index.search(`${WORDS[200]} ${WORDS[201]}`, keep),
    ];
    for (const change of changes) {
      const kept = index.search(whole, keep).kept;
      change();
      const ignored = compare(index, work, clause, kept);
      expect(ignored.bounded).toEqual(ignored.plain);
      expect(ignored.boundedRead).toBe(ignored.plainRead);
    }
  });
});

/** Search buffers for `documents` documents, as the index keeps them. */
function buffersFor(documents: number, alive: Uint8Array): SearchBuffers {
  return {
    scores: new Float64Array(documents * 2),
    touched: new Int32Array(documents * 2),
    seen: new Uint32Array(Math.ceil((documents * 2) / 32)),
    member: new Uint32Array(Math.ceil((documents * 2) / 32)),
    candidates: new Int32Array(documents * 2),
    alive,
    dead: alive.includes(0),
    documents,
    k1: 1.2,
    work: undefined,
  };
}

/** Postings over `documents` documents; weights from a few values, so that scores tie. */
function randomTerms(random: () => number, documents: number, count: number): SearchTerm[] {
  return Array.from({ length: count }, () => {
    const share = random() ** 2;
    const list = new PostingsList();
    for (let doc = 0; doc < documents; doc++) {
      // Some postings weigh 0 (a match in a field weighted 0): met, but scoring nothing.
      if (random() < share) list.push(doc, [0, 0.5, 1, 1.5, 2.25][Math.floor(random() * 5)]!);
    }
    return { list, idf: [0.2, 1, 2.5][Math.floor(random() * 3)]! };
  });
}

describe('searches read densely', () => {
  it('give the hits, scores and counts of searches listing the documents they meet', () => {
    const random = generator(41);
    let hits = 0;
    let ties = 0;
    for (let round = 0; round < 200; round++) {
      const documents = 1 + Math.floor(random() * 700);
      const alive = new Uint8Array(documents * 2).fill(1);
      // Some rounds have removed documents, whose postings are skipped.
      if (round % 4 === 0) for (let doc = 0; doc < documents; doc += 3) alive[doc] = 0;
      const terms = randomTerms(random, documents, 1 + Math.floor(random() * 6));
      const limit = [1, 3, 10, 50, 2000][round % 5]!;
      const cut = round % 3;
      const accept =
        cut === 0
          ? undefined
          : (doc: number) => (cut === 1 ? doc % 7 !== 0 : doc % 5 === 0 ? null : doc % 11 !== 0);
      const buffers = buffersFor(documents, alive);
      const listed = allDocuments(buffers, terms, limit, accept, false);
      const dense = allDocuments(buffers, terms, limit, accept, true);
      expect(dense).toEqual(listed);
      // Both leave the buffers clear for the next search.
      expect(buffers.scores.every((score) => score === 0)).toBe(true);
      expect(buffers.seen.every((bits) => bits === 0)).toBe(true);
      hits += dense.docs.length;
      for (let i = 1; i < dense.scores.length; i++)
        if (dense.scores[i] === dense.scores[i - 1]) ties++;
    }
    expect(hits).toBeGreaterThan(2000);
    // Equal scores were ranked (ties go to the earlier document either way).
    expect(ties).toBeGreaterThan(100);
  });

  it('count documents met only with weights of 0, and rank them when nothing scores more', () => {
    const alive = new Uint8Array(128).fill(1);
    const zero = new PostingsList();
    for (const doc of [3, 40, 41]) zero.push(doc, 0);
    const some = new PostingsList();
    some.push(40, 1);
    const terms = [
      { list: zero, idf: 1 },
      { list: some, idf: 1 },
    ];
    for (const dense of [false, true]) {
      const ranked = allDocuments(buffersFor(64, alive), terms, 10, undefined, dense);
      expect(ranked.matched).toBe(3);
      expect(ranked.docs).toEqual([40, 3, 41]);
    }
  });
});
