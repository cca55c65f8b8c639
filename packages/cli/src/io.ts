/** Where a command writes. `process.stdout` / `process.stderr` fit; tests pass memory writers. */
export interface Writer {
  write(text: string): unknown;
  /** True when the writer is a terminal; enables the progress bar. */
  isTTY?: boolean;
  /** Terminal width, when known. */
  columns?: number;
}

export interface CliIO {
  stdout: Writer;
  stderr: Writer;
}

/** Write `text` followed by a newline. */
export function writeLine(writer: Writer, text = ''): void {
  writer.write(`${text}\n`);
}

/** A writer that keeps everything written, for tests and for capturing output. */
export interface MemoryWriter extends Writer {
  readonly text: string;
}

export function createMemoryWriter(
  options: { isTTY?: boolean; columns?: number } = {},
): MemoryWriter {
  const chunks: string[] = [];
  return {
    isTTY: options.isTTY ?? false,
    columns: options.columns,
    write(text: string) {
      chunks.push(text);
      return true;
    },
    get text() {
      return chunks.join('');
    },
  };
}
