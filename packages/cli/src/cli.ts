import {
  type CommandSpec,
  formatCommandHelp,
  type ParsedCommandArgs,
  parseCommandArgs,
} from './args.js';
import { CliError, formatFailure } from './cli-error.js';
import { approveCommand, approveSpec, toApproveArgs } from './commands/approve.js';
import { callCommand, callSpec, toCallArgs } from './commands/call.js';
import { diffCommand, diffSpec, toDiffArgs } from './commands/diff.js';
import { evalCommand, evalSpec, toEvalArgs } from './commands/eval.js';
import { inspectCommand, inspectSpec, toInspectArgs } from './commands/inspect.js';
import { listCommand, listSpec, toListArgs } from './commands/list.js';
import { searchCommand, searchSpec, toSearchArgs } from './commands/search.js';
import { serveCommand, serveSpec, toServeArgs } from './commands/serve.js';
import { type CliIO, writeLine } from './io.js';
import { closestMatch } from './suggest.js';
import { cliVersion } from './version.js';

interface Command {
  spec: CommandSpec;
  run(parsed: ParsedCommandArgs, io: CliIO): Promise<number>;
}

const COMMANDS: readonly Command[] = [
  { spec: searchSpec, run: (parsed, io) => searchCommand(toSearchArgs(parsed), io) },
  { spec: listSpec, run: (parsed, io) => listCommand(toListArgs(parsed), io) },
  { spec: inspectSpec, run: (parsed, io) => inspectCommand(toInspectArgs(parsed), io) },
  { spec: evalSpec, run: (parsed, io) => evalCommand(toEvalArgs(parsed), io) },
  { spec: serveSpec, run: (parsed, io) => serveCommand(toServeArgs(parsed), io) },
  { spec: callSpec, run: (parsed, io) => callCommand(toCallArgs(parsed), io) },
  { spec: approveSpec, run: (parsed, io) => approveCommand(toApproveArgs(parsed), io) },
  { spec: diffSpec, run: (parsed, io) => diffCommand(toDiffArgs(parsed), io) },
];

/** The CLI's version, read from its package.json (which sits beside dist/ and src/). */

export function formatMainHelp(): string {
  const lines = [
    'arsenal — find, inspect and evaluate the tools an LLM agent can use.',
    '',
    'Usage: arsenal <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((command) => `  ${command.spec.name.padEnd(10)}${command.spec.summary}`),
    '',
    'Options:',
    '  -h, --help     Show help (also `arsenal <command> --help`).',
    '  -v, --version  Show the version.',
    '',
    'Without --catalog, commands use the built-in demo catalog: 87 business tools',
    'plus the 4,076 tools of Seal-Tools (namespace "seal"). No API key or network needed.',
    '',
    'Examples:',
    '  arsenal search "convert this amount of dollars to euros"',
    '  arsenal inspect create_payment',
    '  arsenal serve --http :3333',
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * Run the CLI on `argv` (the words after `arsenal`), writing to `io`. Returns the exit code;
 * never throws: every failure becomes one line on stderr.
 *
 * @example
 * ```ts
 * import { createMemoryWriter, runCli } from '@arsenal/cli';
 *
 * const stdout = createMemoryWriter();
 * const stderr = createMemoryWriter();
 * const exitCode = await runCli(['search', 'convert dollars to euros', '--limit', '3'], {
 *   stdout,
 *   stderr,
 * });
 * console.log(exitCode, stdout.text);
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  try {
    const [first, ...rest] = argv;
    if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
      const topic = first === 'help' ? rest[0] : undefined;
      const command = COMMANDS.find((candidate) => candidate.spec.name === topic);
      io.stdout.write(command ? formatCommandHelp(command.spec) : formatMainHelp());
      return 0;
    }
    if (first === '--version' || first === '-v') {
      writeLine(io.stdout, cliVersion());
      return 0;
    }
    const command = COMMANDS.find((candidate) => candidate.spec.name === first);
    if (!command) {
      const names = COMMANDS.map((candidate) => candidate.spec.name);
      if (first.startsWith('-')) {
        throw new CliError(
          `unknown option ${first}`,
          `put options after a command (${names.join(', ')}); run \`arsenal --help\``,
        );
      }
      const suggestion = closestMatch(first, names);
      throw new CliError(
        `unknown command "${first}"`,
        suggestion
          ? `did you mean \`arsenal ${suggestion}\`?`
          : `use one of ${names.join(', ')}; run \`arsenal --help\``,
      );
    }
    const parsed = parseCommandArgs(command.spec, rest);
    if (parsed.help) {
      io.stdout.write(formatCommandHelp(command.spec));
      return 0;
    }
    return await command.run(parsed, io);
  } catch (error) {
    const failure = formatFailure(error);
    writeLine(io.stderr, failure.line);
    return failure.exitCode;
  }
}
