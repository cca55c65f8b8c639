import { ArsenalError, createArsenal, TranscodeError } from '@arsenal/core';
import { createOpenAITranscoder } from '@arsenal/transcoder-openai';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assertToolsArePrefixes,
  fixtureArsenal,
  startWireServer,
} from './fixtures-test-support.js';
import { createOpenAIToolSearch, type OpenAIDeferredTool } from './openai-tool-search.js';
import {
  checkResponsesRequest,
  checkResponsesTools,
  openAIErrorEnvelope,
  responsesReply,
} from './openai-wire-test-support.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('OpenAI Responses deferred tool list', () => {
  it('groups namespaces of deferred functions, keeps pinned tools eager and ends with a client tool_search', async () => {
    const { arsenal } = await fixtureArsenal();
    const search = createOpenAIToolSearch(arsenal, { pinned: ['get_time'] });
    const tools = search.tools as OpenAIDeferredTool[];
    // The published union accepts the list as it is.
    const typed: OpenAI.Responses.Tool[] = tools as OpenAI.Responses.Tool[];
    expect(typed).toHaveLength(6);
    expect(tools.map((tool) => `${tool.type}:${'name' in tool ? tool.name : ''}`)).toEqual([
      'namespace:crm',
      'namespace:files',
      'namespace:mail',
      'namespace:weather',
      'function:get_time',
      'tool_search:',
    ]);
    const weather = tools[3] as Extract<OpenAIDeferredTool, { type: 'namespace' }>;
    expect(weather.description).toBe('Tools: get_air_quality, get_weather.');
    expect(weather.tools.map((tool) => [tool.name, tool.defer_loading, tool.strict])).toEqual([
      ['get_air_quality', true, false],
      ['get_weather', true, false],
    ]);
    expect(tools[4]).not.toHaveProperty('defer_loading');
    expect(tools[5]).toMatchObject({ type: 'tool_search', execution: 'client' });
    expect(() => checkResponsesTools(tools, 'tools')).not.toThrow();
  });

  it('produces the same bytes whatever the registration order, in another Arsenal', async () => {
    const first = createOpenAIToolSearch((await fixtureArsenal()).arsenal, {
      pinned: ['get_time'],
    });
    const second = createOpenAIToolSearch((await fixtureArsenal({ reverse: true })).arsenal, {
      pinned: ['get_time'],
    });
    expect(JSON.stringify(second.tools)).toBe(JSON.stringify(first.tools));
  });

  it('uses the namespace descriptions it is given', async () => {
    const { arsenal } = await fixtureArsenal();
    const search = createOpenAIToolSearch(arsenal, {
      namespaceDescriptions: { crm: 'Customer lookup and order management.' },
    });
    expect(search.tools[0]).toMatchObject({
      name: 'crm',
      description: 'Customer lookup and order management.',
    });
  });

  it('leaves out, and reports, a tool the transcoder cannot encode', async () => {
    const { arsenal } = await fixtureArsenal();
    const responses = createOpenAITranscoder({ api: 'responses' });
    const search = createOpenAIToolSearch(arsenal, {
      transcoder: {
        dialect: 'openai',
        decode: (tool) => responses.decode(tool as Parameters<typeof responses.decode>[0]),
        encode: (tool, options) => {
          if (tool.name === 'send_email') throw new TranscodeError('openai', 'no email here');
          return responses.encode(tool, options);
        },
      },
    });
    expect(search.skipped).toEqual([
      { qualifiedName: 'mail.send_email:1.0.0', message: 'no email here' },
    ]);
    expect(JSON.stringify(search.tools)).not.toContain('send_email');
    expect(search.catalog.find('send_email')).toBeUndefined();
  });

  it('refuses a Chat Completions transcoder and an unknown pinned tool, saying what to pass', async () => {
    const { arsenal } = await fixtureArsenal();
    const chat = () => createOpenAIToolSearch(arsenal, { transcoder: createOpenAITranscoder() });
    expect(chat).toThrow(/createOpenAITranscoder\(\{ api: 'responses' \}\)/);
    expect(() => createOpenAIToolSearch(arsenal, { pinned: ['get_tme'] })).toThrow(
      /Pinned tool "get_tme" is not in the catalog/,
    );
    const bare = createArsenal();
    try {
      createOpenAIToolSearch(bare);
      expect.unreachable();
    } catch (error) {
      expect(ArsenalError.isInstance(error) && error.code).toBe('transcoder_missing');
    }
  });
});

