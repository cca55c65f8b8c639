/**
 * Three models behind one shape, `next(transcript, tools)` → `{ text }` or `{ toolCalls }`:
 * a scripted one (no key, no network), OpenAI Chat Completions and Anthropic Messages, both over
 * plain fetch. A transcript is a list of `{ role: 'user', text }`,
 * `{ role: 'assistant', text?, toolCalls? }` and `{ role: 'tool', id, name, content }`.
 */

/**
 * Behaves like a model in OpenAI strict mode: it calls the best offered tool, fills what the
 * question says, and sends `null` for every optional property (strict mode makes them required
 * and nullable). Given the tool's result, it answers with it.
 */
export function createScriptedModel() {
  return {
    name: 'scripted',
    dialect: 'openai',
    encode: { strict: true },
    async next(transcript, tools) {
      const last = transcript.at(-1);
      if (last?.role === 'tool') {
        return { text: `Here is what ${last.name} found: ${last.content}` };
      }
      const question = transcript.find((turn) => turn.role === 'user')?.text ?? '';
      const tool = tools[0];
      if (!tool) return { text: 'I have no tool for that.' };
      const { name, parameters } = tool.function;
      return {
        toolCalls: [{ id: 'call_1', name, arguments: fillArguments(parameters, question) }],
      };
    },
  };
}

/** Arguments for a strict schema, read from the question; optional (nullable) ones are null. */
function fillArguments(parameters, question) {
  const args = {};
  const amount = /(\d+(?:\.\d+)?)/.exec(question)?.[1];
  const currencies = question.toUpperCase().match(/\b(EUR|USD|GBP|JPY)\b/g) ?? [];
  const guesses = {
    city: /\bin ([A-Z][\p{L}-]+)/u.exec(question)?.[1] ?? 'Paris',
    amount: amount === undefined ? 1 : Number(amount),
    from: currencies[0] ?? 'USD',
    to: currencies[1] ?? 'EUR',
  };
  for (const [key, schema] of Object.entries(parameters.properties ?? {})) {
    const nullable = Array.isArray(schema.type) ? schema.type.includes('null') : false;
    args[key] = nullable || !(key in guesses) ? null : guesses[key];
  }
  return args;
}

/** OpenAI Chat Completions with function tools (`OPENAI_API_KEY`; `OPENAI_MODEL` to choose). */
export function createOpenAIModel({
  apiKey,
  model = 'gpt-4.1-mini',
  baseUrl = 'https://api.openai.com/v1',
}) {
  return {
    name: `openai (${model})`,
    dialect: 'openai',
    encode: { strict: true },
    async next(transcript, tools) {
      const body = { model, messages: transcript.map(toOpenAIMessage), tools };
      const reply = await postJson(`${baseUrl}/chat/completions`, body, {
        authorization: `Bearer ${apiKey}`,
      });
      const message = reply.choices?.[0]?.message ?? {};
      if (Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
        return {
          text: message.content ?? undefined,
          toolCalls: message.tool_calls.map((call) => ({
            id: call.id,
            name: call.function.name,
            arguments: JSON.parse(call.function.arguments || '{}'),
          })),
        };
      }
      return { text: message.content ?? '' };
    },
  };
}

function toOpenAIMessage(turn) {
  if (turn.role === 'user') return { role: 'user', content: turn.text };
  if (turn.role === 'tool') return { role: 'tool', tool_call_id: turn.id, content: turn.content };
  return {
    role: 'assistant',
    content: turn.text ?? null,
    ...(turn.toolCalls
      ? {
          tool_calls: turn.toolCalls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          })),
        }
      : {}),
  };
}

/** Anthropic Messages with client tools (`ANTHROPIC_API_KEY`; `ANTHROPIC_MODEL` to choose). */
export function createAnthropicModel({
  apiKey,
  model = 'claude-sonnet-4-5',
  baseUrl = 'https://api.anthropic.com',
}) {
  return {
    name: `anthropic (${model})`,
    dialect: 'anthropic',
    encode: {},
    async next(transcript, tools) {
      const body = { model, max_tokens: 1024, messages: toAnthropicMessages(transcript), tools };
      const reply = await postJson(`${baseUrl}/v1/messages`, body, {
        'x-api-key': apiKey,
        'anthropic-version': '2023-06-01',
      });
      const blocks = Array.isArray(reply.content) ? reply.content : [];
      const text = blocks
        .filter((block) => block.type === 'text')
        .map((block) => block.text)
        .join('\n');
      const toolCalls = blocks
        .filter((block) => block.type === 'tool_use')
        .map((block) => ({ id: block.id, name: block.name, arguments: block.input }));
      return toolCalls.length > 0 ? { text: text || undefined, toolCalls } : { text };
    },
  };
}

/** Tool results go back as `tool_result` blocks of one user message, as the API requires. */
function toAnthropicMessages(transcript) {
  const messages = [];
  for (const turn of transcript) {
    if (turn.role === 'user') messages.push({ role: 'user', content: turn.text });
    else if (turn.role === 'assistant') {
      const content = [];
      if (turn.text) content.push({ type: 'text', text: turn.text });
      for (const call of turn.toolCalls ?? []) {
        content.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments });
      }
      messages.push({ role: 'assistant', content });
    } else {
      const block = { type: 'tool_result', tool_use_id: turn.id, content: turn.content };
      const previous = messages.at(-1);
      if (previous?.role === 'user' && Array.isArray(previous.content))
        previous.content.push(block);
      else messages.push({ role: 'user', content: [block] });
    }
  }
  return messages;
}

async function postJson(url, body, headers) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${url} answered ${response.status}: ${text.slice(0, 500)}`);
  }
  return JSON.parse(text);
}
