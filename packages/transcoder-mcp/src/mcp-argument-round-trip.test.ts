import { describeArgumentRoundTrip } from '@arsenal/testkit';
import { createMcpTranscoder, type McpTool } from './index.js';

describeArgumentRoundTrip({
  name: 'McpTranscoder',
  create: () => createMcpTranscoder(),
  parametersOf: (tool) => (tool as McpTool).inputSchema,
});
