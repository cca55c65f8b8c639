import { setTimeout as sleep } from 'node:timers/promises';
import { type Arsenal, defineTool } from '@arsenal/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArsenalMcpServer } from './arsenal-mcp-server.js';
import { type RunningHttpServer, startHttpServer } from './http-server.js';
import { JSON_ANSWER_WINDOW_MS } from './json-first-transport.js';
import { createFixtureArsenal } from './test-support/fixture.js';
import { initializeBody, sendRaw } from './test-support/raw-http.js';

let arsenal: Arsenal;
let http: RunningHttpServer;

beforeEach(async () => {
  arsenal = await createFixtureArsenal();
  await arsenal.register([
    defineTool({
      name: 'add_slowly',
      description: 'Report progress, then add two numbers.',
      input: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      } as const,
      handler: ({ a, b }, context) => {
        context.reportProgress({ progress: 0.5, message: 'adding' });
        return { sum: a + b };
      },
    }),
    defineTool({
      name: 'add_late',
      description: 'Add two numbers after a while.',
      input: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      } as const,
      handler: async ({ a, b }) => {
        await sleep(JSON_ANSWER_WINDOW_MS + 100);
        return { sum: a + b };
      },
    }),
  ]);
  http = await startHttpServer(createArsenalMcpServer({ arsenal, mode: 'static' }), {
    port: 0,
    sseRetryMs: 250,
  });
});

afterEach(async () => {
  await http.close();
  await arsenal.close();
});

interface SseEvent {
  id?: string;
  retry?: string;
  data: string;
}

function eventsOf(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event: SseEvent = { data: '' };
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        const field = line.slice(0, colon);
        const value = line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') event.id = value;
        else if (field === 'retry') event.retry = value;
        else if (field === 'data') event.data += value;
      }
      return event;
    });
}

async function openSession(protocolVersion: string): Promise<string> {
  const opened = await sendRaw(http.url, initializeBody(1, protocolVersion));
  const sessionId = String(opened.headers['mcp-session-id']);
  await sendRaw(http.url, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), {
    'mcp-session-id': sessionId,
    'mcp-protocol-version': protocolVersion,
  });
  return sessionId;
}

/** Resume a stream with Last-Event-ID and read until the replayed result arrives. */
async function firstEventsOfStream(sessionId: string, lastEventId: string): Promise<string> {
  const controller = new AbortController();
  const response = await fetch(http.url, {
    headers: {
      accept: 'text/event-stream',
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-11-25',
      'last-event-id': lastEventId,
    },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('"id":7')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  controller.abort();
  return text;
}

function callOf(name: string, progressToken?: string): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 7,
    method: 'tools/call',
    params: {
      name,
      arguments: { a: 2, b: 3 },
      ...(progressToken ? { _meta: { progressToken } } : {}),
    },
  });
}

// A call that reports progress before its answer: it needs a stream, whatever its duration.
const addCall = callOf('add_slowly', 'p1');

describe('SSE priming and resumption (SEP-1699)', () => {
  it('opens a response stream with a priming event carrying an id and retry', async () => {
    const sessionId = await openSession('2025-11-25');
    // Some clients send an older version header than they negotiated; the session's wins.
    const response = await sendRaw(http.url, addCall, {
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-03-26',
    });
    expect(response.headers['content-type']).toContain('text/event-stream');
    const [priming] = eventsOf(response.body);
    expect(priming?.id).toBeTruthy();
    expect(priming?.retry).toBe('250');
    expect(priming?.data).toBe('');
    const [, progress, result] = eventsOf(response.body);
    expect(JSON.parse(progress?.data ?? '{}')).toMatchObject({
      method: 'notifications/progress',
      params: { progressToken: 'p1' },
    });
    expect(JSON.parse(result?.data ?? '{}')).toMatchObject({
      id: 7,
      result: { structuredContent: { sum: 5 } },
    });
    // A client that lost the stream after the priming event gets the rest replayed.
    const replayed = await firstEventsOfStream(sessionId, priming?.id ?? '');
    expect(replayed).toContain('"sum":5');
  });

  it('opens a stream with a priming event for a call that runs past the JSON window', async () => {
    const sessionId = await openSession('2025-11-25');
    const response = await sendRaw(http.url, callOf('add_late'), {
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-11-25',
    });
    expect(response.headers['content-type']).toContain('text/event-stream');
    const [priming, result] = eventsOf(response.body);
    expect(priming?.id).toBeTruthy();
    expect(JSON.parse(result?.data ?? '{}')).toMatchObject({
      id: 7,
      result: { structuredContent: { sum: 5 } },
    });
    const replayed = await firstEventsOfStream(sessionId, priming?.id ?? '');
    expect(replayed).toContain('"sum":5');
  });

  it('answers a call that sends nothing before its result with one JSON body', async () => {
    const sessionId = await openSession('2025-11-25');
    const response = await sendRaw(http.url, callOf('add_numbers'), {
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-11-25',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['mcp-session-id']).toBe(sessionId);
    expect(JSON.parse(response.body)).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      result: { structuredContent: { sum: 5 } },
    });
  });

  it('refuses a POST that does not accept both JSON and an event stream, as before', async () => {
    const sessionId = await openSession('2025-11-25');
    const response = await sendRaw(http.url, callOf('add_numbers'), {
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-11-25',
      accept: 'text/event-stream',
    });
    // Streamable HTTP requires both; the SDK transport refuses the request, unchanged.
    expect(response.status).toBe(406);
  });

  it('sends no priming event to a session that negotiated an older version', async () => {
    const sessionId = await openSession('2025-06-18');
    const response = await sendRaw(http.url, addCall, {
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-06-18',
    });
    const events = eventsOf(response.body);
    expect(events).toHaveLength(2);
    expect(JSON.parse(events[0]?.data ?? '{}')).toMatchObject({ method: 'notifications/progress' });
    expect(JSON.parse(events[1]?.data ?? '{}')).toMatchObject({ id: 7 });
  });
});
