import type { ChatMessage, ToolCall } from '@llamaindex/core/llms';

export function textOf(message: ChatMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((part) => ('text' in part ? part.text : ''))
    .join(' ')
    .trim();
}

export function hasToolResult(message: ChatMessage): boolean {
  return (
    typeof message.options === 'object' &&
    message.options !== null &&
    'toolResult' in message.options
  );
}

export function toolCallsOf(message: ChatMessage): ToolCall[] {
  const options = message.options as { toolCall?: (ToolCall | { input: string })[] } | undefined;
  return (options?.toolCall ?? []).map((call) => {
    const input = typeof call.input === 'string' ? parseInput(call.input) : call.input;
    return { ...(call as ToolCall), input } as ToolCall;
  });
}

function parseInput(text: string): ToolCall['input'] {
  try {
    const parsed = JSON.parse(text || '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as ToolCall['input'])
      : {};
  } catch {
    return {};
  }
}
