import { describeTranscoderConformance } from '@arsenal/testkit';
import { createOpenAITranscoder } from './index.js';

describeTranscoderConformance({
  name: 'OpenAITranscoder (Chat Completions)',
  create: () => createOpenAITranscoder(),
});

describeTranscoderConformance({
  name: 'OpenAITranscoder (Responses)',
  create: () => createOpenAITranscoder({ api: 'responses' }),
});

describeTranscoderConformance({
  name: 'OpenAITranscoder (strict)',
  create: () => createOpenAITranscoder({ strict: true }),
  skip: {
    'round-trip/optional':
      'strict mode requires every property, so optional ones come back required-but-nullable',
    'round-trip/map':
      'strict mode refuses free-form maps: OpenAI only accepts objects whose keys are all listed',
  },
});
