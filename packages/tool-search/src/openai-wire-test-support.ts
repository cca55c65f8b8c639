// The request shapes of OpenAI's Responses API as its published types (openai 6.49,
// resources/responses/responses.d.ts) define them: FunctionTool, NamespaceTool, ToolSearchTool,
// ResponseInputItem.ToolSearchCall, ResponseToolSearchOutputItemParam, ResponseFunctionToolCall,
// ResponseInputItem.FunctionCallOutput, EasyInputMessage, ResponseOutputMessage. The checks reject
// any field those types do not declare and any required field that is missing.
import { checkKeys, checkType, type RecordedRequest } from './fixtures-test-support.js';

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const REQUEST_FIELDS = ['model', 'input', 'tools', 'tool_choice', 'parallel_tool_calls', 'store'];

function checkFunction(value: unknown, where: string, inNamespace: boolean) {
  const tool = checkKeys(
    value,
    where,
    [
      'type',
      'name',
      'description',
      'parameters',
      'strict',
      'defer_loading',
      'allowed_callers',
      'output_schema',
    ],
    inNamespace ? ['type', 'name'] : ['type', 'name', 'parameters'],
  );
  if (tool.type !== 'function') throw new Error(`${where}.type: expected "function"`);
  if (!NAME.test(tool.name as string)) throw new Error(`${where}.name: not ^[a-zA-Z0-9_-]{1,64}$`);
  if (!inNamespace && !('strict' in tool)) throw new Error(`${where}.strict: required`);
  if (tool.defer_loading !== undefined)
    checkType(tool.defer_loading, `${where}.defer_loading`, 'boolean');
  if (tool.description !== undefined) checkType(tool.description, `${where}.description`, 'string');
  const parameters = tool.parameters as Record<string, unknown> | undefined;
  if (parameters !== undefined && parameters?.type !== 'object') {
    throw new Error(`${where}.parameters.type: expected "object"`);
  }
  return tool;
}

/** Checks a `tools` array; returns the deferred function names (`namespace.name` or `name`). */
export function checkResponsesTools(tools: unknown, where: string): Set<string> {
  checkType(tools, where, 'array');
  const deferred = new Set<string>();
  let hasToolSearch = false;
  (tools as unknown[]).forEach((value, index) => {
    const at = `${where}[${index}]`;
    const type = (value as { type?: unknown }).type;
    if (type === 'function') {
      const tool = checkFunction(value, at, false);
      if (tool.defer_loading === true) deferred.add(tool.name as string);
    } else if (type === 'namespace') {
      const namespace = checkKeys(
        value,
        at,
        ['type', 'name', 'description', 'tools'],
        ['type', 'name', 'description', 'tools'],
      );
      checkType(namespace.description, `${at}.description`, 'string');
      checkType(namespace.tools, `${at}.tools`, 'array');
      (namespace.tools as unknown[]).forEach((inner, innerIndex) => {
        const tool = checkFunction(inner, `${at}.tools[${innerIndex}]`, true);
        if (tool.defer_loading === true) deferred.add(`${namespace.name}.${tool.name}`);
      });
    } else if (type === 'tool_search') {
      const search = checkKeys(
        value,
        at,
        ['type', 'description', 'execution', 'parameters'],
        ['type'],
      );
      if (
        search.execution !== undefined &&
        !['server', 'client'].includes(search.execution as string)
      ) {
        throw new Error(`${at}.execution: expected "server" or "client"`);
      }
      hasToolSearch = true;
    } else {
      throw new Error(`${at}.type: unexpected tool type ${JSON.stringify(type)}`);
    }
  });
  if (deferred.size > 0 && !hasToolSearch) {
    throw new Error(`${where}: deferred functions need a tool_search tool in the same array`);
  }
  return deferred;
}

/**
 * One `responses.create` body: every tool and input item against the published types, plus the
 * conversation rules the API enforces — an output answers a call made earlier (same `call_id`),
 * and a deferred function is called only after a `tool_search_output` loaded it.
 */
