import { InvalidArgumentError } from '@arsenal/core';
import type { ChatMessage, ToolCallLLM } from '@llamaindex/core/llms';

/** One tool call the scripted LLM makes; `id` defaults to `call_<turn>_<index>`. */
export interface ScriptedToolCall {
  name: string;
  args: Record<string, unknown>;
  id?: string;
}

/**
 * One model answer: a final text, tool calls for the agent to run, or an error the call throws
 * (a provider outage, a refused key).
 */
export type ScriptedTurn =
  | { text: string }
  | { toolCalls: ScriptedToolCall[] }
  | { error: unknown };

/** A scripted LLM and what it recorded, one entry per `chat` call. */
export interface ScriptedLlm {
  /** The LLM to pass as `llm` to `createArsenalAgent`, `createArsenalWorkflow` or `agent()`. */
  llm: ToolCallLLM;
  /** The names of the tools offered at each call, in order. */
  offered: string[][];
  /** The messages received at each call, in order. */
  prompts: ChatMessage[][];
}

interface ChatParams {
  messages: ChatMessage[];
  tools?: { metadata: { name: string } }[];
  stream?: boolean;
}

/**
 * A LlamaIndex LLM with tool calling that answers from a script instead of a provider, so an agent
 * or workflow can be tested without an API key. Each `chat` call (streaming or not) takes the next
 * turn (an `{ error }` turn throws its error); the LLM records the tools it was offered and the
 * messages it received. A call after the
 * last turn throws an `InvalidArgumentError` naming the turn the script lacks; `complete` is not
 * scripted and throws one too.
 *
 * @example
 * ```ts
 * import { createArsenalAgent } from '@arsenal/llamaindex';
 * import { scriptedLlm } from '@arsenal/llamaindex/testing';
 *
 * const { llm, offered } = scriptedLlm([
 *   { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
 *   { text: 'Sunny in Paris.' },
 * ]);
 * const { result } = await createArsenalAgent({ arsenal, llm }).run('Weather in Paris?');
 * // result === 'Sunny in Paris.'; offered[0] lists the tools of the first call
 * ```
 */
export function scriptedLlm(script: readonly ScriptedTurn[]): ScriptedLlm {
  const offered: string[][] = [];
  const prompts: ChatMessage[][] = [];
  let calls = 0;
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
    async chat(params: ChatParams) {
      offered.push((params.tools ?? []).map((tool) => tool.metadata.name));
      prompts.push(params.messages);
      calls += 1;
      const turn = calls;
      const step = script[turn - 1];
      if (!step) {
        throw new InvalidArgumentError(
          `The scripted LLM was called a ${ordinal(turn)} time, but its script has ${script.length} turn${script.length === 1 ? '' : 's'}: add turn ${turn} ({ text } or { toolCalls }) to the script, or stop the agent earlier.`,
        );
      }
      if ('error' in step) throw step.error;
      const chunk =
        'text' in step
          ? { delta: step.text, raw: null }
          : {
              delta: '',
              raw: null,
              options: {
                toolCall: step.toolCalls.map((call, index) => ({
                  id: call.id ?? `call_${turn}_${index}`,
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
    async complete(): Promise<never> {
      throw new InvalidArgumentError(
        'The scripted LLM answers chat calls only: complete() is not scripted. Use chat(), or an agent that calls it.',
      );
    },
  };
  // The object implements the part of ToolCallLLM that agents and workflows call (chat, metadata,
  // supportToolCall); extending the abstract class would tie it to its internals.
  return { llm: llm as unknown as ToolCallLLM, offered, prompts };
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}
