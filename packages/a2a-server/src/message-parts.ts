import type { Message, Part } from '@a2a-js/sdk';

export const textPart = (value: string): Part => ({
  content: { $case: 'text', value },
  metadata: undefined,
  filename: '',
  mediaType: 'text/plain',
});

export const dataPart = (value: unknown): Part => ({
  content: { $case: 'data', value },
  metadata: undefined,
  filename: '',
  mediaType: 'application/json',
});

export function agentMessage(taskId: string, contextId: string, parts: Part[]): Message {
  return {
    messageId: crypto.randomUUID(),
    contextId,
    taskId,
    role: 2,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/** What a caller's message asks for. */
export type Request =
  | { kind: 'discover'; query: string; limit?: number }
  | { kind: 'execute'; tool: string; arguments: Record<string, unknown> }
  | { kind: 'answer'; approve: boolean }
  | { kind: 'invalid'; reason: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const APPROVE = /^\s*(y|yes|ok|okay|approve|approved|confirm|confirmed|go|proceed)\b/i;
const DENY = /^\s*(n|no|deny|denied|reject|rejected|cancel|stop|abort)\b/i;

/**
 * Read a message: a data part `{ tool, arguments }` runs a tool; a data part `{ query, limit }`
 * or text finds tools; while a confirmation is pending, `yes`/`no` (or `{ confirm: boolean }`)
 * answers it.
 */
export function readRequest(message: Message, awaitingConfirmation: boolean): Request {
  const texts = message.parts.flatMap((part) =>
    part.content?.$case === 'text' ? [part.content.value] : [],
  );
  const datas = message.parts.flatMap((part) =>
    part.content?.$case === 'data' && isObject(part.content.value) ? [part.content.value] : [],
  );
  const text = texts.join('\n').trim();
  if (awaitingConfirmation) {
    const answer = datas.find((data) => typeof data.confirm === 'boolean');
    if (answer) return { kind: 'answer', approve: answer.confirm === true };
    if (APPROVE.test(text)) return { kind: 'answer', approve: true };
    if (DENY.test(text)) return { kind: 'answer', approve: false };
    return {
      kind: 'invalid',
      reason:
        'This task waits for a confirmation: reply "yes" or "no", or send a data part { "confirm": true }.',
    };
  }
  const call = datas.find((data) => 'tool' in data);
  if (call) {
    if (typeof call.tool !== 'string' || call.tool.trim() === '')
      return { kind: 'invalid', reason: 'The data part\'s "tool" must be a tool name (a string).' };
    if (call.arguments !== undefined && !isObject(call.arguments))
      return {
        kind: 'invalid',
        reason: `"arguments" for tool "${call.tool}" must be a JSON object.`,
      };
    return {
      kind: 'execute',
      tool: call.tool,
      arguments: (call.arguments ?? {}) as Record<string, unknown>,
    };
  }
  const search = datas.find((data) => typeof data.query === 'string');
  if (search) {
    const limit = typeof search.limit === 'number' ? search.limit : undefined;
    return { kind: 'discover', query: String(search.query), ...(limit ? { limit } : {}) };
  }
  if (text) return { kind: 'discover', query: text };
  return {
    kind: 'invalid',
    reason:
      'Send a text part describing a task to find tools, or a data part { "tool": name, "arguments": {...} } to run one.',
  };
}
