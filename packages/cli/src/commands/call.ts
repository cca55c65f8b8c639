import type { ToolResult } from '@arsenal/core';
import { type CommandSpec, type ParsedCommandArgs, stringOption } from '../args.js';
import { CliError, EXIT_FAILURE } from '../cli-error.js';
import { type CliIO, writeLine } from '../io.js';
import { openConfiguredArsenal } from './open-arsenal.js';

export const callSpec: CommandSpec = {
  name: 'call',
  summary: 'Run one tool through the execution engine and print its result.',
  usage: 'arsenal call <tool> [--args <json>] [options]',
  positionals: [
    {
      name: '<tool>',
      description: 'Tool name, namespace.name or qualified name.',
      required: true,
    },
  ],
  options: {
    args: {
      type: 'string',
      short: 'a',
      valueName: 'json',
      description: 'The arguments as a JSON object. Default {}.',
    },
    config: {
      type: 'string',
      short: 'c',
      valueName: 'file',
      description:
        'arsenal.yaml with the tools and MCP servers. Default: the demo setup of `arsenal serve`.',
    },
    yes: {
      type: 'boolean',
      short: 'y',
      description: 'Confirm the call when the policy asks for a human confirmation.',
    },
    json: { type: 'boolean', description: 'Print the whole ToolResult as JSON.' },
  },
  notes: [
    'Validation, policy, confirmation, timeouts and retries apply as for any call. A call that',
    'needs confirmation runs only with --yes. Exit code 0 on success, 1 when the call fails.',
  ],
  examples: [
    'arsenal call everything.get_sum --args \'{"a": 2, "b": 3}\'',
    'arsenal call memory.read_graph --json',
    'arsenal call filesystem.write_file --config arsenal.yaml --args \'{"path": "a.txt", "content": "hi"}\' --yes',
  ],
};

export interface CallArgs {
  tool: string;
  arguments: Record<string, unknown>;
  config?: string;
  yes: boolean;
  json: boolean;
}

export function toCallArgs(parsed: ParsedCommandArgs): CallArgs {
  const tool = parsed.positionals[0] ?? '';
  if (tool.trim() === '') {
    throw new CliError('call needs a tool name', 'e.g. arsenal call everything.get_sum');
  }
  const raw = stringOption(parsed.values, 'args') ?? '{}';
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new CliError(
      `--args is not valid JSON (${(error as Error).message})`,
      `quote the object for your shell, e.g. --args '{"a": 2}'`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliError('--args must be a JSON object', `e.g. --args '{"a": 2}'`);
  }
  return {
    tool,
    arguments: value as Record<string, unknown>,
    config: stringOption(parsed.values, 'config'),
    yes: parsed.values.yes === true,
    json: parsed.values.json === true,
  };
}

/** The text a person reads: MCP-style text content when the tool returned it, else JSON. */
function resultText(result: unknown): string {
  const content = (result as { content?: unknown })?.content;
  if (Array.isArray(content)) {
    const texts = content
      .filter((item): item is { type: 'text'; text: string } => item?.type === 'text')
      .map((item) => item.text);
    if (texts.length > 0) return texts.join('\n');
  }
  return typeof result === 'string' ? result : JSON.stringify(result, null, 2);
}

function printResult(io: CliIO, result: ToolResult, json: boolean): number {
  if (json) {
    writeLine(io.stdout, JSON.stringify(result, null, 2));
  } else if (result.status === 'success') {
    writeLine(io.stdout, resultText(result.result));
  } else if (result.status === 'pending_confirmation') {
    writeLine(
      io.stderr,
      `arsenal: ${result.tool} needs a confirmation (${result.confirmation?.reason ?? 'policy'}) — run it again with --yes to confirm`,
    );
  } else {
    const error = result.error;
    // `permission_denied: permission_denied:` says nothing twice: name the code once when it
    // repeats the status.
    const code = error?.code ?? 'error';
    const label = code === result.status ? code : `${result.status}: ${code}`;
    writeLine(io.stderr, `arsenal: ${label}: ${(error?.message ?? '').split('\n')[0]}`);
    // Every problem, one per line: fixing the arguments should take one try, not one per issue.
    for (const issue of error?.issues ?? []) {
      writeLine(io.stderr, `  ${issue.path || '(arguments)'}: ${issue.message}`);
    }
  }
  return result.status === 'success' ? 0 : EXIT_FAILURE;
}

/** `arsenal call`: one call through the engine, then release every connection. */
export async function callCommand(args: CallArgs, io: CliIO): Promise<number> {
  const opened = await openConfiguredArsenal(args.config, io);
  try {
    const arsenal = opened.configured.arsenal;
    let result = await arsenal.execute({ tool: args.tool, arguments: args.arguments });
    if (result.status === 'pending_confirmation' && args.yes && result.confirmation) {
      result = await arsenal.confirm(result.confirmation.id);
    }
    return printResult(io, result, args.json);
  } finally {
    await opened.close();
  }
}
