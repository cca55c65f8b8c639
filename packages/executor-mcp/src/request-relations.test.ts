import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { CALL_META_KEY, UpstreamRequestRelations } from './request-relations.js';

function recordingTransport(): { transport: Transport; sent: JSONRPCMessage[] } {
  const sent: JSONRPCMessage[] = [];
  const transport = {
    start: async () => {},
    close: async () => {},
    send: async (message: JSONRPCMessage) => {
      sent.push(message);
    },
  } as Transport;
  return { transport, sent };
}

function toolsCall(id: number, key: string, meta: Record<string, unknown> = {}): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name: 'ask',
      arguments: {},
      _meta: { progressToken: id, ...meta, [CALL_META_KEY]: key },
    },
  };
}

/** A fetch answering every POST with these SSE bytes, cut into chunks of `size`. */
function sseFetch(events: string, size: number) {
  return async () => {
    const bytes = new TextEncoder().encode(events);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += size)
          controller.enqueue(bytes.slice(at, at + size));
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
}

const elicitation = (id: number, meta?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'elicitation/create',
  params: {
    message: 'Name?',
    requestedSchema: { type: 'object', properties: {} },
    ...(meta ? { _meta: meta } : {}),
  },
});

describe('UpstreamRequestRelations', () => {
  it('notes which call a tools/call is and removes the key before it leaves', async () => {
    const relations = new UpstreamRequestRelations();
    const { transport, sent } = recordingTransport();
    relations.watchSends(transport);
    await transport.send(toolsCall(7, 'alice', { traceparent: 'tp' }));
    await transport.send(toolsCall(8, 'bob'));
    expect(JSON.stringify(sent)).not.toContain(CALL_META_KEY);
    expect(sent[0]).toMatchObject({ params: { _meta: { traceparent: 'tp', progressToken: 7 } } });
    // Related by the call's progress token, on any transport.
    expect(relations.callOf(elicitation(1, { progressToken: 8 }), 1)).toBe('bob');
    expect(relations.callOf(elicitation(2), 2)).toBeUndefined();
    relations.forget('bob');
    expect(relations.callOf(elicitation(3, { progressToken: 8 }), 3)).toBeUndefined();
  });

  it('forgets only the calls that ended, each of its requests, and a request related anew', () => {
    const relations = new UpstreamRequestRelations();
    relations.relate('r1', 'alice');
    relations.relate('r2', 'alice');
    relations.relate('r3', 'bob');
    // The same request id, related again, now belongs to carol.
    relations.relate('r4', 'dave');
    relations.relate('r4', 'carol');
    relations.forget('alice');
    relations.forget('dave');
    relations.forget('nobody');
    const asking = (token: string) => relations.callOf(elicitation(1, { progressToken: token }), 1);
    expect(asking('r1')).toBeUndefined();
    expect(asking('r2')).toBeUndefined();
    expect(asking('r3')).toBe('bob');
    expect(asking('r4')).toBe('carol');
    relations.forget('bob');
    relations.forget('carol');
    expect(asking('r3')).toBeUndefined();
    expect(asking('r4')).toBeUndefined();
  });

  it('relates a request to the POST whose SSE stream carried it, across chunk boundaries', async () => {
    const relations = new UpstreamRequestRelations();
    const { transport } = recordingTransport();
    relations.watchSends(transport);
    await transport.send(toolsCall(4, 'alice'));
    await transport.send(toolsCall(5, 'bob'));
    const events = `event: message\ndata: ${JSON.stringify(elicitation(11))}\n\nid: 2\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 4, result: {} })}\n\n`;
    const observing = relations.observingFetch(sseFetch(events, 7));
    const response = await observing('http://upstream/mcp', {
      method: 'POST',
      body: JSON.stringify(toolsCall(4, 'alice')),
    });
    // The bytes reach the SDK unchanged.
    expect(await response.text()).toBe(events);
    expect(relations.callOf(elicitation(11), 11)).toBe('alice');
    // A request on no call's stream (the standalone GET stream) is nobody's.
    const standalone = relations.observingFetch(
      sseFetch(`data: ${JSON.stringify(elicitation(12))}\n\n`, 64),
    );
    await (await standalone('http://upstream/mcp', { method: 'GET' })).text();
    expect(relations.callOf(elicitation(12), 12)).toBeUndefined();
  });
});
