import type { Tool, ToolUnion } from '@anthropic-ai/sdk/resources/messages';
import { nastyTool } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import {
  type AnthropicTool,
  createAnthropicTranscoder,
  fromAnthropicTool,
  toAnthropicTool,
} from './index.js';

// Checked by `tsc --noEmit` (the typecheck script): drift from the SDK's types fails typecheck.
type Assignable<From, To> = From extends To ? true : false;
const encodedMatchesSdk: Assignable<AnthropicTool, Tool> = true;
const sdkToolDecodes: Assignable<Tool, Parameters<typeof fromAnthropicTool>[0]> = true;

describe('Anthropic SDK types', () => {
  it('accepts encoded tools where the SDK expects its own types', () => {
    const tool = nastyTool('unions');
    const sdkTool: Tool = toAnthropicTool(tool, { cacheControl: { type: 'ephemeral' } });
    const tools: ToolUnion[] = [createAnthropicTranscoder().encode(tool)];
    expect(encodedMatchesSdk && sdkToolDecodes).toBe(true);
    expect(sdkTool.input_schema.type).toBe('object');
    expect(tools).toHaveLength(1);
  });

  it('decodes tools typed with the SDK', () => {
    const sdkTool: Tool = {
      name: 'get_stock_price',
      description: 'Gets the current stock price for a ticker symbol.',
      input_schema: {
        type: 'object',
        properties: { ticker: { type: 'string' } },
        required: ['ticker'],
      },
    };
    expect(fromAnthropicTool(sdkTool).parametersSchema).toEqual(sdkTool.input_schema);
  });
});
