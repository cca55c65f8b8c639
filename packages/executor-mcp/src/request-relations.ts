import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';

/**
 * The `_meta` key a tools/call carries from the executor to the connection, naming the in-flight
 * call it is. The connection removes it before the message leaves: the server never sees it.
 */
export const CALL_META_KEY = 'arsenal/in-flight-call';

type Message = Record<string, unknown>;

function isRequest(value: unknown): value is Message & { id: RequestId; method: string } {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Message;
  return (
    typeof message.method === 'string' &&
    (typeof message.id === 'string' || typeof message.id === 'number')
  );
}

function metaOf(message: Message): Message | undefined {
  const params = message.params as Message | undefined;
  const meta = params?._meta;
  return typeof meta === 'object' && meta !== null ? (meta as Message) : undefined;
}

/** The one request a POST body carries, if it carries exactly one. */
function requestIdOfBody(body: unknown): RequestId | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    const requests = (Array.isArray(parsed) ? parsed : [parsed]).filter(isRequest);
    return requests.length === 1 ? requests[0]!.id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Which of Arsenal's requests each request of one upstream connection serves. A server sends a
 * request (elicitation, sampling, roots) as part of the tools/call it is serving by relating it
 * to that call: over Streamable HTTP it arrives on the SSE stream answering that call's POST
 * (the SDK's `relatedRequestId`); on any transport it may name the call's progress token in its
 * `_meta`. Nothing else relates them, so a request with neither is not anyone's.
 */
export class UpstreamRequestRelations {
  /** Arsenal's tools/call request id → the in-flight call it is. */
  readonly #callOfRequest = new Map<RequestId, string>();
  /**
   * The other way round: an in-flight call → its request ids (nearly always one), so a call that
   * ends is forgotten without a walk over every call in flight.
   */
  readonly #requestsOfCall = new Map<string, RequestId[]>();
  #byStream = false;

  /**
   * Whether this connection relates requests by the stream they arrive on (Streamable HTTP).
   * Over stdio nothing in the message says which call a request serves unless the server names
   * the call's progress token.
   */
  get relatesByStream(): boolean {
    return this.#byStream;
  }
  /** The server's request id → the request of Arsenal's whose response stream carried it. */
  readonly #streamOf = new Map<RequestId, RequestId>();

  /** Note, as each message leaves, which call a tools/call is, and remove the note. */
  watchSends(transport: Transport): void {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => send(this.#outgoing(message), options);
  }

  /**
   * A fetch for the Streamable HTTP transport that notes, for each request arriving on the SSE
   * stream of a POST, the request that POST sent. It reads the stream as it passes, before the
   * SDK does, and changes nothing in it.
   */
  observingFetch(base: FetchLike = fetch): FetchLike {
    this.#byStream = true;
    return async (url, init) => {
      const response = await base(url, init);
      const related = init?.method === 'POST' ? requestIdOfBody(init.body) : undefined;
      const type = response.headers.get('content-type') ?? '';
      if (related === undefined || !response.body || !type.includes('text/event-stream')) {
        return response;
      }
      return new Response(response.body.pipeThrough(this.#streamObserver(related)), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
  }

  /** The in-flight call a request of the server serves, when the server said which. */
  callOf(
    request: { params?: { _meta?: unknown } },
    upstreamRequestId: RequestId,
  ): string | undefined {
    const related = this.#streamOf.get(upstreamRequestId);
    if (related !== undefined) {
      this.#streamOf.delete(upstreamRequestId);
      return this.#callOfRequest.get(related);
    }
    const meta = request.params?._meta as Message | undefined;
    const token = meta?.progressToken;
    if (typeof token === 'string' || typeof token === 'number') {
      return this.#callOfRequest.get(token);
    }
    return undefined;
  }

  /** Note that a request sent outside the SDK client (its id is its progress token) is this call. */
  relate(requestId: RequestId, callKey: string): void {
    this.#callOfRequest.set(requestId, callKey);
    const requests = this.#requestsOfCall.get(callKey);
    if (requests) requests.push(requestId);
    else this.#requestsOfCall.set(callKey, [requestId]);
  }

  /** Forget a call that ended, and what its stream carried. */
  forget(callKey: string): void {
    const requests = this.#requestsOfCall.get(callKey);
    if (!requests) return;
    this.#requestsOfCall.delete(callKey);
    for (const requestId of requests) {
      // A request id related again since belongs to the call it names now.
      if (this.#callOfRequest.get(requestId) !== callKey) continue;
      this.#callOfRequest.delete(requestId);
      if (this.#streamOf.size === 0) continue;
      for (const [upstreamId, related] of this.#streamOf)
        if (related === requestId) this.#streamOf.delete(upstreamId);
    }
  }

  #outgoing(message: JSONRPCMessage): JSONRPCMessage {
    if (!isRequest(message) || message.method !== 'tools/call') return message;
    const meta = metaOf(message);
    const key = meta?.[CALL_META_KEY];
    if (meta === undefined || key === undefined) return message;
    const { [CALL_META_KEY]: _key, ...rest } = meta;
    // The SDK relates progress to a request by its id, its progress token: the same number.
    if (typeof key === 'string') this.relate(message.id, key);
    const params = message.params as Message;
    return {
      ...message,
      params: Object.keys(rest).length > 0 ? { ...params, _meta: rest } : omitMeta(params),
    } as JSONRPCMessage;
  }

  #streamObserver(related: RequestId): TransformStream<Uint8Array, Uint8Array> {
    const decoder = new TextDecoder();
    let pending = '';
    const note = (event: string) => {
      const data = event
        .split(/\r\n|\r|\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
        .join('\n');
      if (data === '') return;
      try {
        const message: unknown = JSON.parse(data);
        if (isRequest(message)) this.#streamOf.set(message.id, related);
      } catch {
        // Not JSON: the SDK reports it; nothing to note.
      }
    };
    return new TransformStream({
      transform: (chunk, controller) => {
        pending += decoder.decode(chunk, { stream: true });
        const events = pending.split(/\r\n\r\n|\n\n|\r\r/);
        pending = events.pop() ?? '';
        for (const event of events) note(event);
        // Noted before the SDK can read the event: its handler finds the relation.
        controller.enqueue(chunk);
      },
      flush: () => {
        pending += decoder.decode();
        if (pending.trim() !== '') note(pending);
      },
    });
  }
}

function omitMeta(params: Message): Message {
  const { _meta: _omitted, ...rest } = params;
  return rest;
}
