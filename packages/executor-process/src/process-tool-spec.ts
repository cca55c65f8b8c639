import type { ToolAnnotations } from '@arsenal/core';
import { ConfigurationError } from '@arsenal/core';
import { type ArgvSlot, placeholdersOf } from './argv-template.js';
import type { SandboxOptions } from './sandbox.js';

/** A command-line program described as a tool. */
export interface ProcessToolSpec {
  /** Tool name (snake_case). */
  name: string;
  description: string;
  /** The program: a name looked up on PATH, or an absolute path. Never run through a shell. */
  command: string;
  /** argv template: `{{param}}` placeholders stay inside their slot; arrays are optional groups. */
  args?: readonly ArgvSlot[];
  /** JSON Schema of the tool's input. Default: the placeholders, as required strings. */
  input?: Record<string, unknown>;
  /** Text for the program's stdin, with `{{param}}` placeholders. */
  stdin?: string;
  cwd?: string;
  /** Environment variables passed through from Arsenal's own (only these). Default `PATH`, `LANG`. */
  envAllow?: readonly string[];
  /** Fixed environment variables for the program. */
  env?: Readonly<Record<string, string>>;
  /** Default 30,000 ms. */
  timeoutMs?: number;
  /** Between SIGTERM and SIGKILL. Default 2,000 ms. */
  killGraceMs?: number;
  /** Per stream. Default 1 MiB. */
  maxOutputBytes?: number;
  /** Parse stdout as JSON (an error if it is not). Default false. */
  parseJson?: boolean;
  /** Exit codes that mean success. Default `[0]`. */
  successExitCodes?: readonly number[];
  /** Parameters whose values may start with `-`. */
  allowLeadingDash?: readonly string[];
  /** Run inside bubblewrap: `true` or options. Default false. */
  sandbox?: boolean | SandboxOptions;
  annotations?: ToolAnnotations;
  tags?: readonly string[];
}

/** Check a spec before anything runs; every problem in one ConfigurationError. */
export function validateSpec(spec: ProcessToolSpec, where: string): void {
  const problems: string[] = [];
  if (typeof spec.name !== 'string' || spec.name === '') problems.push('"name" is required');
  if (typeof spec.description !== 'string' || spec.description.trim() === '')
    problems.push('"description" is required (models pick tools by it)');
  if (typeof spec.command !== 'string' || spec.command.trim() === '')
    problems.push('"command" is required: the program to run (never a shell line)');
  else if (/\s/.test(spec.command) && !spec.command.startsWith('/'))
    problems.push(
      `"command" is "${spec.command}": give only the program and put its arguments in "args" (nothing here is run through a shell)`,
    );
  for (const [key, max] of [
    ['timeoutMs', 86_400_000],
    ['killGraceMs', 600_000],
    ['maxOutputBytes', 1 << 30],
  ] as const) {
    const value = spec[key];
    if (value !== undefined && (!Number.isInteger(value) || value <= 0 || value > max))
      problems.push(`"${key}" must be a positive integer up to ${max}, got ${String(value)}`);
  }
  const declared = declaredProperties(spec.input);
  if (declared) {
    const used = new Set([
      ...(spec.args ?? []).flatMap(placeholdersOf),
      ...placeholdersOf(spec.stdin ?? ''),
    ]);
    for (const name of used) {
      if (!declared.has(name))
        problems.push(
          `placeholder {{${name}}} names no property of "input"; add it or fix the name`,
        );
    }
  }
  if (problems.length > 0) {
    throw new ConfigurationError(`${where}: ${problems.join('; ')}.`);
  }
}

/** The input schema: the one given, or each placeholder as a required string. */
export function inputSchemaOf(spec: ProcessToolSpec): Record<string, unknown> {
  if (spec.input) return spec.input;
  const names = [
    ...new Set([...(spec.args ?? []).flatMap(placeholdersOf), ...placeholdersOf(spec.stdin ?? '')]),
  ];
  const optional = new Set(
    (spec.args ?? []).filter((slot) => typeof slot !== 'string').flatMap(placeholdersOf),
  );
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
    required: names.filter((name) => !optional.has(name)),
    additionalProperties: false,
  };
}

function declaredProperties(input: Record<string, unknown> | undefined): Set<string> | undefined {
  const properties = input?.properties;
  if (!properties || typeof properties !== 'object') return input ? new Set() : undefined;
  return new Set(Object.keys(properties));
}
