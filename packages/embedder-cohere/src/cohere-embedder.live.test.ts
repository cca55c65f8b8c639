import { describeEmbedderConformance } from '@arsenal/testkit';
import { describe, it } from 'vitest';
import { createCohereEmbedder } from './cohere-embedder.js';

const apiKey = process.env.COHERE_API_KEY;

if (apiKey) {
  describeEmbedderConformance({
    name: 'CohereEmbedder against the live API (COHERE_API_KEY)',
    create: () => createCohereEmbedder({ apiKey, dimensions: 256, maxBatchSize: 4 }),
    createFailing: () => createCohereEmbedder({ apiKey: 'invalid-cohere-key' }),
    secrets: [apiKey, 'invalid-cohere-key'],
    largeBatchSize: 9,
    timeout: 60_000,
  });
} else {
  console.info('Cohere live tests skipped: set COHERE_API_KEY to run them against the real API.');
  describe('CohereEmbedder against the live API', () => {
    it.skip('needs COHERE_API_KEY', () => {});
  });
}
