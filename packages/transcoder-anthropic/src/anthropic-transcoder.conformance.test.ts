import { describeTranscoderConformance } from '@arsenal/testkit';
import { createAnthropicTranscoder } from './index.js';

describeTranscoderConformance({
  name: 'AnthropicTranscoder',
  create: () => createAnthropicTranscoder(),
});
