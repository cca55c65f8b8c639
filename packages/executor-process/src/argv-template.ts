import { InvalidArgumentError } from '@arsenal/core';

/**
 * One argv slot: literal text with `{{param}}` placeholders, or a group of slots kept only when
 * every parameter it names was given (`["--limit", "{{limit}}"]`).
 */
export type ArgvSlot = string | readonly string[];

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;

/** The parameter names a slot refers to. */
export function placeholdersOf(slot: ArgvSlot): string[] {
  const texts = typeof slot === 'string' ? [slot] : slot;
  return texts.flatMap((text) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!));
}

export interface RenderOptions {
  toolName: string;
  /** Parameters whose values may start with `-` (they become options of the program). */
  allowLeadingDash?: readonly string[];
}

/**
 * Build argv from a template. Each value stays inside the slot it was written in: no shell ever
 * sees it, so `; rm -rf /` or `$(...)` are plain text. A slot that is exactly one placeholder of
 * an array parameter expands to one slot per element. A value that would start a slot with `-`
 * is refused unless allowed, wherever its placeholder sits in the slot (`"{{name}}.csv"`,
 * `"{{a}}{{b}}"`), so an argument cannot turn itself into an option.
 */
export function renderArgv(
  template: readonly ArgvSlot[],
  args: Readonly<Record<string, unknown>>,
  options: RenderOptions,
): string[] {
  const argv: string[] = [];
  for (const slot of template) {
    if (typeof slot !== 'string') {
      if (placeholdersOf(slot).every((name) => args[name] !== undefined && args[name] !== null)) {
        for (const part of slot) argv.push(...renderSlot(part, args, options));
      }
      continue;
    }
    argv.push(...renderSlot(slot, args, options));
  }
  return argv;
}

function renderSlot(
  slot: string,
  args: Readonly<Record<string, unknown>>,
  options: RenderOptions,
): string[] {
  const whole = /^\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}$/.exec(slot);
  if (whole) {
    const name = whole[1]!;
    const value = args[name];
    if (value === undefined || value === null) return [];
    const values = Array.isArray(value) ? value : [value];
    return values.map((item) => checkedValue(name, text(name, item, options), true, options));
  }
  // Render first, then ask who put the slot's first character there: a slot the template
  // itself starts with text keeps that text first; otherwise the values decide, and a value (or an
  // empty value that lets later text move to the front) must not make the slot an option.
  let rendered = '';
  let last = 0;
  let leading: string | undefined;
  for (const match of slot.matchAll(PLACEHOLDER)) {
    rendered += slot.slice(last, match.index);
    const name = match[1]!;
    const value = args[name];
    const piece = value === undefined || value === null ? '' : text(name, value, options);
    if (rendered === '' && leading === undefined) leading = name;
    if (rendered === '' && piece !== '' && leading !== name && piece.startsWith('-')) {
      // An earlier placeholder was empty: the dash belongs to this one.
      leading = name;
    }
    rendered += checkedValue(name, piece, false, options);
    last = (match.index ?? 0) + match[0].length;
  }
  rendered += slot.slice(last);
  if (leading !== undefined) checkedValue(leading, rendered, true, options, true);
  return [rendered];
}

function text(name: string, value: unknown, options: RenderOptions): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new InvalidArgumentError(
    `Tool "${options.toolName}": parameter "${name}" must be a string, number or boolean to go into the command line (got ${Array.isArray(value) ? 'a nested array' : typeof value}).`,
  );
}

function checkedValue(
  name: string,
  value: string,
  startsSlot: boolean,
  options: RenderOptions,
  partOfSlot = false,
): string {
  if (value.includes('\0')) {
    throw new InvalidArgumentError(
      `Tool "${options.toolName}": parameter "${name}" contains a NUL character, which no command-line argument can hold; remove it.`,
    );
  }
  if (startsSlot && value.startsWith('-') && !options.allowLeadingDash?.includes(name)) {
    const what = partOfSlot
      ? `parameter "${name}" makes its argument start with "-" (${JSON.stringify(value.slice(0, 40))})`
      : `parameter "${name}" starts with "-" (${JSON.stringify(value.slice(0, 40))})`;
    throw new InvalidArgumentError(
      `Tool "${options.toolName}": ${what}, which the program would read as an option. Pass a value that does not start with "-", or list "${name}" in allowLeadingDash if options are intended.`,
    );
  }
  return value;
}