export function checkResponsesRequest(request: RecordedRequest): void {
  if (request.path !== '/v1/responses') throw new Error(`unexpected path ${request.path}`);
  const body = checkKeys(request.body, 'body', REQUEST_FIELDS, ['model', 'input', 'tools']);
  const deferred = checkResponsesTools(body.tools, 'body.tools');
  checkType(body.input, 'body.input', 'array');
  const searchCalls = new Set<string>();
  const functionCalls = new Set<string>();
  const loaded = new Set<string>();
  (body.input as unknown[]).forEach((value, index) => {
    const at = `body.input[${index}]`;
    const type = (value as { type?: unknown }).type;
    if (type === undefined || type === 'message') {
      const message = checkKeys(
        value,
        at,
        ['type', 'role', 'content', 'id', 'status', 'phase'],
        ['role', 'content'],
      );
      if (!['user', 'assistant', 'system', 'developer'].includes(message.role as string)) {
        throw new Error(`${at}.role: unexpected ${JSON.stringify(message.role)}`);
      }
    } else if (type === 'tool_search_call') {
      const call = checkKeys(
        value,
        at,
        ['type', 'arguments', 'id', 'call_id', 'execution', 'status'],
        ['type', 'arguments'],
      );
      if (call.execution === 'client') searchCalls.add(call.call_id as string);
    } else if (type === 'tool_search_output') {
      const output = checkKeys(
        value,
        at,
        ['type', 'tools', 'id', 'call_id', 'execution', 'status'],
        ['type', 'tools'],
      );
      if (output.execution === 'client' && !searchCalls.has(output.call_id as string)) {
        throw new Error(
          `${at}.call_id: no client tool_search_call with call_id ${String(output.call_id)}`,
        );
      }
      const tools = output.tools as { type: string; name: string; tools?: { name: string }[] }[];
      checkResponsesTools([...tools, { type: 'tool_search' }], `${at}.tools`);
      for (const tool of tools) {
        if (tool.type === 'namespace')
          for (const inner of tool.tools ?? []) loaded.add(`${tool.name}.${inner.name}`);
        else loaded.add(tool.name);
      }
    } else if (type === 'function_call') {
      const call = checkKeys(
        value,
        at,
        ['type', 'arguments', 'call_id', 'name', 'id', 'caller', 'namespace', 'status'],
        ['type', 'arguments', 'call_id', 'name'],
      );
      checkType(call.arguments, `${at}.arguments`, 'string');
      const key = call.namespace ? `${call.namespace}.${call.name}` : (call.name as string);
      if (deferred.has(key) && !loaded.has(key)) {
        throw new Error(`${at}: "${key}" is deferred and no tool_search_output loaded it`);
      }
      functionCalls.add(call.call_id as string);
    } else if (type === 'function_call_output') {
      const output = checkKeys(
        value,
        at,
        ['type', 'call_id', 'output', 'id', 'status'],
        ['type', 'call_id', 'output'],
      );
      checkType(output.output, `${at}.output`, 'string');
      if (!functionCalls.has(output.call_id as string)) {
        throw new Error(`${at}.call_id: no function_call with call_id ${String(output.call_id)}`);
      }
    } else {
      throw new Error(`${at}.type: unexpected item type ${JSON.stringify(type)}`);
    }
  });
}

/** A `Response` object as the API returns it, with these output items. */
export function responsesReply(request: RecordedRequest, id: string, output: unknown[]) {
  return {
    id,
    object: 'response',
    created_at: 1_764_000_000,
    status: 'completed',
    model: request.body.model,
    output,
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: {},
    parallel_tool_calls: true,
    temperature: 1,
    tool_choice: 'auto',
    tools: request.body.tools,
    top_p: 1,
    usage: {
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 10,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 110,
    },
  };
}

export const openAIErrorEnvelope = (message: string) => ({
  error: { message, type: 'invalid_request_error', param: null, code: null },
});
