import { parseArgs } from 'node:util';
import { CliError } from './cli-error.js';
import { closestMatch } from './suggest.js';

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** May be given several times; the values are collected in order. */
  multiple?: boolean;
  short?: string;
  /** Shown in help: `--limit <n>`. */
  valueName?: string;
  description: string;
}

export interface PositionalSpec {
  name: string;
  description: string;
  required: boolean;
}

/** Everything needed to parse a command's arguments and print its help. */
export interface CommandSpec {
  name: string;
  summary: string;
  usage: string;
  positionals: readonly PositionalSpec[];
  options: Readonly<Record<string, OptionSpec>>;
  examples: readonly string[];
  notes?: readonly string[];
}

export type OptionValues = Record<string, string | boolean | string[] | undefined>;

export interface ParsedCommandArgs {
  values: OptionValues;
  positionals: string[];
  help: boolean;
}

const HELP_OPTION: OptionSpec = { type: 'boolean', short: 'h', description: 'Show this help.' };

// Node quotes the option as `'--limt'` or `'-n, --limit <value>'`; prefer the long form.
function optionLabel(error: Error): string {
  const quoted = /'(-[^']*)'/.exec(error.message)?.[1] ?? '';
  return /--[\w-]+/.exec(quoted)?.[0] ?? /-[\w-]+/.exec(quoted)?.[0] ?? 'an option';
}

/** Parse `argv` (the words after the command name) against `spec`; mistakes become CliErrors. */
export function parseCommandArgs(spec: CommandSpec, argv: readonly string[]): ParsedCommandArgs {
  const options: Record<string, OptionSpec> = { ...spec.options, help: HELP_OPTION };
  const helpHint = `run \`arsenal ${spec.name} --help\` for its usage`;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: Object.fromEntries(
        Object.entries(options).map(([name, option]) => [
          name,
          {
            type: option.type,
            ...(option.multiple ? { multiple: true } : {}),
            ...(option.short ? { short: option.short } : {}),
          },
        ]),
      ),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (!(error instanceof Error) || code === undefined || !code.startsWith('ERR_PARSE_ARGS')) {
      throw error;
    }
    const label = optionLabel(error);
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const suggestion = closestMatch(
        label.replace(/^-+/, ''),
        Object.keys(options).filter((name) => name !== 'help'),
      );
      throw new CliError(
        `unknown option ${label} for \`arsenal ${spec.name}\``,
        suggestion ? `did you mean --${suggestion}? Or ${helpHint}` : helpHint,
      );
    }
    if (/does not take an argument/.test(error.message)) {
      throw new CliError(`option ${label} does not take a value`, `remove the value; ${helpHint}`);
    }
    if (/argument missing|ambiguous/.test(error.message)) {
      const name = label.replace(/^-+/, '').split('=')[0] ?? '';
      const valueName = options[name]?.valueName ?? 'value';
      throw new CliError(
        `option ${label} needs a value`,
        `write it as ${label} <${valueName}> (use ${label}=<${valueName}> for values starting with "-")`,
      );
    }
    throw new CliError(error.message.split('\n')[0] ?? 'bad arguments', helpHint);
  }
  const values = parsed.values as OptionValues;
  const help = values.help === true;
  delete values.help;
  const positionals = [...parsed.positionals];
  if (!help) {
    if (positionals.length > spec.positionals.length) {
      const extra = positionals[spec.positionals.length];
      throw new CliError(
        `unexpected argument "${extra}" for \`arsenal ${spec.name}\``,
        spec.positionals.length > 0
          ? `quote multi-word values, e.g. ${spec.usage}`
          : `this command takes no positional arguments; ${helpHint}`,
      );
    }
    const missing = spec.positionals
      .slice(positionals.length)
      .find((positional) => positional.required);
    if (missing) {
      throw new CliError(`missing ${missing.name}`, `usage: ${spec.usage}`);
    }
  }
  return { values, positionals, help };
}

/** The help text of one command. */
export function formatCommandHelp(spec: CommandSpec): string {
  const lines = [`${spec.summary}`, '', `Usage: ${spec.usage}`];
  if (spec.positionals.length > 0) {
    lines.push('', 'Arguments:');
    for (const positional of spec.positionals) {
      lines.push(`  ${positional.name.padEnd(26)}${positional.description}`);
    }
  }
  lines.push('', 'Options:');
  const entries = [...Object.entries(spec.options), ['help', HELP_OPTION] as const];
  for (const [name, option] of entries) {
    const flag = `${option.short ? `-${option.short}, ` : '    '}--${name}${
      option.type === 'string' ? ` <${option.valueName ?? 'value'}>` : ''
    }`;
    const repeat = option.multiple ? ' Repeatable.' : '';
    lines.push(`  ${flag.padEnd(26)}${option.description}${repeat}`);
  }
  if (spec.notes && spec.notes.length > 0) {
    lines.push('', ...spec.notes);
  }
  if (spec.examples.length > 0) {
    lines.push('', 'Examples:', ...spec.examples.map((example) => `  ${example}`));
  }
  return `${lines.join('\n')}\n`;
}

export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function stringListOption(values: OptionValues, name: string): string[] {
  const value = values[name];
  if (Array.isArray(value)) return value;
  return typeof value === 'string' ? [value] : [];
}

/** A whole number within bounds, or undefined when the option is absent. */
export function integerOption(
  values: OptionValues,
  name: string,
  bounds: { min: number; max?: number },
): number | undefined {
  const raw = stringOption(values, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  const max = bounds.max ?? Number.MAX_SAFE_INTEGER;
  if (!/^-?\d+$/.test(raw.trim()) || value < bounds.min || value > max) {
    const range = bounds.max === undefined ? `>= ${bounds.min}` : `${bounds.min}–${bounds.max}`;
    throw new CliError(
      `--${name} must be a whole number ${range}, got "${raw}"`,
      `for example --${name} ${Math.max(bounds.min, Math.min(10, max))}`,
    );
  }
  return value;
}

/** A number within bounds, or undefined when the option is absent. */
export function numberOption(
  values: OptionValues,
  name: string,
  bounds: { min: number; max: number },
): number | undefined {
  const raw = stringOption(values, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < bounds.min || value > bounds.max) {
    throw new CliError(
      `--${name} must be a number from ${bounds.min} to ${bounds.max}, got "${raw}"`,
      `for example --${name} ${(bounds.min + bounds.max) / 2}`,
    );
  }
  return value;
}
