import {
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_MIN_LENGTH,
  RESERVED_TOOL_NAMES,
  TOOL_NAME_PATTERN,
  TranscodeError,
  toToolName,
} from '@arsenal/core';

const EXTENDED_DESCRIPTION_MAX_LENGTH = 10_000;

export interface DecodedName {
  /** A name `createToolDefinition` accepts. */
  name: string;
  /** The vendor's spelling, when it had to change. */
  originalName?: string;
}

/** Turn a vendor tool name into Arsenal's snake_case, remembering the original when it changes. */
export function decodeToolName(raw: unknown, dialect: string, what: string): DecodedName {
  if (typeof raw !== 'string' || raw.trim().length === 0) {
    throw new TranscodeError(dialect, `${what} has no name; give it a non-empty "name" string.`);
  }
  if (TOOL_NAME_PATTERN.test(raw) && raw.length <= 128 && !RESERVED_TOOL_NAMES.has(raw)) {
    return { name: raw };
  }
  let name = toToolName(raw);
  if (name.length === 0) {
    throw new TranscodeError(
      dialect,
      `${what} name "${raw}" has no letters or digits to build a tool name from; rename it (for example "get_weather").`,
    );
  }
  // Reserved words ("list", "delete"...) collide with registry verbs; a suffix keeps them usable.
  if (RESERVED_TOOL_NAMES.has(name)) name = `${name}_tool`;
  return { name, originalName: raw };
}

export interface DecodedDescription {
  description: string;
  extendedDescription?: string;
}

/**
 * A description `createToolDefinition` accepts (10–2000 characters). Missing or very short
 * descriptions are completed from the title and name; long ones are cut at a sentence or word
 * boundary and kept whole in `extendedDescription`.
 */
export function decodeDescription(raw: unknown, name: string, title?: string): DecodedDescription {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text.length === 0) {
    const subject = title?.trim() ? `${title.trim()}: tool` : 'Tool';
    return { description: `${subject} "${name}". Its source definition has no description.` };
  }
  if (text.length < DESCRIPTION_MIN_LENGTH) return { description: `${text} (tool "${name}")` };
  if (text.length <= DESCRIPTION_MAX_LENGTH) return { description: text };
  const head = text.slice(0, DESCRIPTION_MAX_LENGTH - 1);
  const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('.\n'));
  const wordEnd = head.lastIndexOf(' ');
  const cut =
    sentenceEnd >= DESCRIPTION_MIN_LENGTH
      ? head.slice(0, sentenceEnd + 1)
      : `${head.slice(0, wordEnd > DESCRIPTION_MIN_LENGTH ? wordEnd : head.length - 1)}…`;
  return {
    description: cut,
    extendedDescription: text.slice(0, EXTENDED_DESCRIPTION_MAX_LENGTH),
  };
}

/** Refuse encoding anything that is not a definition from `createToolDefinition`. */
export function assertEncodable(tool: unknown, dialect: string): void {
  const candidate = tool as { name?: unknown; description?: unknown; parametersSchema?: unknown };
  if (
    typeof tool !== 'object' ||
    tool === null ||
    typeof candidate.name !== 'string' ||
    typeof candidate.description !== 'string' ||
    typeof candidate.parametersSchema !== 'object' ||
    candidate.parametersSchema === null
  ) {
    throw new TranscodeError(
      dialect,
      'Cannot encode: expected a ToolDefinition with name, description and parametersSchema; build one with createToolDefinition(input) first.',
    );
  }
}

/** Refuse names longer than the vendor allows, before the API does so at request time. */
export function assertNameLength(name: string, limit: number, dialect: string): void {
  if (name.length > limit) {
    throw new TranscodeError(
      dialect,
      `Tool "${name}" has a ${name.length}-character name; ${dialect} allows at most ${limit}. Register it under a shorter name.`,
    );
  }
}
