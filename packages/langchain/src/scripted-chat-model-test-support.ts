import type { BaseChatModelCallOptions } from '@langchain/core/language_models/chat_models';
import { BaseChatModel, type BindToolsInput } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { StructuredToolInterface } from '@langchain/core/tools';

/** One scripted model turn: text, tool calls, or a function of what the model was offered. */
export type ScriptedTurn =
  | { text: string }
  | { toolCalls: { name: string; args: Record<string, unknown>; id?: string }[] }
  | ((offered: string[], messages: BaseMessage[]) => AIMessage);

interface ScriptedCallOptions extends BaseChatModelCallOptions {
  tools?: BindToolsInput[];
}

/** A chat model that answers from a script and records the tools bound at every call. */
export class ScriptedChatModel extends BaseChatModel<ScriptedCallOptions> {
  readonly offered: string[][] = [];
  readonly seen: BaseMessage[][] = [];
  private readonly script: ScriptedTurn[];
  private turn = 0;

  constructor(script: ScriptedTurn[]) {
    super({});
    this.script = script;
  }

  _llmType(): string {
    return 'scripted';
  }

  override bindTools(tools: BindToolsInput[]) {
    return this.withConfig({ tools } as Partial<ScriptedCallOptions>);
  }

  async _generate(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
  ): Promise<ChatResult> {
    const names = (options.tools ?? []).map((tool) => (tool as StructuredToolInterface).name);
    this.offered.push(names);
    this.seen.push(messages);
    const step = this.script[this.turn];
    this.turn += 1;
    if (!step) throw new Error(`the script has no turn ${this.turn}`);
    let message: AIMessage;
    if (typeof step === 'function') message = step(names, messages);
    else if ('text' in step) message = new AIMessage(step.text);
    else {
      message = new AIMessage({
        content: '',
        tool_calls: step.toolCalls.map((call, index) => ({
          id: call.id ?? `call_${this.turn}_${index}`,
          name: call.name,
          args: call.args,
          type: 'tool_call' as const,
        })),
      });
    }
    return {
      generations: [{ message, text: typeof message.content === 'string' ? message.content : '' }],
    };
  }
}
