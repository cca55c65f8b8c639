import { describeEmbedderConformance } from '@arsenal/testkit';
import { describe, it } from 'vitest';
import { createOllamaEmbedder } from './ollama-embedder.js';

const baseUrl = process.env.OLLAMA_URL;
const model = process.env.OLLAMA_EMBED_MODEL ?? 'nomic-embed-text';

if (baseUrl) {
  describeEmbedderConformance({
    name: `OllamaEmbedder against ${baseUrl} (${model})`,
    create: () => createOllamaEmbedder({ baseUrl, model, maxBatchSize: 4 }),
    createFailing: () =>
      createOllamaEmbedder({ baseUrl, model: 'arsenal-missing-model', dimensions: 8 }),
    timeout: 120_000,
  });
} else {
  console.info(
    'Ollama live tests skipped: set OLLAMA_URL (and OLLAMA_EMBED_MODEL, default nomic-embed-text) to run them.',
  );
  describe('OllamaEmbedder against a live Ollama', () => {
    it.skip('needs OLLAMA_URL', () => {});
  });
}
