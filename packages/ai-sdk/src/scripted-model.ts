import { InvalidArgumentError } from '@arsenal/core';
import { MockLanguageModelV3 } from 'ai/test';

// Named through the mock's own signatures, so no direct dependency on `@ai-sdk/provider` is needed.
type LanguageModelV3CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];
type StreamResult = Awaited<ReturnType<MockLanguageModelV3['doStream']>>;
type LanguageModelV3StreamPart =
  StreamResult['stream'] extends ReadableStream<infer Part> ? Part : never;

/** One tool call the scripted model makes; `id` defaults to `call_<turn>_<index>`. */
export interface ScriptedToolCall {
  name: string;
  args: Record<string, unknown>;
  id?: string;
}

/** One model answer: a final text, or tool calls for the SDK to run. */
export type ScriptedTurn = { text: string } | { toolCalls: ScriptedToolCall[] };

/** What the model received at one call: the prompt in the SDK's language model format. */
export type ScriptedPrompt = LanguageModelV3CallOptions['prompt'];

/** A scripted model and what it recorded, one entry per model call. */
export interface ScriptedModel {
  /** The model to pass as `model` to `generateText`, `streamText` or `ToolLoopAgent`. */
  model: MockLanguageModelV3;
  /** The names of the tools offered at each call (after `activeTools`), in order. */
  offered: string[][];
  /** The prompt sent at each call (system, user, assistant and tool messages). */
  prompts: ScriptedPrompt[];
}

// The counts are placeholders: a script has no tokens, but the SDK's usage fields must be filled.
const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function toolCallId(call: ScriptedToolCall, turn: number, index: number): string {
  return call.id ?? `call_${turn}_${index}`;
}

function streamParts(step: ScriptedTurn, turn: number): LanguageModelV3StreamPart[] {
  const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if ('text' in step) {
    const id = `text_${turn}`;
    parts.push(
      { type: 'text-start', id },
      { type: 'text-delta', id, delta: step.text },
      { type: 'text-end', id },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
    );
    return parts;
  }
  step.toolCalls.forEach((call, index) => {
    parts.push({
      type: 'tool-call',
      toolCallId: toolCallId(call, turn, index),
      toolName: call.name,
      input: JSON.stringify(call.args),
    });
  });
  parts.push({ type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage });
  return parts;
}

/**
 * An AI SDK language model that answers from a script instead of a provider, so an agent can be
 * tested without an API key. Each call (`generateText` step, `streamText` step) takes the next
 * turn; the model records the tools it was offered and the prompt it received. A call after the
 * last turn throws an `InvalidArgumentError` naming the turn the script lacks.
 *
 * @example
 * ```ts
 * import { scriptedModel } from '@arsenal/ai-sdk/testing';
 * import { generateText, stepCountIs } from 'ai';
 *
 * const { model, offered } = scriptedModel([
 *   { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
 *   { text: 'Sunny in Paris.' },
 * ]);
 * const result = await generateText({ model, tools, stopWhen: stepCountIs(5), prompt: 'Weather?' });
 * // result.text === 'Sunny in Paris.'; offered[0] lists the tools of the first step
 * ```
 */
export function scriptedModel(script: readonly ScriptedTurn[]): ScriptedModel {
  const offered: string[][] = [];
  const prompts: ScriptedPrompt[] = [];
  let calls = 0;
  const next = (options: LanguageModelV3CallOptions): { step: ScriptedTurn; turn: number } => {
    offered.push((options.tools ?? []).map((tool) => tool.name));
    prompts.push(options.prompt);
    calls += 1;
    const step = script[calls - 1];
    if (!step) {
      throw new InvalidArgumentError(
        `The scripted model was called a ${ordinal(calls)} time, but its script has ${script.length} turn${script.length === 1 ? '' : 's'}: add turn ${calls} ({ text } or { toolCalls }) to the script, or stop the agent earlier.`,
      );
    }
    return { step, turn: calls };
  };
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      const { step, turn } = next(options);
      if ('text' in step) {
        return {
          content: [{ type: 'text', text: step.text }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        };
      }
      return {
        content: step.toolCalls.map((call, index) => ({
          type: 'tool-call' as const,
          toolCallId: toolCallId(call, turn, index),
          toolName: call.name,
          input: JSON.stringify(call.args),
        })),
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      };
    },
    doStream: async (options) => {
      const { step, turn } = next(options);
      const parts = streamParts(step, turn);
      return {
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  });
  return { model, offered, prompts };
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}
