import { describeTranscoderConformance } from '@arsenal/testkit';
import { createMcpTranscoder } from './index.js';

describeTranscoderConformance({
  name: 'McpTranscoder',
  create: () => createMcpTranscoder(),
});
