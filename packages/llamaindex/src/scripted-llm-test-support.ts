import type { ChatMessage, ToolCallLLM } from '@llamaindex/core/llms';

type Turn = { text: string } | { toolCalls: { name: string; args: Record<string, unknown> }[] };

/** An LLM with tool calling that answers from a script and records the tools it was given. */
export function scriptedLlm(script: Turn[]) {
  const offered: string[][] = [];
  const seen: ChatMessage[][] = [];
  let turn = 0;
  const llm = {
    supportToolCall: true,
    metadata: {
      model: 'scripted',
      temperature: 0,
      topP: 1,
      contextWindow: 8192,
      tokenizer: undefined,
      structuredOutput: false,
    },
    async chat(params: {
      messages: ChatMessage[];
      tools?: { metadata: { name: string } }[];
      stream?: boolean;
    }) {
      offered.push((params.tools ?? []).map((tool) => tool.metadata.name));
      seen.push(params.messages);
      const step = script[turn];
      turn += 1;
      if (!step) throw new Error(`the script has no turn ${turn}`);
      const chunk =
        'text' in step
          ? { delta: step.text, raw: null }
          : {
              delta: '',
              raw: null,
              options: {
                toolCall: step.toolCalls.map((call, index) => ({
                  id: `call_${turn}_${index}`,
                  name: call.name,
                  input: JSON.stringify(call.args),
                })),
              },
            };
      if (params.stream) {
        return (async function* () {
          yield chunk;
        })();
      }
      return {
        message: { role: 'assistant', content: chunk.delta, options: chunk.options ?? {} },
        raw: null,
      };
    },
    async complete() {
      throw new Error('not scripted');
    },
  };
  return { llm: llm as unknown as ToolCallLLM, offered, seen };
}
