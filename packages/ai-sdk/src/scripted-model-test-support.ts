import { MockLanguageModelV3 } from 'ai/test';

type Turn =
  | { text: string }
  | { toolCalls: { name: string; args: Record<string, unknown>; id?: string }[] };

type GenerateOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

export interface ScriptedModel {
  model: MockLanguageModelV3;
  offered: string[][];
  prompts: GenerateOptions['prompt'][];
}

/** The AI SDK's mock model answering from a script, recording the tools offered at every call. */
export function scriptedModel(script: Turn[]): ScriptedModel {
  const offered: string[][] = [];
  const prompts: GenerateOptions['prompt'][] = [];
  let turn = 0;
  const model = new MockLanguageModelV3({
    doGenerate: async (options: GenerateOptions) => {
      offered.push((options.tools ?? []).map((t) => t.name));
      prompts.push(options.prompt);
      const step = script[turn];
      turn += 1;
      if (!step) throw new Error(`the script has no turn ${turn}`);
      if ('text' in step) {
        return {
          content: [{ type: 'text' as const, text: step.text }],
          finishReason: { unified: 'stop' as const, raw: 'stop' },
          usage,
          warnings: [],
        };
      }
      return {
        content: step.toolCalls.map((call, index) => ({
          type: 'tool-call' as const,
          toolCallId: call.id ?? `call_${turn}_${index}`,
          toolName: call.name,
          input: JSON.stringify(call.args),
        })),
        finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
        usage,
        warnings: [],
      };
    },
  });
  return { model, offered, prompts };
}
