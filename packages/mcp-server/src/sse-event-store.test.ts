import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createSessionEventStore } from './sse-event-store.js';

const message = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, result: {} });

async function replay(store: ReturnType<typeof createSessionEventStore>, after: string) {
  const sent: string[] = [];
  const stream = await store.replayEventsAfter(after, {
    send: async (eventId) => {
      sent.push(eventId);
    },
  });
  return { stream, sent };
}

describe('createSessionEventStore', () => {
  it('replays the later events of the same stream only, skipping priming events', async () => {
    const store = createSessionEventStore();
    const priming = await store.storeEvent('a', {} as JSONRPCMessage);
    const first = await store.storeEvent('a', message(1));
    await store.storeEvent('b', message(2));
    const second = await store.storeEvent('a', message(3));
    expect(await store.getStreamIdForEventId?.(first)).toBe('a');
    expect(await replay(store, priming)).toEqual({ stream: 'a', sent: [first, second] });
    expect(await replay(store, first)).toEqual({ stream: 'a', sent: [second] });
  });

  it('keeps at most maxEvents events and rejects ids it cannot place', async () => {
    const store = createSessionEventStore(3);
    const ids: string[] = [];
    for (let index = 0; index < 10; index += 1)
      ids.push(await store.storeEvent('s', message(index)));
    const { sent } = await replay(store, ids[0] ?? '');
    expect(sent).toEqual(ids.slice(7));
    await expect(replay(store, 'not-an-event-id')).rejects.toThrow(/Unknown event id/);
  });
});
