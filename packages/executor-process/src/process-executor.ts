import {
  CancelledError,
  createToolDefinition,
  type ExecutionRequest,
  type Executor,
  type ToolDefinition,
  ToolExecutionError,
  type ToolSource,
  ToolTimeoutError,
} from '@arsenal/core';
import { renderArgv } from './argv-template.js';
import { inputSchemaOf, type ProcessToolSpec, validateSpec } from './process-tool-spec.js';
import { type ProcessOutcome, type ProcessRun, runProcess } from './run-process.js';
import { sandboxed } from './sandbox.js';

/** What a successful call returns. */
export interface ProcessToolResult {
  exitCode: number;
  stdout: string | unknown;
  stderr: string;
}

export interface ProcessToolSourceOptions {
  /** Source id and default namespace of its tools. Default `cli`. */
  id?: string;
  tools: readonly ProcessToolSpec[];
}

const DEFAULT_ENV = ['PATH', 'LANG', 'LC_ALL', 'HOME', 'TZ'];

/** Runs the tools of one process source. */
export class ProcessExecutor implements Executor {
  readonly kind = 'process';
  readonly #specs: Map<string, ProcessToolSpec>;
  readonly #sourceId: string;

  constructor(sourceId: string, specs: readonly ProcessToolSpec[]) {
    this.#sourceId = sourceId;
    this.#specs = new Map(specs.map((spec) => [spec.name, spec]));
  }

  canExecute(tool: ToolDefinition): boolean {
    return tool.source === 'cli' && tool.metadata.processSource === this.#sourceId;
  }

  async execute(request: ExecutionRequest): Promise<ProcessToolResult> {
    const { tool, context } = request;
    const spec = this.#specs.get(String(tool.metadata.processTool ?? tool.name));
    if (!spec) {
      throw new ToolExecutionError(tool.name, `No command is bound to tool "${tool.name}".`);
    }
    if (context.signal.aborted) throw new CancelledError(`Tool "${tool.name}" was cancelled.`);
    const args = request.arguments;
    const renderOptions = {
      toolName: tool.name,
      ...(spec.allowLeadingDash ? { allowLeadingDash: spec.allowLeadingDash } : {}),
    };
    const argv = renderArgv(spec.args ?? [], args, renderOptions);
    const stdin = spec.stdin === undefined ? undefined : renderText(spec.stdin, args);
    const env = environmentOf(spec);
    let run: Omit<ProcessRun, 'timeoutMs' | 'killGraceMs' | 'maxOutputBytes'> = {
      command: spec.command,
      argv,
      env,
    };
    if (spec.sandbox) {
      const sandbox = spec.sandbox === true ? {} : spec.sandbox;
      run = sandboxed(tool.name, spec.command, argv, {
        ...sandbox,
        env,
        ...(spec.cwd ? { cwd: spec.cwd } : {}),
      });
    }
    const timeoutMs = spec.timeoutMs ?? 30_000;
    const outcome = await runProcess({
      ...run,
      ...(spec.cwd && !spec.sandbox ? { cwd: spec.cwd } : {}),
      ...(stdin !== undefined ? { stdin } : {}),
      timeoutMs,
      killGraceMs: spec.killGraceMs ?? 2_000,
      maxOutputBytes: spec.maxOutputBytes ?? 1 << 20,
      signal: context.signal,
    });
    return resultOf(tool.name, spec, outcome, timeoutMs);
  }
}

function resultOf(
  toolName: string,
  spec: ProcessToolSpec,
  outcome: ProcessOutcome,
  timeoutMs: number,
): ProcessToolResult {
  if (outcome.spawnError) {
    const missing = outcome.spawnError.code === 'ENOENT';
    throw new ToolExecutionError(
      toolName,
      missing
        ? `Program "${spec.command}" of tool "${toolName}" was not found. Install it or give its absolute path in "command".`
        : `Program "${spec.command}" of tool "${toolName}" could not start: ${outcome.spawnError.message}.`,
      { cause: outcome.spawnError },
    );
  }
  if (outcome.stopped === 'timeout') throw new ToolTimeoutError(toolName, timeoutMs);
  if (outcome.stopped === 'cancelled')
    throw new CancelledError(`Tool "${toolName}" was cancelled.`);
  if (outcome.stopped === 'output_limit') {
    throw new ToolExecutionError(
      toolName,
      `Program "${spec.command}" wrote more than ${spec.maxOutputBytes ?? 1 << 20} bytes to stdout or stderr and was stopped. Narrow the request or raise maxOutputBytes.`,
      { code: 'output_too_large' },
    );
  }
  const exitCode = outcome.exitCode ?? -1;
  if (!(spec.successExitCodes ?? [0]).includes(exitCode)) {
    const why = outcome.exitSignal
      ? `was killed by ${outcome.exitSignal}`
      : `exited with code ${exitCode}`;
    throw new ToolExecutionError(
      toolName,
      `Program "${spec.command}" ${why}${outcome.stderr.trim() ? `: ${trim(outcome.stderr)}` : '.'}`,
    );
  }
  if (!spec.parseJson) return { exitCode, stdout: outcome.stdout, stderr: outcome.stderr };
  try {
    return { exitCode, stdout: JSON.parse(outcome.stdout) as unknown, stderr: outcome.stderr };
  } catch (error) {
    throw new ToolExecutionError(
      toolName,
      `Program "${spec.command}" was expected to print JSON but printed ${JSON.stringify(trim(outcome.stdout))}. Set parseJson: false to get the text.`,
      { cause: error },
    );
  }
}

function trim(text: string): string {
  const clean = text.trim();
  return clean.length > 500 ? `${clean.slice(0, 500)}…` : clean;
}

function renderText(template: string, args: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g, (_match, name: string) => {
    const value = args[name];
    if (value === undefined || value === null) return '';
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

function environmentOf(spec: ProcessToolSpec): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of spec.envAllow ?? DEFAULT_ENV) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return { ...env, ...spec.env };
}

/** A ToolSource of command-line programs, with the executor that runs them. */
export function createProcessToolSource(options: ProcessToolSourceOptions): ToolSource & {
  executor: ProcessExecutor;
} {
  const id = options.id ?? 'cli';
  for (const [index, spec] of options.tools.entries()) {
    validateSpec(spec, `${id}.tools[${index}] (${spec.name})`);
  }
  const executor = new ProcessExecutor(id, options.tools);
  return {
    id,
    executor,
    load: async () =>
      options.tools.map((spec) =>
        createToolDefinition({
          name: spec.name,
          namespace: id,
          description: spec.description,
          parametersSchema: inputSchemaOf(spec),
          source: 'cli',
          sourceUri: `process:${spec.command}`,
          ...(spec.annotations ? { annotations: spec.annotations } : {}),
          ...(spec.tags ? { tags: [...spec.tags] } : {}),
          metadata: { processSource: id, processTool: spec.name, command: spec.command },
        }),
      ),
  };
}