describe('OpenAI tool_search_call answered by Arsenal', () => {
  it('loads what retrieval finds once per conversation, and conversations are apart', async () => {
    const { arsenal } = await fixtureArsenal();
    const search = createOpenAIToolSearch(arsenal, { limit: 1 });
    const conversation = search.conversation('c1');
    const call = {
      type: 'tool_search_call' as const,
      call_id: 'call_1',
      execution: 'client' as const,
      arguments: { query: 'weather forecast for a city' },
    };
    const first = await conversation.answer(call);
    expect(first).toEqual({
      type: 'tool_search_output',
      call_id: 'call_1',
      execution: 'client',
      status: 'completed',
      tools: [
        {
          type: 'namespace',
          name: 'weather',
          description: 'Tools: get_air_quality, get_weather.',
          tools: [expect.objectContaining({ name: 'get_weather', defer_loading: true })],
        },
      ],
    });
    // Arguments may also come as a JSON string.
    const again = await conversation.answer({ ...call, arguments: JSON.stringify(call.arguments) });
    expect(again.tools).toEqual([]);
    expect(conversation.session.loaded.map((entry) => entry.reference)).toEqual([
      'weather.get_weather',
    ]);
    const other = await search.conversation('c2').answer(call);
    expect(other.tools).toHaveLength(1);
  });

  it('loads named namespaces and functions from `paths` arguments', async () => {
    const { arsenal } = await fixtureArsenal();
    const conversation = createOpenAIToolSearch(arsenal).conversation('c');
    const output = await conversation.answer({
      type: 'tool_search_call',
      call_id: 'x',
      arguments: { paths: ['crm', 'mail.send_email', 'get_time'] },
    });
    expect(
      output.tools.map((tool) =>
        tool.type === 'namespace' ? `${tool.name}:${tool.tools.map((t) => t.name)}` : tool.name,
      ),
    ).toEqual(['crm:list_open_orders', 'mail:send_email', 'get_time']);
  });

  it('hides and refuses what the principal may not use', async () => {
    const { arsenal, calls } = await fixtureArsenal();
    const principal = { id: 'u1', namespaces: ['weather', 'mail'] };
    const search = createOpenAIToolSearch(arsenal, { principal });
    expect(search.tools.map((tool) => ('name' in tool ? tool.name : tool.type))).toEqual([
      'mail',
      'weather',
      'tool_search',
    ]);
    const conversation = search.conversation('c');
    const output = await conversation.answer({
      type: 'tool_search_call',
      call_id: 's',
      arguments: { query: 'delete a file from the shared drive' },
    });
    expect(JSON.stringify(output.tools)).not.toContain('delete_file');
    const refused = await conversation.execute({
      type: 'function_call',
      call_id: 'f',
      name: 'delete_file',
      namespace: 'files',
      arguments: '{"path":"/a"}',
    });
    expect(refused.result.status).not.toBe('success');
    expect(calls).toEqual([]);
  });

  it('answers a search without a query with no tools, and refuses items of the wrong kind', async () => {
    const { arsenal } = await fixtureArsenal();
    const conversation = createOpenAIToolSearch(arsenal).conversation('c');
    const empty = await conversation.answer({
      type: 'tool_search_call',
      call_id: 'e',
      arguments: {},
    });
    expect(empty.tools).toEqual([]);
    await expect(conversation.answer({ type: 'function_call' } as never)).rejects.toThrow(
      /takes a "tool_search_call" item/,
    );
    await expect(
      conversation.answer({ type: 'tool_search_call', execution: 'server', arguments: {} }),
    ).rejects.toThrow(/execution "server"/);
    await expect(
      conversation.answer({ type: 'tool_search_call', arguments: '{not json' }),
    ).rejects.toThrow(/not valid JSON/);
    expect(() => createOpenAIToolSearch(arsenal).conversation('')).toThrow(/non-empty string/);
  });
});

describe('OpenAI function calls through Arsenal', () => {
  it('refuses a deferred function never loaded, telling the model to search first', async () => {
    const { arsenal, calls } = await fixtureArsenal();
    const conversation = createOpenAIToolSearch(arsenal).conversation('c');
    const { result, output } = await conversation.execute({
      type: 'function_call',
      call_id: 'f1',
      name: 'get_weather',
      namespace: 'weather',
      arguments: '{"city":"Oslo"}',
    });
    expect(result.status).toBe('not_found');
    expect(result.error?.code).toBe('tool_not_loaded');
    expect(JSON.parse(output.output).error.message).toMatch(
      /Search for it with the tool search tool first/,
    );
    expect(calls).toEqual([]);
  });

  it('runs pinned tools at once and loaded ones through validation and confirmation', async () => {
    const { arsenal, calls } = await fixtureArsenal();
    const conversation = createOpenAIToolSearch(arsenal, { pinned: ['get_time'] }).conversation(
      'c',
    );
    const pinned = await conversation.execute({
      type: 'function_call',
      call_id: 'p',
      name: 'get_time',
      arguments: '{"zone":"Europe/Oslo"}',
    });
    expect(pinned.output).toEqual({
      type: 'function_call_output',
      call_id: 'p',
      output: '{"zone":"Europe/Oslo","time":"12:00"}',
    });
    await conversation.answer({
      type: 'tool_search_call',
      call_id: 's',
      arguments: { paths: ['files.delete_file', 'weather.get_weather'] },
    });
    const invalid = await conversation.execute({
      type: 'function_call',
      call_id: 'w',
      name: 'get_weather',
      namespace: 'weather',
      arguments: '{"city":42}',
    });
    expect(invalid.result.status).toBe('invalid_arguments');
    const held = await conversation.execute({
      type: 'function_call',
      call_id: 'd',
      name: 'delete_file',
      namespace: 'files',
      arguments: '{"path":"/tmp/a"}',
    });
    expect(held.result.status).toBe('pending_confirmation');
    expect(JSON.parse(held.output.output)).toMatchObject({
      status: 'pending_confirmation',
      confirmationId: held.result.confirmation?.id,
    });
    expect(calls).toEqual([]);
  });
});

