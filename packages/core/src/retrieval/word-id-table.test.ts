import { describe, expect, it } from 'vitest';
import { nextWordHash, WORD_HASH_START, WordIdTable, WordTermTable } from './word-id-table.js';

function hashOf(text: string, start: number, end: number): number {
  let hash = WORD_HASH_START;
  for (let i = start; i < end; i++) hash = nextWordHash(hash, text.charCodeAt(i));
  return hash;
}

describe('WordIdTable', () => {
  it('finds a word by its place in a text, and only that word', () => {
    const table = new WordIdTable();
    table.set('weather', hashOf('weather', 0, 7), 3);
    table.set('we', hashOf('we', 0, 2), new Int32Array([1, 2]));
    const text = 'the weather we had';
    expect(table.get(text, 4, 11, hashOf(text, 4, 11))).toBe(3);
    expect([...(table.get(text, 12, 14, hashOf(text, 12, 14)) as Int32Array)]).toEqual([1, 2]);
    expect(table.get(text, 0, 3, hashOf(text, 0, 3))).toBeUndefined();
    // A prefix of a held word is another word.
    expect(table.get(text, 4, 8, hashOf(text, 4, 8))).toBeUndefined();
  });

  it('tells apart words whose hashes are the same', () => {
    const table = new WordIdTable();
    table.set('alpha', 42, 1);
    table.set('beta', 42, 2);
    table.set('gamma', 42 + 4096, 3);
    expect(table.get('beta', 0, 4, 42)).toBe(2);
    expect(table.get('alpha', 0, 5, 42)).toBe(1);
    expect(table.get('gamma', 0, 5, 42 + 4096)).toBe(3);
    expect(table.get('delta', 0, 5, 42)).toBeUndefined();
    // Same hash, same length: the characters decide.
    table.set('zeta', 42, 4);
    expect(table.get('a zeta', 2, 6, 42)).toBe(4);
    expect(table.get('a beta', 2, 6, 42)).toBe(2);
    expect(table.get('a meta', 2, 6, 42)).toBeUndefined();
  });

  it('keeps the lists of words with no term or several through growth', () => {
    const table = new WordIdTable();
    const none = new Int32Array(0);
    table.set('the', hashOf('the', 0, 3), none);
    table.set('v2', hashOf('v2', 0, 2), new Int32Array([5, 6]));
    for (let i = 0; i < 5000; i++) table.set(`x${i}`, hashOf(`x${i}`, 0, `x${i}`.length), i);
    expect(table.get('the', 0, 3, hashOf('the', 0, 3))).toBe(none);
    expect([...(table.get('v2', 0, 2, hashOf('v2', 0, 2)) as Int32Array)]).toEqual([5, 6]);
    expect(table.get('x4999', 0, 5, hashOf('x4999', 0, 5))).toBe(4999);
  });

  it('keeps every word as it grows, and holds none once cleared', () => {
    const table = new WordIdTable();
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i}`);
    for (const [i, word] of words.entries()) table.set(word, hashOf(word, 0, word.length), i);
    expect(table.size).toBe(words.length);
    for (const [i, word] of words.entries())
      expect(table.get(word, 0, word.length, hashOf(word, 0, word.length))).toBe(i);
    table.clear();
    expect(table.size).toBe(0);
    expect(table.get('w1', 0, 2, hashOf('w1', 0, 2))).toBeUndefined();
    table.set('w1', hashOf('w1', 0, 2), 7);
    expect(table.get('w1', 0, 2, hashOf('w1', 0, 2))).toBe(7);
  });

  it('holds a word given by its place in a text', () => {
    const table = new WordIdTable();
    const text = 'send the weather';
    table.setAt(text, 9, 16, hashOf(text, 9, 16), 8);
    expect(table.get('weather', 0, 7, hashOf('weather', 0, 7))).toBe(8);
    expect(table.get(text, 0, 4, hashOf(text, 0, 4))).toBeUndefined();
  });
});

describe('WordTermTable', () => {
  it('finds the terms of a word by its place in a text, until cleared', () => {
    const table = new WordTermTable();
    const text = 'Forecasts for EC2';
    table.setAt(text, 0, 9, hashOf(text, 0, 9), ['forecast']);
    table.setAt(text, 14, 17, hashOf(text, 14, 17), ['ec', 'ec2']);
    expect(table.get('the Forecasts', 4, 13, hashOf('the Forecasts', 4, 13))).toEqual(['forecast']);
    expect(table.get('EC2', 0, 3, hashOf('EC2', 0, 3))).toEqual(['ec', 'ec2']);
    expect(table.get('for', 0, 3, hashOf('for', 0, 3))).toBeUndefined();
    expect(table.size).toBe(2);
    table.clear();
    expect(table.get('EC2', 0, 3, hashOf('EC2', 0, 3))).toBeUndefined();
  });
});
