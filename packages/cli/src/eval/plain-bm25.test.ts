import { createArsenal } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { evaluateRetrieval } from './evaluate.js';
import { createPlainBm25 } from './plain-bm25.js';

async function catalog() {
  const arsenal = createArsenal();
  await arsenal.register([
    {
      name: 'upload_file',
      description: 'Store content in a bucket.',
      parameters: {
        type: 'object',
        properties: { checksum: { type: 'string', description: 'MD5 digest of the payload' } },
      },
      tags: ['storage'],
    },
    { name: 'get_weather', description: 'Weather forecast for a city.' },
    { name: 'send_email', description: 'Send an email message to a recipient.' },
  ]);
  return arsenal;
}

describe('plain BM25 reference', () => {
  it('over name + description finds only what those texts say', async () => {
    const arsenal = await catalog();
    const rank = createPlainBm25(arsenal.registry.all(), 'name-description');
    expect(rank('weather in Paris', 5)).toEqual(['get_weather']);
    expect(rank('md5 digest', 5)).toEqual([]);
    expect(rank('storage', 5)).toEqual([]);
  });

  it('over all fields also reads tags and parameter names and descriptions', async () => {
    const arsenal = await catalog();
    const rank = createPlainBm25(arsenal.registry.all(), 'all-fields');
    expect(rank('md5 digest', 5)).toEqual(['upload_file']);
    expect(rank('storage', 5)).toEqual(['upload_file']);
    expect(rank('send an email', 1)).toEqual(['send_email']);
  });

  it('is scored by evaluateRetrieval in place of Arsenal', async () => {
    const arsenal = await catalog();
    const report = await evaluateRetrieval({
      arsenal,
      queries: [{ id: 'q1', query: 'md5 digest', relevant: ['upload_file'] }],
      ks: [1],
      ranker: createPlainBm25(arsenal.registry.all(), 'name-description'),
    });
    expect(report.overall.recall['1']).toBe(0);
    expect(report.overall.mrr).toBe(0);
  });
});
