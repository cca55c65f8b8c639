const MAX_LINE_LENGTH = 4_000;

/**
 * Keeps the last `capacity` lines written to a stream, split on newlines, so a crashed server's
 * last words are available for diagnostics without unbounded memory.
 */
export class StderrRingBuffer {
  readonly #capacity: number;
  readonly #lines: string[] = [];
  #partial = '';

  constructor(
    capacity: number,
    private readonly onLine?: (line: string) => void,
  ) {
    this.#capacity = Math.max(1, Math.floor(capacity));
  }

  /** Feed a chunk; complete lines are stored and forwarded. */
  write(chunk: string): void {
    const text = this.#partial + chunk;
    const parts = text.split(/\r?\n/);
    this.#partial = parts.pop() ?? '';
    if (this.#partial.length > MAX_LINE_LENGTH) {
      this.#push(this.#partial);
      this.#partial = '';
    }
    for (const line of parts) this.#push(line);
  }

  /** Store whatever is left without a trailing newline (the stream ended). */
  flush(): void {
    if (this.#partial.length > 0) this.#push(this.#partial);
    this.#partial = '';
  }

  /** The stored lines, oldest first. */
  lines(): string[] {
    return [...this.#lines];
  }

  #push(raw: string): void {
    const line = raw.length > MAX_LINE_LENGTH ? `${raw.slice(0, MAX_LINE_LENGTH)}…` : raw;
    this.#lines.push(line);
    if (this.#lines.length > this.#capacity) this.#lines.shift();
    try {
      this.onLine?.(line);
    } catch {
      // A faulty diagnostics callback must not break the connection.
    }
  }
}
