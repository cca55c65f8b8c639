import { describeArgumentRoundTrip } from '@arsenal/testkit';
import { type AnthropicTool, createAnthropicTranscoder } from './index.js';

describeArgumentRoundTrip({
  name: 'AnthropicTranscoder',
  create: () => createAnthropicTranscoder(),
  parametersOf: (tool) => (tool as AnthropicTool).input_schema,
});
