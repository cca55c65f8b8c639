import { describe, expect, it } from 'vitest';
import { carvePostingsLists, PostingsList } from './postings-list.js';

describe('PostingsList', () => {
  it('grows past its capacity, keeps the largest weight and finds documents', () => {
    const list = new PostingsList(1);
    for (let doc = 0; doc < 10; doc++) list.push(doc * 2, doc === 3 ? 5 : 1);
    expect(list.length).toBe(10);
    expect(list.maxWeight).toBe(5);
    expect(list.indexOf(6)).toBe(3);
    expect(list.indexOf(7)).toBe(-1);
    list.trim();
    expect(list.docs.length).toBe(10);
    expect([...list.docs]).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
  });
});

describe('carvePostingsLists', () => {
  it('gives each size a list of exactly that room, and the empty list for size 0', () => {
    const empty = new PostingsList(0);
    const lists = carvePostingsLists(Int32Array.of(2, 0, 3), empty);
    expect(lists).toHaveLength(3);
    expect(lists[1]).toBe(empty);
    expect(lists[0]!.docs.length).toBe(2);
    expect(lists[2]!.weights.length).toBe(3);
    // One array of documents and one of weights for every list.
    expect(lists[0]!.docs.buffer).toBe(lists[2]!.docs.buffer);
    expect(lists[0]!.weights.buffer).toBe(lists[2]!.weights.buffer);
    expect(lists[0]!.length).toBe(0);
    expect(lists[0]!.maxWeight).toBe(0);
  });

  it('keeps neighbouring lists apart when one grows past its room', () => {
    const lists = carvePostingsLists(Int32Array.of(2, 2), new PostingsList(0));
    const [first, second] = lists as [PostingsList, PostingsList];
    first.push(1, 0.5);
    first.push(3, 1.5);
    second.push(2, 2.5);
    second.push(4, 3.5);
    const shared = first.docs.buffer;
    first.push(5, 4.5);
    expect(first.docs.buffer).not.toBe(shared);
    expect([...first.docs.subarray(0, first.length)]).toEqual([1, 3, 5]);
    expect([...first.weights.subarray(0, first.length)]).toEqual([0.5, 1.5, 4.5]);
    expect(first.maxWeight).toBe(4.5);
    expect(first.indexOf(5)).toBe(2);
    expect([...second.docs]).toEqual([2, 4]);
    expect([...second.weights]).toEqual([2.5, 3.5]);
    expect(second.indexOf(4)).toBe(1);
    first.trim();
    expect(first.docs.length).toBe(3);
  });

  it('makes no list for no sizes, and keeps a full carved list as it is on trim', () => {
    expect(carvePostingsLists(new Int32Array(0), new PostingsList(0))).toEqual([]);
    const [list] = carvePostingsLists(Int32Array.of(1), new PostingsList(0)) as [PostingsList];
    list.push(7, 1);
    const docs = list.docs;
    list.trim();
    expect(list.docs).toBe(docs);
  });
});
