import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type {
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCRequest,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type JSONRPCRequest,
  type MessageExtraInfo,
  type RequestId,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import { type DirectToolCall, isDirectToolCall } from './direct-tool-calls.js';
import type { DirectRequests } from './stdio-line-transport.js';

/**
 * How long a request may take and still be answered with one JSON body. A request running longer
 * gets its event stream, with the priming event that lets the client resume a lost connection.
 */
export const JSON_ANSWER_WINDOW_MS = 200;

interface QueuedSend {
  message: JSONRPCMessage;
  options: TransportSendOptions | undefined;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A request dispatched here whose answer has not gone out yet. */
interface PendingRequest {
  message: JSONRPCRequest;
  request: IncomingMessage;
  response: ServerResponse;
  /** `waiting`: nothing sent yet. `handing_over`: the SDK transport is opening its stream. */
  state: 'waiting' | 'handing_over';
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Messages for this request sent while the SDK transport opens its stream, in order. */
  queue: QueuedSend[];
  settle: () => void;
}

function isCancellation(
  message: JSONRPCMessage,
): message is JSONRPCMessage & { params: { requestId: RequestId; reason?: string } } {
  if (!('method' in message) || 'id' in message) return false;
  if (message.method !== 'notifications/cancelled') return false;
  const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
  return typeof requestId === 'string' || typeof requestId === 'number';
}

/**
 * Whether a message this server sends is a response. What is sent was built by the SDK server or
 * the direct path, so its shape is known: a response is the message with a result or an error
 * and no method (no schema parse per message sent).
 */
function isResponse(message: JSONRPCMessage): boolean {
  return !('method' in message) && ('result' in message || 'error' in message);
}

/** The request's headers as the SDK hands them to handlers (lower-case names, one string each). */
function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Exactly `application/json`, with or without parameters; anything rarer takes the SDK's path. */
function isPlainJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const type = value.split(';', 1)[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/**
 * The transport of one stateful HTTP session: the SDK's Streamable HTTP transport, with a shorter
 * way for a POST that carries one request. Such a request is passed to the session's server here;
 * when its answer is the first message it produces and comes within `JSON_ANSWER_WINDOW_MS`, it
 * goes back as one `application/json` body (the client accepts both JSON and an event stream;
 * one write, and nothing for the client to parse as a stream). When the request first sends
 * anything else (progress, a log message, a request to the client), or runs longer, it is handed
 * to the SDK transport, which opens the event stream as for any other request: priming event,
 * stored events, resumption with `Last-Event-ID`, and everything the request sends afterwards.
 * Every other message (batches, notifications, responses, GET, DELETE) goes to the SDK transport.
 */
export class JsonFirstTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  /** tools/call answered beside the SDK server; set by the session after connecting. */
  direct: DirectRequests | undefined;
  readonly #inner: StreamableHTTPServerTransport;
  readonly #pending = new Map<RequestId, PendingRequest>();
  #closed = false;

  constructor(inner: StreamableHTTPServerTransport) {
    this.#inner = inner;
  }

  get sessionId(): string | undefined {
    return this.#inner.sessionId;
  }

  async start(): Promise<void> {
    this.#inner.onmessage = (message, extra) => {
      if (isJSONRPCRequest(message)) {
        const pending = this.#pending.get(message.id);
        // The SDK transport re-reading a request handed over to it: the server runs it already.
        if (pending?.state === 'handing_over' && pending.message.method === message.method) {
          this.#handedOver(pending);
          return;
        }
      } else if (this.direct && isCancellation(message)) {
        this.direct.cancel(message.params.requestId, message.params.reason);
      }
      this.onmessage?.(message, extra);
    };
    this.#inner.onclose = () => this.onclose?.();
    this.#inner.onerror = (error) => this.onerror?.(error);
    await this.#inner.start();
  }

  /** Answer one HTTP request of this session (its id, owner and protocol header already checked). */
  async handleRequest(
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
  ): Promise<void> {
    const toolCall = this.#directToolCall(request, body);
    const message = toolCall ?? this.#directRequest(request, body);
    if (!message) {
      await this.#inner.handleRequest(request, response, body);
      return;
    }
    await new Promise<void>((settle) => {
      const pending: PendingRequest = {
        message,
        request,
        response,
        state: 'waiting',
        timer: undefined,
        queue: [],
        settle,
      };
      this.#pending.set(message.id, pending);
      pending.timer = setTimeout(() => this.#handOver(pending), JSON_ANSWER_WINDOW_MS);
      // A client gone before the answer: what the request still sends has nowhere to go.
      response.once('close', () => {
        if (this.#pending.get(message.id) !== pending || pending.state !== 'waiting') return;
        clearTimeout(pending.timer);
        this.#pending.delete(message.id);
        settle();
      });
      try {
        const answer = toolCall ? this.direct?.take(toolCall) : undefined;
        if (answer) {
          answer
            .then((reply) => (reply ? this.send(reply) : undefined))
            .catch((error: unknown) => this.onerror?.(error as Error));
        } else {
          this.onmessage?.(message, {
            requestInfo: {
              headers: headersOf(request),
              url: new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`),
            },
          });
        }
      } catch (error) {
        clearTimeout(pending.timer);
        this.#pending.delete(message.id);
        throw error;
      }
    });
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const id = isResponse(message) ? (message as { id: RequestId }).id : options?.relatedRequestId;
    const pending = id === undefined ? undefined : this.#pending.get(id);
    if (!pending) return this.#inner.send(message, options);
    if (pending.state === 'waiting') {
      if (isResponse(message)) {
        this.#answer(pending, message);
        return;
      }
      this.#handOver(pending);
    }
    return new Promise((resolve, reject) => {
      pending.queue.push({ message, options, resolve, reject });
    });
  }

  async close(): Promise<void> {
    if (!this.#closed) {
      this.#closed = true;
      for (const pending of this.#pending.values()) {
        clearTimeout(pending.timer);
        for (const queued of pending.queue) queued.resolve();
        if (!pending.response.headersSent) pending.response.destroy();
        pending.settle();
      }
      this.#pending.clear();
    }
    await this.#inner.close();
  }

  /**
   * The request of a POST that may take the short way, validated as the SDK would; undefined
   * sends the POST through the SDK transport (which also answers whatever is wrong with it).
   */
  #directRequest(request: IncomingMessage, body: unknown): JSONRPCRequest | undefined {
    if (!this.#mayAnswerAsJson(request, body)) return undefined;
    const parsed = JSONRPCMessageSchema.safeParse(body);
    if (!parsed.success) return undefined;
    const message = parsed.data;
    if (!isJSONRPCRequest(message) || message.method === 'initialize') return undefined;
    if (this.#pending.has(message.id)) return undefined;
    return message;
  }

  /** Whether the POST allows a JSON answer (its headers, a single message, the session open). */
  #mayAnswerAsJson(request: IncomingMessage, body: unknown): boolean {
    if (this.#closed || request.method !== 'POST') return false;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
    const accept = request.headers.accept;
    if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) {
      return false;
    }
    if (!isPlainJsonContentType(request.headers['content-type'])) return false;
    const version = request.headers['mcp-protocol-version'];
    return version === undefined || SUPPORTED_PROTOCOL_VERSIONS.includes(String(version));
  }

  /**
   * A tools/call the session answers itself (no schema parses of the request or of its result),
   * checked by shape alone; undefined leaves the POST to the general path.
   */
  #directToolCall(request: IncomingMessage, body: unknown): DirectToolCall | undefined {
    if (!this.direct || !isDirectToolCall(body)) return undefined;
    if (!this.#mayAnswerAsJson(request, body) || this.#pending.has(body.id)) return undefined;
    return body;
  }

  #answer(pending: PendingRequest, message: JSONRPCMessage): void {
    clearTimeout(pending.timer);
    this.#pending.delete(pending.message.id);
    const { response } = pending;
    if (!response.destroyed && !response.headersSent) {
      const text = JSON.stringify(message);
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
        ...(this.sessionId === undefined ? {} : { 'mcp-session-id': this.sessionId }),
      });
      response.end(text);
    }
    pending.settle();
  }

  /** Let the SDK transport open the request's event stream; it takes every later message. */
  #handOver(pending: PendingRequest): void {
    if (pending.state !== 'waiting') return;
    clearTimeout(pending.timer);
    pending.state = 'handing_over';
    this.#inner
      .handleRequest(pending.request, pending.response, pending.message)
      .catch((error: unknown) => this.onerror?.(error as Error))
      .finally(() => {
        // Refused (the session closed meanwhile): nothing more can reach this client.
        if (this.#pending.get(pending.message.id) === pending) {
          this.#pending.delete(pending.message.id);
          for (const queued of pending.queue) queued.resolve();
        }
        pending.settle();
      });
  }

  /** The SDK transport holds the request's stream now: send it what waited, in order. */
  #handedOver(pending: PendingRequest): void {
    this.#pending.delete(pending.message.id);
    for (const queued of pending.queue.splice(0)) {
      this.#inner.send(queued.message, queued.options).then(queued.resolve, queued.reject);
    }
  }
}