describe('OpenAI Responses scripted conversation against a wire-format server', () => {
  it('search → load → call → answer, with the same tools bytes on every turn', async () => {
    const { arsenal, calls } = await fixtureArsenal();
    const server = await startWireServer({
      check: (request) => checkResponsesRequest(request),
      errorEnvelope: openAIErrorEnvelope,
      replies: [
        (request) =>
          responsesReply(request, 'resp_1', [
            {
              type: 'tool_search_call',
              id: 'tsc_1',
              call_id: 'call_search_1',
              execution: 'client',
              status: 'completed',
              arguments: { query: 'weather forecast' },
            },
          ]),
        (request) =>
          responsesReply(request, 'resp_2', [
            {
              type: 'function_call',
              id: 'fc_1',
              call_id: 'call_weather_1',
              name: 'get_weather',
              namespace: 'weather',
              arguments: '{"city":"Oslo"}',
              status: 'completed',
            },
          ]),
        (request) =>
          responsesReply(request, 'resp_3', [
            {
              type: 'message',
              id: 'msg_1',
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: 'Rain in Oslo, 7°C.', annotations: [] }],
            },
          ]),
      ],
    });
    closers.push(server.close);
    const client = new OpenAI({ apiKey: 'test', baseURL: `${server.url}/v1`, maxRetries: 0 });
    const search = createOpenAIToolSearch(arsenal, { pinned: ['get_time'] });
    const conversation = search.conversation('thread-1');
    const input: OpenAI.Responses.ResponseInputItem[] = [
      { role: 'user', content: 'Will it rain in Oslo?' },
    ];
    let text = '';
    for (let turn = 0; turn < 3; turn += 1) {
      const response = await client.responses.create({
        model: 'gpt-5.4',
        tools: [...search.tools] as OpenAI.Responses.Tool[],
        input,
      });
      const answers = await conversation.respond(response.output);
      if (answers.length === 0) {
        text = response.output_text;
        break;
      }
      input.push(...(response.output as OpenAI.Responses.ResponseInputItem[]));
      input.push(...(answers as OpenAI.Responses.ResponseInputItem[]));
    }
    expect(text).toBe('Rain in Oslo, 7°C.');
    expect(calls).toEqual(['get_weather {"city":"Oslo"}']);
    expect(server.requests).toHaveLength(3);
    const second = server.requests[1]!.body.input as { type?: string }[];
    expect(second.map((item) => item.type)).toEqual([
      undefined,
      'tool_search_call',
      'tool_search_output',
    ]);
    const third = server.requests[2]!.body.input as { type?: string; output?: string }[];
    expect(third.at(-1)).toEqual({
      type: 'function_call_output',
      call_id: 'call_weather_1',
      output: '{"city":"Oslo","sky":"rain","temperature":7}',
    });
    assertToolsArePrefixes(server.requests);
  });

  it('the wire server rejects a call to a deferred function that no search loaded', async () => {
    const { arsenal } = await fixtureArsenal();
    const server = await startWireServer({
      check: (request) => checkResponsesRequest(request),
      errorEnvelope: openAIErrorEnvelope,
      replies: [],
    });
    closers.push(server.close);
    const client = new OpenAI({ apiKey: 'test', baseURL: `${server.url}/v1`, maxRetries: 0 });
    const search = createOpenAIToolSearch(arsenal);
    await expect(
      client.responses.create({
        model: 'gpt-5.4',
        tools: [...search.tools] as OpenAI.Responses.Tool[],
        input: [
          {
            type: 'function_call',
            call_id: 'c',
            name: 'get_weather',
            namespace: 'weather',
            arguments: '{}',
          },
        ],
      }),
    ).rejects.toThrow(/deferred and no tool_search_output loaded it/);
  });
});
