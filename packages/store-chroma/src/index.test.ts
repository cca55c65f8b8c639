import { describe, expect, it } from 'vitest';
import * as entry from './index.js';

describe('arsenal.yaml: vectorStore: { use: "@arsenal/store-chroma" }', () => {
  it('the default export is the factory the config loader calls, and the only create* export', () => {
    expect(entry.default).toBe(entry.createChromaVectorStore);
    const creators = Object.keys(entry).filter((name) => /^create[A-Z]/.test(name));
    expect(creators).toEqual(['createChromaVectorStore']);
  });
});
