import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createExampleArsenal, runAgent } from './agent-loop.js';
import { createAnthropicModel, createOpenAIModel, createScriptedModel } from './models.js';

const opened = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

async function arsenalForTest() {
  const arsenal = await createExampleArsenal();
  opened.push(() => arsenal.close());
  return arsenal;
}

/** A local server answering each POST with the next canned reply, recording what it got. */
async function replayServer(replies) {
  const requests = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      requests.push({ url: request.url, headers: request.headers, body: JSON.parse(body) });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(replies[requests.length - 1]));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  opened.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${server.address().port}`, requests };
}

describe('the agent loop with the scripted model', () => {
  it('retrieves, runs a strict-mode call with nulls for optional properties, and answers', async () => {
    const arsenal = await arsenalForTest();
    const { answer, transcript } = await runAgent({
      arsenal,
      model: createScriptedModel(),
      question: 'What is the weather like in Lisbon today?',
    });
    const call = transcript[1].toolCalls[0];
    expect(call).toMatchObject({ name: 'get_weather', arguments: { city: 'Lisbon', units: null } });
    expect(transcript[2]).toMatchObject({ role: 'tool', name: 'get_weather' });
    expect(answer).toContain('"sky":"sunny"');
    // The same call without its dialect is what strict mode used to break on.
    const raw = await arsenal.execute({ tool: call.name, arguments: call.arguments });
    expect(raw.status).toBe('invalid_arguments');
  });

  it('picks another tool for another question', async () => {
    const arsenal = await arsenalForTest();
    const { answer } = await runAgent({
      arsenal,
      model: createScriptedModel(),
      question: 'Convert 100 USD to EUR',
    });
    expect(answer).toContain('"converted":92');
  });
});

describe('the agent loop over the vendors’ wire formats', () => {
  it('speaks OpenAI Chat Completions: tool_calls out, tool messages back', async () => {
    const server = await replayServer([
      {
        choices: [
          {
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: 'call_abc',
                  type: 'function',
                  function: { name: 'get_weather', arguments: '{"city":"Oslo","units":null}' },
                },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ],
      },
      {
        choices: [
          { message: { role: 'assistant', content: 'Sunny, 21 °C.' }, finish_reason: 'stop' },
        ],
      },
    ]);
    const arsenal = await arsenalForTest();
    const model = createOpenAIModel({ apiKey: 'test-key', baseUrl: server.url });
    const { answer } = await runAgent({ arsenal, model, question: 'Weather in Oslo?' });
    expect(answer).toBe('Sunny, 21 °C.');
    const [first, second] = server.requests;
    expect(first.url).toBe('/chat/completions');
    expect(first.headers.authorization).toBe('Bearer test-key');
    expect(first.body.tools[0]).toMatchObject({ type: 'function', function: { strict: true } });
    const toolMessage = second.body.messages.at(-1);
    expect(toolMessage).toMatchObject({ role: 'tool', tool_call_id: 'call_abc' });
    expect(JSON.parse(toolMessage.content)).toMatchObject({ city: 'Oslo', sky: 'sunny' });
  });

  it('speaks Anthropic Messages: tool_use out, tool_result back', async () => {
    const server = await replayServer([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me convert that.' },
          {
            type: 'tool_use',
            id: 'toolu_1',
            name: 'convert_currency',
            input: { amount: 10, from: 'GBP', to: 'EUR' },
          },
        ],
        stop_reason: 'tool_use',
      },
      {
        role: 'assistant',
        content: [{ type: 'text', text: '11.70 EUR.' }],
        stop_reason: 'end_turn',
      },
    ]);
    const arsenal = await arsenalForTest();
    const model = createAnthropicModel({ apiKey: 'test-key', baseUrl: server.url });
    const { answer } = await runAgent({ arsenal, model, question: 'Convert 10 GBP to EUR' });
    expect(answer).toBe('11.70 EUR.');
    const [first, second] = server.requests;
    expect(first.url).toBe('/v1/messages');
    expect(first.headers['x-api-key']).toBe('test-key');
    expect(first.body.tools[0]).toHaveProperty('input_schema');
    const result = second.body.messages.at(-1);
    expect(result.role).toBe('user');
    expect(result.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_1' });
    expect(JSON.parse(result.content[0].content)).toMatchObject({ converted: 11.7 });
  });
});

const live = [
  ['OpenAI', 'OPENAI_API_KEY', () => createOpenAIModel({ apiKey: process.env.OPENAI_API_KEY })],
  [
    'Anthropic',
    'ANTHROPIC_API_KEY',
    () => createAnthropicModel({ apiKey: process.env.ANTHROPIC_API_KEY }),
  ],
];
for (const [vendor, variable, create] of live) {
  const key = process.env[variable];
  if (!key) console.log(`agent-loop: live ${vendor} test skipped: ${variable} is not set`);
  describe.skipIf(!key)(`the agent loop against the live ${vendor} API`, () => {
    it('answers a weather question with the weather tool', async () => {
      const arsenal = await arsenalForTest();
      const { transcript } = await runAgent({
        arsenal,
        model: create(),
        question: 'What is the weather like in Lisbon today? Use the tool.',
      });
      const toolTurn = transcript.find((turn) => turn.role === 'tool');
      expect(toolTurn?.name).toBe('get_weather');
      expect(JSON.parse(toolTurn.content)).toMatchObject({ sky: 'sunny' });
    }, 120_000);
  });
}
