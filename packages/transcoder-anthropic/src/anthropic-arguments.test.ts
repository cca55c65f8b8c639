import { nastyTool } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { createAnthropicTranscoder } from './index.js';

describe('AnthropicTranscoder.decodeArguments', () => {
  const transcoder = createAnthropicTranscoder();
  const tool = nastyTool('composed');

  it('parses an object sent as JSON text and drops null for an optional property', () => {
    const decoded = transcoder.decodeArguments(tool, {
      contact: '{"name":"Ada","email":"ada@example.com"}',
      address: null,
    });
    expect(decoded).toEqual({ contact: { name: 'Ada', email: 'ada@example.com' } });
  });

  it('leaves text that is not JSON for validation to report', () => {
    expect(transcoder.decodeArguments(tool, { contact: 'Ada' })).toEqual({ contact: 'Ada' });
  });
});
