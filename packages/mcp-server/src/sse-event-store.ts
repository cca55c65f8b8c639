import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

interface StoredEvent {
  id: string;
  streamId: string;
  message: JSONRPCMessage;
}

/**
 * The SSE events of one session, kept so a client that lost its stream can resume with
 * `Last-Event-ID` (SEP-1699). Bounded: past `maxEvents` the oldest are dropped, so a session
 * cannot grow without limit; a client resuming from a dropped event gets only what is left.
 */
export function createSessionEventStore(maxEvents = 256): EventStore {
  const events: StoredEvent[] = [];
  const streamOf = new Map<string, string>();
  let counter = 0;
  return {
    async storeEvent(streamId, message) {
      counter += 1;
      const id = `${streamId}:${counter}`;
      events.push({ id, streamId, message });
      streamOf.set(id, streamId);
      while (events.length > maxEvents) {
        const dropped = events.shift();
        if (dropped) streamOf.delete(dropped.id);
      }
      return id;
    },
    async getStreamIdForEventId(eventId) {
      // Ids carry their stream, so an id whose event was dropped still names its stream.
      return streamOf.get(eventId) ?? streamIdIn(eventId);
    },
    async replayEventsAfter(lastEventId, { send }) {
      const streamId = streamOf.get(lastEventId) ?? streamIdIn(lastEventId);
      if (streamId === undefined) throw new Error(`Unknown event id "${lastEventId}".`);
      const after = Number(lastEventId.slice(lastEventId.lastIndexOf(':') + 1));
      for (const event of events) {
        if (event.streamId !== streamId) continue;
        if (Number(event.id.slice(event.id.lastIndexOf(':') + 1)) <= after) continue;
        // Priming events carry no message; they only mark a position.
        if (Object.keys(event.message).length === 0) continue;
        await send(event.id, event.message);
      }
      return streamId;
    },
  };
}

function streamIdIn(eventId: string): string | undefined {
  const colon = eventId.lastIndexOf(':');
  if (colon <= 0 || !/^\d+$/.test(eventId.slice(colon + 1))) return undefined;
  return eventId.slice(0, colon);
}
