import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { parseServerLine } from './result-shapes.js';

/** Longest line a server may send, as the SDK's own reader allows. */
const MAX_BUFFER_BYTES = 10 * 1024 * 1024;
const NEWLINE = 0x0a;

/**
 * The newline-delimited reader of a stdio server's output, as the SDK's ReadBuffer (same limits,
 * same errors for broken lines), with each line parsed by {@link parseServerLine}: a plain
 * result response is passed on as parsed, everything else is checked by the SDK's schema.
 */
export class ServerLineReader {
  #buffer: Buffer | undefined;
  /** Takes the messages meant for Arsenal's direct tools/call path before the SDK sees them. */
  taker: { take(message: JSONRPCMessage): boolean } | undefined;

  append(chunk: Buffer): void {
    const size = (this.#buffer?.length ?? 0) + chunk.length;
    if (size > MAX_BUFFER_BYTES) {
      this.clear();
      throw new Error(`ReadBuffer exceeded maximum size of ${MAX_BUFFER_BYTES} bytes`);
    }
    this.#buffer = this.#buffer ? Buffer.concat([this.#buffer, chunk]) : chunk;
  }

  readMessage(): JSONRPCMessage | null {
    for (;;) {
      const buffer = this.#buffer;
      if (!buffer) return null;
      const index = buffer.indexOf(NEWLINE);
      if (index === -1) return null;
      let end = index;
      if (end > 0 && buffer[end - 1] === 0x0d) end--;
      const line = buffer.toString('utf8', 0, end);
      this.#buffer = index + 1 < buffer.length ? buffer.subarray(index + 1) : undefined;
      const message = parseServerLine(line);
      if (!this.taker?.take(message)) return message;
    }
  }

  clear(): void {
    this.#buffer = undefined;
  }
}

/**
 * Give an SDK stdio client transport this reader. The SDK keeps its reader in a field it does not
 * export; when that field is not where this expects it (another SDK version), the transport keeps
 * its own reader and works as before.
 */
export function useServerLineReader(transport: StdioClientTransport): boolean {
  const fields = transport as unknown as { _readBuffer?: { readMessage?: unknown } };
  if (typeof fields._readBuffer?.readMessage !== 'function') return false;
  (fields as { _readBuffer: unknown })._readBuffer = new ServerLineReader();
  return true;
}
