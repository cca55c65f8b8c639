import { describeTranscoderConformance } from '@arsenal/testkit';
import { createGeminiTranscoder } from './index.js';

describeTranscoderConformance({
  name: 'GeminiTranscoder (parameters)',
  create: () => createGeminiTranscoder(),
  skip: {
    'round-trip/map':
      "Gemini's Schema has no additionalProperties, so a map's value type is dropped; use schemaField: 'parametersJsonSchema' to keep it",
  },
});

describeTranscoderConformance({
  name: 'GeminiTranscoder (parametersJsonSchema)',
  create: () => createGeminiTranscoder({ schemaField: 'parametersJsonSchema' }),
});
