import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { isPlainObject } from './plain-object.js';

/** Longest line read before the session gives up on its input (as the SDK's own stdio transport). */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

const NEWLINE = 0x0a;

/**
 * Requests a session answers itself, before the SDK's protocol layer sees them. `take` looks at a
 * parsed line and either returns the answer to come (a response, or undefined when the call was
 * cancelled and nothing is to be sent) or undefined to leave the message to the SDK.
 */
export interface DirectRequests {
  take(message: unknown): Promise<JSONRPCMessage | undefined> | undefined;
  /** `notifications/cancelled` arrived for this id (the SDK sees it too). */
  cancel(requestId: RequestId, reason: unknown): void;
}

/**
 * Newline-delimited JSON-RPC over a pair of streams, the MCP stdio transport. Each line is parsed
 * once; a request that `direct` takes is answered without the SDK's per-message schema checks
 * (the taker checks what it relies on), every other message is checked against the JSON-RPC
 * message schema and delivered to the SDK as its own stdio transport would. A line that is not
 * JSON or not JSON-RPC is reported to `onerror` and skipped, and the session goes on.
 */
export class StdioLineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Set by the session after connecting. */
  direct: DirectRequests | undefined;
  readonly #stdin: Readable;
  readonly #stdout: Writable;
  /** Bytes of a line not complete yet. */
  #partial: Buffer[] = [];
  #partialBytes = 0;
  #started = false;
  #closed = false;

  constructor(stdin: Readable, stdout: Writable) {
    this.#stdin = stdin;
    this.#stdout = stdout;
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error('StdioLineTransport already started.');
    this.#started = true;
    this.#stdin.on('data', this.#onData);
    this.#stdin.on('error', this.#onStreamError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.#write(`${JSON.stringify(message)}\n`);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stdin.off('data', this.#onData);
    this.#stdin.off('error', this.#onStreamError);
    if (this.#stdin.listenerCount('data') === 0) this.#stdin.pause();
    this.#partial = [];
    this.#partialBytes = 0;
    this.onclose?.();
  }

  #write(text: string): Promise<void> {
    if (this.#closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.#stdout.write(text)) resolve();
      else this.#stdout.once('drain', resolve);
    });
  }

  readonly #onStreamError = (error: Error) => this.onerror?.(error);

  /** A direct answer goes out as written; nothing waits for the write (no promise per answer). */
  readonly #sendAnswer = (response: JSONRPCMessage | undefined): void => {
    if (response && !this.#closed) this.#stdout.write(`${JSON.stringify(response)}\n`);
  };

  readonly #answerFailed = (error: unknown): void => this.onerror?.(error as Error);

  readonly #onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    let end = bytes.indexOf(NEWLINE);
    while (end !== -1 && !this.#closed) {
      if (this.#partialBytes > 0) {
        const line = Buffer.concat([...this.#partial, bytes.subarray(start, end)]);
        this.#partial = [];
        this.#partialBytes = 0;
        this.#line(line, 0, line.length);
      } else {
        // Read in place: no Buffer view per line.
        this.#line(bytes, start, end);
      }
      start = end + 1;
      end = bytes.indexOf(NEWLINE, start);
    }
    if (start >= bytes.length || this.#closed) return;
    this.#partial.push(bytes.subarray(start));
    this.#partialBytes += bytes.length - start;
    if (this.#partialBytes > MAX_LINE_BYTES) {
      this.onerror?.(
        new Error(
          `A stdio message exceeded ${MAX_LINE_BYTES} bytes without a newline; the session closes. Send one JSON-RPC message per line.`,
        ),
      );
      void this.close();
    }
  };

  /** The line of `bytes` from `start` to `end` (its newline excluded). */
  #line(bytes: Buffer, start: number, end: number): void {
    if (end > start && bytes[end - 1] === 0x0d) end--;
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8', start, end));
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    if (this.direct && isPlainObject(value)) {
      if (value.method === 'tools/call') {
        const answer = this.direct.take(value);
        if (answer) {
          answer.then(this.#sendAnswer, this.#answerFailed);
          return;
        }
      } else if (value.method === 'notifications/cancelled' && isPlainObject(value.params)) {
        const id = value.params.requestId;
        if (typeof id === 'string' || typeof id === 'number') {
          this.direct.cancel(id, value.params.reason);
        }
      }
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.onerror?.(parsed.error);
      return;
    }
    this.onmessage?.(parsed.data);
  }
}
