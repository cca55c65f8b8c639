import { describeArgumentRoundTrip } from '@arsenal/testkit';
import { createOpenAITranscoder, type OpenAIChatTool, type OpenAIResponsesTool } from './index.js';

const chatParameters = (tool: unknown) => (tool as OpenAIChatTool).function.parameters;

describeArgumentRoundTrip({
  name: 'OpenAITranscoder (strict)',
  create: () => createOpenAITranscoder(),
  encode: { strict: true },
  parametersOf: chatParameters,
});

describeArgumentRoundTrip({
  name: 'OpenAITranscoder (Responses, strict)',
  create: () => createOpenAITranscoder({ api: 'responses' }),
  encode: { strict: true },
  parametersOf: (tool) => (tool as OpenAIResponsesTool).parameters,
});

describeArgumentRoundTrip({
  name: 'OpenAITranscoder',
  create: () => createOpenAITranscoder(),
  parametersOf: chatParameters,
});
