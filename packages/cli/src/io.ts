/**
 * Where a command writes. `process.stdout` / `process.stderr` fit; tests pass memory writers.
 *
 * @example
 * ```ts
 * import { runCli, type Writer } from '@arsenal/cli';
 *
 * // Send the CLI's output to a logger instead of the terminal.
 * const lines: string[] = [];
 * const toLog: Writer = { write: (text: string) => lines.push(text) };
 * await runCli(['list', '--limit', '5'], { stdout: toLog, stderr: process.stderr });
 * ```
 */
export interface Writer {
  /** Write `text` as it is (commands add their own newlines). */
  write(text: string): unknown;
  /** True when the writer is a terminal; enables the progress bar. */
  isTTY?: boolean;
  /** Terminal width, when known. */
  columns?: number;
}

/**
 * Where a command writes its output (`stdout`) and its errors and progress (`stderr`).
 *
 * @example
 * ```ts
 * import { type CliIO, runCli } from '@arsenal/cli';
 *
 * const io: CliIO = { stdout: process.stdout, stderr: process.stderr };
 * process.exitCode = await runCli(process.argv.slice(2), io);
 * ```
 */
export interface CliIO {
  stdout: Writer;
  stderr: Writer;
}

/** Write `text` followed by a newline. */
export function writeLine(writer: Writer, text = ''): void {
  writer.write(`${text}\n`);
}

/**
 * A writer that keeps everything written, for tests and for capturing output.
 *
 * @example
 * ```ts
 * import { createMemoryWriter, type MemoryWriter, runCli } from '@arsenal/cli';
 *
 * const stdout: MemoryWriter = createMemoryWriter();
 * await runCli(['--version'], { stdout, stderr: createMemoryWriter() });
 * stdout.text; // the version, as package.json says
 * ```
 */
export interface MemoryWriter extends Writer {
  readonly text: string;
}

/**
 * A writer that keeps what is written in `text`; `isTTY` and `columns` pretend to be a terminal.
 *
 * @example
 * ```ts
 * import { createMemoryWriter, runCli } from '@arsenal/cli';
 *
 * const stdout = createMemoryWriter({ isTTY: true, columns: 80 });
 * const stderr = createMemoryWriter();
 * const exitCode = await runCli(['search', 'weather', '--limit', '2'], { stdout, stderr });
 * console.log(exitCode, stdout.text, stderr.text);
 * ```
 */
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
