import { InvalidArgumentError } from '@arsenal/core';
import {
  BaseChatModel,
  type BaseChatModelCallOptions,
  type BindToolsInput,
} from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';

/** One tool call the scripted model makes; `id` defaults to `call_<turn>_<index>`. */
export interface ScriptedToolCall {
  name: string;
  args: Record<string, unknown>;
  id?: string;
}

/** One model answer: a final text, or tool calls for the agent to run. */
export type ScriptedTurn = { text: string } | { toolCalls: ScriptedToolCall[] };

/** The call options the scripted model reads: the tools bound with `bindTools`. */
export interface ScriptedChatModelCallOptions extends BaseChatModelCallOptions {
  tools?: BindToolsInput[];
}

function toolName(tool: BindToolsInput): string {
  if (typeof tool === 'object' && tool !== null) {
    const named = tool as { name?: unknown; function?: { name?: unknown } };
    if (typeof named.name === 'string') return named.name;
    if (typeof named.function?.name === 'string') return named.function.name;
  }
  return String(tool);
}

/**
 * A LangChain chat model that answers from a script instead of a provider, so an agent (a
 * LangGraph graph, `createArsenalAgent`, any loop using `bindTools`) can be tested without an API
 * key. Each model call takes the next turn; the model records the names of the tools bound at
 * every call (`offered`) and the messages it received (`prompts`). A call after the last turn
 * throws an `InvalidArgumentError` naming the turn the script lacks.
 *
 * @example
 * ```ts
 * import { ScriptedChatModel } from '@arsenal/langchain/testing';
 * import { createArsenalAgent } from '@arsenal/langchain/langgraph';
 *
 * const model = new ScriptedChatModel([
 *   { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
 *   { text: 'Sunny in Paris.' },
 * ]);
 * const agent = createArsenalAgent({ arsenal, model });
 * // after agent.invoke(...): model.offered[0] lists the tools bound at the first call
 * ```
 */
export class ScriptedChatModel extends BaseChatModel<ScriptedChatModelCallOptions> {
  /** The names of the tools bound at each call, in order. */
  readonly offered: string[][] = [];
  /** The messages received at each call, in order. */
  readonly prompts: BaseMessage[][] = [];
  private readonly script: readonly ScriptedTurn[];
  private calls = 0;

  constructor(script: readonly ScriptedTurn[]) {
    super({});
    this.script = script;
  }

  _llmType(): string {
    return 'scripted';
  }

  override bindTools(tools: BindToolsInput[]) {
    return this.withConfig({ tools } as Partial<ScriptedChatModelCallOptions>);
  }

  async _generate(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
  ): Promise<ChatResult> {
    this.offered.push((options.tools ?? []).map(toolName));
    this.prompts.push(messages);
    this.calls += 1;
    const turn = this.calls;
    const step = this.script[turn - 1];
    if (!step) {
      throw new InvalidArgumentError(
        `The scripted chat model was called a ${ordinal(turn)} time, but its script has ${this.script.length} turn${this.script.length === 1 ? '' : 's'}: add turn ${turn} ({ text } or { toolCalls }) to the script, or stop the agent earlier.`,
      );
    }
    const message =
      'text' in step
        ? new AIMessage(step.text)
        : new AIMessage({
            content: '',
            tool_calls: step.toolCalls.map((call, index) => ({
              id: call.id ?? `call_${turn}_${index}`,
              name: call.name,
              args: call.args,
              type: 'tool_call' as const,
            })),
          });
    return { generations: [{ message, text: 'text' in step ? step.text : '' }] };
  }
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}
