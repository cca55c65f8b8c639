import Anthropic from '@anthropic-ai/sdk';
import { createOpenAITranscoder } from '@arsenal/transcoder-openai';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicToolSearch } from './anthropic-tool-search.js';
import {
  anthropicErrorEnvelope,
  checkAnthropicTools,
  checkMessagesRequest,
  messagesReply,
} from './anthropic-wire-test-support.js';
import {
  assertToolsArePrefixes,
  fixtureArsenal,
  startWireServer,
} from './fixtures-test-support.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const searchUse = (id: string, query: unknown) => ({
  type: 'tool_use' as const,
  id,
  name: 'search_tools',
  input: { query },
});

describe('Anthropic deferred tool list', () => {
  it('lists the custom search tool, pinned tools eager, every other tool deferred', async () => {
    const { arsenal } = await fixtureArsenal();
    const search = createAnthropicToolSearch(arsenal, {
      pinned: ['get_time'],
      cacheControl: { type: 'ephemeral' },
    });
    const typed: Anthropic.Messages.Tool[] = [...search.tools] as Anthropic.Messages.Tool[];
    expect(typed.map((tool) => [tool.name, tool.defer_loading ?? false])).toEqual([
      ['search_tools', false],
      ['get_time', false],
      ['list_open_orders', true],
      ['delete_file', true],
      ['send_email', true],
      ['get_air_quality', true],
      ['get_weather', true],
    ]);
    expect(search.tools.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
    expect(() => checkAnthropicTools(search.tools)).not.toThrow();
  });

  it('sends two tools that share a name as namespace__name, and runs each by that name', async () => {
    const { arsenal } = await fixtureArsenal();
    await arsenal.register({
      name: 'get_weather',
      namespace: 'marine',
      description: 'Wind, waves and tides at sea for a coastal area.',
      parametersSchema: { type: 'object', properties: { area: { type: 'string' } } },
    });
    const search = createAnthropicToolSearch(arsenal);
    const names = search.tools.map((tool) => tool.name);
    expect(names).toContain('marine__get_weather');
    expect(names).toContain('weather__get_weather');
    expect(names).not.toContain('get_weather');
    const conversation = search.conversation('c');
    await conversation.answer(searchUse('s', 'weather forecast for a city'));
    const ran = await conversation.execute({
      type: 'tool_use',
      id: 't',
      name: 'weather__get_weather',
      input: { city: 'Oslo' },
    });
    expect(ran.result).toMatchObject({
      status: 'success',
      qualifiedName: 'weather.get_weather:1.0.0',
    });
  });

  it('produces the same bytes whatever the registration order', async () => {
    const first = createAnthropicToolSearch((await fixtureArsenal()).arsenal);
    const second = createAnthropicToolSearch((await fixtureArsenal({ reverse: true })).arsenal);
    expect(JSON.stringify(second.tools)).toBe(JSON.stringify(first.tools));
  });

  it('refuses a search tool name taken by a tool, an invalid one, and a transcoder of another shape', async () => {
    const { arsenal } = await fixtureArsenal();
    expect(() => createAnthropicToolSearch(arsenal, { searchToolName: 'get_time' })).toThrow(
      /already named "get_time"/,
    );
    expect(() => createAnthropicToolSearch(arsenal, { searchToolName: 'find tools' })).toThrow(
      /not a valid Anthropic tool name/,
    );
    expect(() =>
      createAnthropicToolSearch(arsenal, { transcoder: createOpenAITranscoder() }),
    ).toThrow(/Pass createAnthropicTranscoder\(\)/);
  });
});

describe('Anthropic custom search answered by Arsenal', () => {
  it('answers with tool_reference blocks, once per tool and conversation', async () => {
    const { arsenal } = await fixtureArsenal();
    const search = createAnthropicToolSearch(arsenal, { limit: 2 });
    const conversation = search.conversation('c');
    const first = await conversation.answer(searchUse('toolu_1', 'send an email to a colleague'));
    expect(first).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_1' });
    expect(first.content[0]).toEqual({ type: 'tool_reference', tool_name: 'send_email' });
    expect(Object.keys(first).sort()).toEqual(['content', 'tool_use_id', 'type']);
    const again = await conversation.answer(searchUse('toolu_2', 'send an email to a colleague'));
    expect(again.content).toEqual([
      { type: 'text', text: expect.stringMatching(/already loaded \(send_email/) },
    ]);
    const missing = await conversation.answer(searchUse('toolu_3', ''));
    expect(missing).toMatchObject({ is_error: true, content: [{ type: 'text' }] });
    await expect(
      conversation.answer({ type: 'tool_use', id: 'x', name: 'send_email', input: {} }),
    ).rejects.toThrow(/use execute\(\) for other tools/);
  });

  it('refuses a deferred tool never loaded, and runs it once loaded', async () => {
    const { arsenal, calls } = await fixtureArsenal();
    const conversation = createAnthropicToolSearch(arsenal).conversation('c');
    const call = {
      type: 'tool_use' as const,
      id: 't',
      name: 'get_weather',
      input: { city: 'Oslo' },
    };
    const refused = await conversation.execute(call);
    expect(refused.result.error?.code).toBe('tool_not_loaded');
    expect(refused.block).toMatchObject({ type: 'tool_result', tool_use_id: 't', is_error: true });
    expect(calls).toEqual([]);
    await conversation.answer(searchUse('s', 'weather forecast for a city'));
    const ran = await conversation.execute(call);
    expect(ran.block).toEqual({
      type: 'tool_result',
      tool_use_id: 't',
      content: '{"city":"Oslo","sky":"rain","temperature":7}',
    });
  });

  it('never references a tool the principal may not see', async () => {
    const { arsenal } = await fixtureArsenal();
    const search = createAnthropicToolSearch(arsenal, {
      principal: { id: 'u', namespaces: ['mail', 'weather'] },
    });
    expect(search.tools.map((tool) => tool.name)).not.toContain('delete_file');
    const result = await search.conversation('c').answer(searchUse('s', 'delete a file'));
    expect(JSON.stringify(result)).not.toContain('delete_file');
  });
});

describe('Anthropic scripted conversation against a wire-format server', () => {
  it('search → load → call → answer, with the same tools bytes on every turn', async () => {
    const { arsenal, calls } = await fixtureArsenal();
    const server = await startWireServer({
      check: (request) => checkMessagesRequest(request),
      errorEnvelope: anthropicErrorEnvelope,
      replies: [
        (request) =>
          messagesReply(
            request,
            'msg_1',
            [
              { type: 'text', text: 'Let me find a tool.' },
              searchUse('toolu_search', 'send an email'),
            ],
            'tool_use',
          ),
        (request) =>
          messagesReply(
            request,
            'msg_2',
            [
              {
                type: 'tool_use',
                id: 'toolu_mail',
                name: 'send_email',
                input: { to: 'ana@example.com', subject: 'Hi', body: 'Lunch?' },
              },
            ],
            'tool_use',
          ),
        (request) => messagesReply(request, 'msg_3', [{ type: 'text', text: 'Sent.' }], 'end_turn'),
      ],
    });
    closers.push(server.close);
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const search = createAnthropicToolSearch(arsenal, { pinned: ['get_time'] });
    const conversation = search.conversation('thread-1');
    const messages: Anthropic.Messages.MessageParam[] = [
      { role: 'user', content: 'Email ana@example.com about lunch.' },
    ];
    let text = '';
    for (let turn = 0; turn < 3; turn += 1) {
      const message = await client.messages.create({
        model: 'claude-opus-4-5',
        max_tokens: 1024,
        tools: [...search.tools] as Anthropic.Messages.Tool[],
        messages,
      });
      if (message.stop_reason !== 'tool_use') {
        text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
        break;
      }
      messages.push({ role: 'assistant', content: message.content });
      messages.push({
        role: 'user',
        content: (await conversation.respond(
          message.content,
        )) as Anthropic.Messages.ToolResultBlockParam[],
      });
    }
    expect(text).toBe('Sent.');
    expect(calls).toEqual(['send_email {"to":"ana@example.com","subject":"Hi","body":"Lunch?"}']);
    const second = server.requests[1]!.body.messages as { content: unknown }[];
    expect(second[2]!.content).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_search',
        content: expect.arrayContaining([{ type: 'tool_reference', tool_name: 'send_email' }]),
      },
    ]);
    assertToolsArePrefixes(server.requests);
  });

  it('the wire server rejects a tool_reference to a tool that is not deferred in the request', async () => {
    const server = await startWireServer({
      check: (request) => checkMessagesRequest(request),
      errorEnvelope: anthropicErrorEnvelope,
      replies: [],
    });
    closers.push(server.close);
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    await expect(
      client.messages.create({
        model: 'claude-opus-4-5',
        max_tokens: 10,
        tools: [{ name: 'search_tools', input_schema: { type: 'object' } }],
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: [searchUse('s', 'x')] },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: 's',
                content: [{ type: 'tool_reference', tool_name: 'send_email' }],
              },
            ],
          },
        ],
      }),
    ).rejects.toThrow(/is not a deferred tool of this request/);
  });
});
