import { describeRerankerConformance } from '@arsenal/testkit';
import { describe, it } from 'vitest';
import { createCohereReranker } from './cohere-reranker.js';

const apiKey = process.env.COHERE_API_KEY;

if (apiKey) {
  describeRerankerConformance({
    name: 'CohereReranker against the live API (COHERE_API_KEY)',
    create: () => createCohereReranker({ apiKey }),
    createFailing: () => createCohereReranker({ apiKey: 'invalid-cohere-key' }),
    secrets: [apiKey, 'invalid-cohere-key'],
    timeout: 60_000,
  });
} else {
  console.info('Cohere live tests skipped: set COHERE_API_KEY to run them against the real API.');
  describe('CohereReranker against the live API', () => {
    it.skip('needs COHERE_API_KEY', () => {});
  });
}
