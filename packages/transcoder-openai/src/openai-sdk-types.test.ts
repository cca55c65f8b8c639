import { nastyTool } from '@arsenal/testkit';
import type {
  ChatCompletionFunctionTool,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { FunctionTool, Tool as ResponsesTool } from 'openai/resources/responses/responses';
import type { FunctionDefinition } from 'openai/resources/shared';
import { describe, expect, it } from 'vitest';
import {
  createOpenAITranscoder,
  fromOpenAITool,
  type OpenAIChatTool,
  type OpenAIResponsesTool,
  toOpenAIResponsesTool,
  toOpenAITool,
} from './index.js';

// These assignments are checked by `tsc --noEmit` (the typecheck script): if this package's
// output drifts from the OpenAI SDK's own types, typecheck fails before any request is sent.
type Assignable<From, To> = From extends To ? true : false;
const chatToolMatches: Assignable<OpenAIChatTool, ChatCompletionFunctionTool> = true;
const responsesToolMatches: Assignable<OpenAIResponsesTool, FunctionTool> = true;
const sdkChatToolDecodes: Assignable<
  ChatCompletionFunctionTool,
  Parameters<typeof fromOpenAITool>[0]
> = true;
const sdkResponsesToolDecodes: Assignable<FunctionTool, Parameters<typeof fromOpenAITool>[0]> =
  true;

describe('OpenAI SDK types', () => {
  it('accepts encoded tools where the SDK expects its own types', () => {
    const tool = nastyTool('tree');
    const chat: ChatCompletionTool = toOpenAITool(tool, { strict: true });
    const definition: FunctionDefinition = toOpenAITool(tool).function;
    const responses: ResponsesTool = toOpenAIResponsesTool(tool);
    const fromFactory: ChatCompletionTool[] = [createOpenAITranscoder().encode(tool)];
    const fromResponsesFactory: FunctionTool = createOpenAITranscoder({ api: 'responses' }).encode(
      tool,
    );
    expect([
      chatToolMatches,
      responsesToolMatches,
      sdkChatToolDecodes,
      sdkResponsesToolDecodes,
    ]).toEqual([true, true, true, true]);
    expect(chat.type).toBe('function');
    expect(definition.name).toBe('tool_tree');
    expect(responses.type).toBe('function');
    expect(fromFactory).toHaveLength(1);
    expect(fromResponsesFactory.strict).toBe(false);
  });

  it('decodes tools typed with the SDK', () => {
    const sdkTool: ChatCompletionFunctionTool = {
      type: 'function',
      function: {
        name: 'lookupOrder',
        description: 'Looks up an order by its id.',
        parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        strict: false,
      },
    };
    expect(fromOpenAITool(sdkTool).name).toBe('lookup_order');
  });
});
