// The request shapes of Anthropic's Messages API as its published types (@anthropic-ai/sdk 1.12,
// resources/messages/messages.d.ts) define them: Tool (with defer_loading), MessageParam,
// TextBlockParam, ToolUseBlockParam, ToolResultBlockParam, ToolReferenceBlockParam. The checks
// reject any field those types do not declare and any required field that is missing.
import { checkKeys, checkType, type RecordedRequest } from './fixtures-test-support.js';

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const TOOL_FIELDS = [
  'name',
  'input_schema',
  'allowed_callers',
  'cache_control',
  'defer_loading',
  'description',
  'eager_input_streaming',
  'input_examples',
  'strict',
  'type',
];

/** Checks a `tools` array; returns the deferred tool names and the eager ones. */
export function checkAnthropicTools(tools: unknown): { deferred: Set<string>; eager: Set<string> } {
  checkType(tools, 'body.tools', 'array');
  const deferred = new Set<string>();
  const eager = new Set<string>();
  (tools as unknown[]).forEach((value, index) => {
    const at = `body.tools[${index}]`;
    const tool = checkKeys(value, at, TOOL_FIELDS, ['name', 'input_schema']);
    if (!NAME.test(tool.name as string)) throw new Error(`${at}.name: not ^[a-zA-Z0-9_-]{1,64}$`);
    if ((tool.input_schema as { type?: unknown }).type !== 'object') {
      throw new Error(`${at}.input_schema.type: expected "object"`);
    }
    if (tool.defer_loading !== undefined)
      checkType(tool.defer_loading, `${at}.defer_loading`, 'boolean');
    if (tool.cache_control !== undefined) {
      checkKeys(tool.cache_control, `${at}.cache_control`, ['type', 'ttl'], ['type']);
    }
    const name = tool.name as string;
    if (deferred.has(name) || eager.has(name))
      throw new Error(`${at}.name: "${name}" is listed twice`);
    (tool.defer_loading === true ? deferred : eager).add(name);
  });
  if (deferred.size > 0 && eager.size === 0) {
    throw new Error('body.tools: every tool is deferred; at least one tool must be loaded eagerly');
  }
  return { deferred, eager };
}

function checkBlock(
  value: unknown,
  at: string,
  role: string,
  state: { deferred: Set<string>; loaded: Set<string>; pendingToolUses: Set<string> },
) {
  const type = (value as { type?: unknown }).type;
  if (type === 'text') {
    checkKeys(value, at, ['type', 'text', 'cache_control', 'citations'], ['type', 'text']);
  } else if (type === 'tool_use') {
    if (role !== 'assistant') throw new Error(`${at}: tool_use only in assistant messages`);
    const block = checkKeys(
      value,
      at,
      ['type', 'id', 'name', 'input', 'cache_control', 'caller'],
      ['type', 'id', 'name', 'input'],
    );
    const name = block.name as string;
    if (state.deferred.has(name) && !state.loaded.has(name)) {
      throw new Error(`${at}: "${name}" is deferred and no tool_reference loaded it`);
    }
    state.pendingToolUses.add(block.id as string);
  } else if (type === 'tool_result') {
    if (role !== 'user') throw new Error(`${at}: tool_result only in user messages`);
    const block = checkKeys(
      value,
      at,
      ['type', 'tool_use_id', 'content', 'is_error', 'cache_control'],
      ['type', 'tool_use_id'],
    );
    if (!state.pendingToolUses.delete(block.tool_use_id as string)) {
      throw new Error(
        `${at}.tool_use_id: no tool_use with id ${String(block.tool_use_id)} before it`,
      );
    }
    if (Array.isArray(block.content)) {
      block.content.forEach((inner: unknown, index: number) => {
        const where = `${at}.content[${index}]`;
        const innerType = (inner as { type?: unknown }).type;
        if (innerType === 'text') {
          checkKeys(inner, where, ['type', 'text', 'cache_control', 'citations'], ['type', 'text']);
        } else if (innerType === 'tool_reference') {
          const reference = checkKeys(
            inner,
            where,
            ['type', 'tool_name', 'cache_control'],
            ['type', 'tool_name'],
          );
          const name = reference.tool_name as string;
          if (!state.deferred.has(name)) {
            throw new Error(`${where}.tool_name: "${name}" is not a deferred tool of this request`);
          }
          state.loaded.add(name);
        } else {
          throw new Error(`${where}.type: unexpected ${JSON.stringify(innerType)}`);
        }
      });
    } else if (block.content !== undefined) {
      checkType(block.content, `${at}.content`, 'string');
    }
  } else {
    throw new Error(`${at}.type: unexpected block type ${JSON.stringify(type)}`);
  }
}

/**
 * One `messages.create` body against the published types, plus the rules the API enforces: a
 * `tool_reference` names a deferred tool of the same request, a deferred tool is called only
 * after a reference loaded it, and a `tool_result` answers a `tool_use` of the message before.
 */
export function checkMessagesRequest(request: RecordedRequest): void {
  if (request.path !== '/v1/messages') throw new Error(`unexpected path ${request.path}`);
  const body = checkKeys(
    request.body,
    'body',
    ['model', 'max_tokens', 'messages', 'tools', 'system'],
    ['model', 'max_tokens', 'messages'],
  );
  const { deferred } = checkAnthropicTools(body.tools);
  const state = { deferred, loaded: new Set<string>(), pendingToolUses: new Set<string>() };
  checkType(body.messages, 'body.messages', 'array');
  (body.messages as unknown[]).forEach((value, index) => {
    const at = `body.messages[${index}]`;
    const message = checkKeys(value, at, ['role', 'content'], ['role', 'content']);
    const role = message.role as string;
    if (role !== 'user' && role !== 'assistant') throw new Error(`${at}.role: unexpected ${role}`);
    if (typeof message.content === 'string') return;
    checkType(message.content, `${at}.content`, 'array');
    (message.content as unknown[]).forEach((block, blockIndex) => {
      checkBlock(block, `${at}.content[${blockIndex}]`, role, state);
    });
  });
  if (state.pendingToolUses.size > 0) {
    throw new Error(
      `body.messages: tool_use ids without a tool_result: ${[...state.pendingToolUses].join(', ')}`,
    );
  }
}

/** A `Message` as the API returns it. */
export function messagesReply(
  request: RecordedRequest,
  id: string,
  content: unknown[],
  stopReason: 'tool_use' | 'end_turn',
) {
  return {
    id,
    type: 'message',
    role: 'assistant',
    model: request.body.model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 10 },
  };
}

export const anthropicErrorEnvelope = (message: string) => ({
  type: 'error',
  error: { type: 'invalid_request_error', message },
});
