import { describeArgumentRoundTrip } from '@arsenal/testkit';
import { createGeminiTranscoder, type GeminiFunctionDeclaration } from './index.js';

describeArgumentRoundTrip({
  name: 'GeminiTranscoder',
  create: () => createGeminiTranscoder(),
  parametersOf: (tool) => (tool as GeminiFunctionDeclaration).parameters,
});

describeArgumentRoundTrip({
  name: 'GeminiTranscoder (parametersJsonSchema)',
  create: () => createGeminiTranscoder({ schemaField: 'parametersJsonSchema' }),
  parametersOf: (tool) => (tool as GeminiFunctionDeclaration).parametersJsonSchema,
});
