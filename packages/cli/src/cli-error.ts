import { ArsenalError } from '@arsenal/core';

/**
 * A problem the user can fix: printed as one line, `arsenal: <what was wrong> — <how to fix>`,
 * with a non-zero exit code and never a stack trace.
 *
 * @example
 * ```ts
 * import { CliError, createMemoryWriter, runCli } from '@arsenal/cli';
 *
 * const error = new CliError('--limit must be a whole number, got "ten"', 'pass --limit 10');
 * CliError.isInstance(error); // true; runCli prints `arsenal: <message> — <hint>` and exits 2
 *
 * const stderr = createMemoryWriter();
 * await runCli(['search', 'weather', '--limit', 'ten'], { stdout: createMemoryWriter(), stderr });
 * console.log(stderr.text); // one line, no stack trace
 * ```
 */
export class CliError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.cli.CliError');
  readonly hint: string;
  readonly exitCode: number;
  constructor(message: string, hint: string, options: { exitCode?: number; cause?: unknown } = {}) {
    super('cli_usage', message, { cause: options.cause });
    this.hint = hint;
    this.exitCode = options.exitCode ?? 2;
  }
}

/** Exit code for usage mistakes (bad flag, missing value) and bad input files. */
export const EXIT_USAGE = 2;
/** Exit code for failures that are not the user's input (a bug, a failing dependency). */
export const EXIT_FAILURE = 1;

// Hints for Arsenal error codes the CLI can meet while loading catalogs and retrieving.
const HINTS: Readonly<Record<string, string>> = {
  invalid_catalog:
    'fix the file at that line, or check it is JSON, JSONL or YAML as its extension says',
  invalid_tool_definition: 'fix the tool definition in the catalog',
  suspicious_tool_content: 'remove the flagged text from the tool description',
  tool_not_found: 'run `arsenal list` to see the registered tools',
  invalid_argument: 'run `arsenal <command> --help` for the accepted values',
  transcoder_missing: 'install the @arsenal/transcoder-<dialect> package',
  transcode_failed: 'simplify the tool schema for that dialect',
};

/** Collapse a possibly multi-line message to one line. */
export function oneLine(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim().replace(/^- /, ''))
    .filter((line) => line !== '')
    .join('; ')
    .replace(/:;/g, ':');
}

/** The single line printed for anything a command throws. */
export function formatFailure(error: unknown): { line: string; exitCode: number } {
  if (CliError.isInstance(error)) {
    return { line: `arsenal: ${oneLine(error.message)} — ${error.hint}`, exitCode: error.exitCode };
  }
  const configFailure = formatConfigFailure(error);
  if (configFailure) return configFailure;
  const systemFailure = formatSystemFailure(error);
  if (systemFailure) return systemFailure;
  if (ArsenalError.isInstance(error)) {
    const hint = HINTS[error.code] ?? 'check the input, or report this with the command you ran';
    const exitCode = error.code === 'internal' ? EXIT_FAILURE : EXIT_USAGE;
    return { line: `arsenal: ${oneLine(error.message)} — ${hint}`, exitCode };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    line: `arsenal: unexpected error: ${oneLine(message)} — please report it with the command you ran`,
    exitCode: EXIT_FAILURE,
  };
}

interface ConfigIssueLike {
  path: string;
  line?: number;
  message: string;
}

/** A config file problem: `file:line: key: message`, one line per issue, no bug-report hint. */
function formatConfigFailure(error: unknown): { line: string; exitCode: number } | undefined {
  if (!ArsenalError.isInstance(error)) return undefined;
  const { source, issues } = error as { source?: unknown; issues?: unknown };
  if (typeof source !== 'string' || !Array.isArray(issues) || issues.length === 0) return undefined;
  const lines = (issues as ConfigIssueLike[]).map((issue) => {
    const where = `${source}${issue.line === undefined ? '' : `:${issue.line}`}`;
    return `arsenal: ${where}: ${issue.path ? `${issue.path}: ` : ''}${oneLine(issue.message)}`;
  });
  return { line: lines.join('\n'), exitCode: EXIT_USAGE };
}

/** Errors from the operating system a user can fix: a port in use, a path that is not there. */
function formatSystemFailure(error: unknown): { line: string; exitCode: number } | undefined {
  const { code, address, port, path } = (error ?? {}) as {
    code?: unknown;
    address?: unknown;
    port?: unknown;
    path?: unknown;
  };
  if (code === 'EADDRINUSE') {
    const where = typeof port === 'number' ? `${address ?? '127.0.0.1'}:${port}` : 'that port';
    return {
      line: `arsenal: ${where} is already in use — stop whatever listens there, or pick another port (--http :<port>)`,
      exitCode: EXIT_USAGE,
    };
  }
  if (code === 'EACCES' && typeof port === 'number') {
    return {
      line: `arsenal: no permission to listen on port ${port} — use a port above 1023`,
      exitCode: EXIT_USAGE,
    };
  }
  if (code === 'ENOENT' && typeof path === 'string') {
    return { line: `arsenal: ${path}: no such file — check the path`, exitCode: EXIT_USAGE };
  }
  return undefined;
}
