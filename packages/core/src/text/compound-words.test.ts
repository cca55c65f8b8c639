import { describe, expect, it } from 'vitest';
import { splitCompound } from './compound-words.js';

const vocabulary = (...words: string[]) => {
  const known = new Set(words);
  return (piece: string) => known.has(piece);
};

describe('splitCompound', () => {
  it('splits a one-word identifier into known words, fewest pieces first', () => {
    expect(
      splitCompound('findpetsbystatus', vocabulary('find', 'pets', 'status'), (w) => w === 'by'),
    ).toEqual(['find', 'pets', 'by', 'status']);
    expect(
      splitCompound('getuserrepos', vocabulary('get', 'user', 'users', 'repos', 'erre')),
    ).toEqual(['get', 'user', 'repos']);
  });

  it('leaves words it cannot cover, short words and known words whole', () => {
    expect(splitCompound('findpetsbyowner', vocabulary('find', 'pets', 'by'))).toBeUndefined();
    expect(splitCompound('getuser', vocabulary('getuser', 'get', 'user'))).toBeUndefined();
    expect(splitCompound('getpet', vocabulary('get', 'pet'))).toBeUndefined();
  });
});

describe('splitCompound joining words', () => {
  it('uses a joining word only between two others', () => {
    const joins = (piece: string) => piece === 'or' || piece === 'by';
    expect(splitCompound('calculator', vocabulary('calculat'), joins)).toBeUndefined();
    expect(splitCompound('sortbydate', vocabulary('sort', 'date'), joins)).toEqual([
      'sort',
      'by',
      'date',
    ]);
  });
});
