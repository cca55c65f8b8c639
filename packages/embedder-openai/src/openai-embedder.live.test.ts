import { describeEmbedderConformance } from '@arsenal/testkit';
import { describe, it } from 'vitest';
import { createOpenAIEmbedder } from './openai-embedder.js';

const apiKey = process.env.OPENAI_API_KEY;

if (apiKey) {
  describeEmbedderConformance({
    name: 'OpenAIEmbedder against the live API (OPENAI_API_KEY)',
    create: () => createOpenAIEmbedder({ apiKey, dimensions: 256, maxBatchSize: 4, ...baseUrl() }),
    createFailing: () => createOpenAIEmbedder({ apiKey: 'sk-invalid-key', ...baseUrl() }),
    secrets: [apiKey, 'sk-invalid-key'],
    largeBatchSize: 9,
    timeout: 60_000,
  });
} else {
  console.info('OpenAI live tests skipped: set OPENAI_API_KEY to run them against the real API.');
  describe('OpenAIEmbedder against the live API', () => {
    it.skip('needs OPENAI_API_KEY', () => {});
  });
}

function baseUrl(): { baseUrl?: string } {
  return process.env.OPENAI_BASE_URL ? { baseUrl: process.env.OPENAI_BASE_URL } : {};
}
