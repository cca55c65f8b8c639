import { TranscodeError } from '../errors/arsenal-error.js';
import {
  checkToolName,
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_MIN_LENGTH,
  EXTENDED_DESCRIPTION_MAX_LENGTH,
  RESERVED_TOOL_NAMES,
  toToolName,
} from './create-tool-definition.js';

/** What a vendor tool object is, for the error when it is not one. */
export interface DecodeVendorToolObjectOptions {
  /** The vendor format, for the error: `openai`, `mcp`... */
  dialect: string;
  /** What is being decoded, with its article: `an OpenAI tool`, `a Gemini function declaration`... */
  what: string;
  /** The shape the vendor uses, for the error: `{name, description, input_schema}`. */
  expected: string;
}

/**
 * The first step of every decoder: the vendor tool as a record of its fields. Throws
 * TranscodeError naming the shape expected when it is not a plain object.
 *
 * @example decodeVendorToolObject(input, { dialect: 'mcp', what: 'an MCP tool', expected: '{name, inputSchema}' })
 */
export function decodeVendorToolObject(
  value: unknown,
  options: DecodeVendorToolObjectOptions,
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TranscodeError(
      options.dialect,
      `Cannot decode ${options.what} from ${value === null ? 'null' : typeof value}; expected ${options.expected}.`,
    );
  }
  return value as Record<string, unknown>;
}

/** The vendor and what the name belongs to, for the error when a name cannot be used. */
export interface DecodeVendorToolNameOptions {
  /** The vendor format, for the error: `openai`, `mcp`... */
  dialect: string;
  /** What the name belongs to, starting the error message: `OpenAI tool`, `MCP tool`... */
  label: string;
}

/** A vendor's tool name made into one Arsenal accepts. */
export interface DecodedToolName {
  /** A name `createToolDefinition` accepts. */
  name: string;
  /** The vendor's spelling, when it had to change; keep it (e.g. in `metadata.originalName`). */
  originalName?: string;
}

/**
 * Turn a vendor tool name into Arsenal's snake_case, remembering the original when it changes.
 * Throws TranscodeError when there is no name, or nothing in it to build one from.
 *
 * @example decodeVendorToolName('getWeather-v2', { dialect: 'openai', label: 'OpenAI tool' })
 * // { name: 'get_weather_v2', originalName: 'getWeather-v2' }
 */
export function decodeVendorToolName(
  raw: unknown,
  options: DecodeVendorToolNameOptions,
): DecodedToolName {
  const { dialect, label } = options;
  if (typeof raw !== 'string' || raw.trim().length === 0) {
    throw new TranscodeError(dialect, `${label} has no name; give it a non-empty "name" string.`);
  }
  if (checkToolName(raw) === undefined) return { name: raw };
  let name = toToolName(raw);
  if (name.length === 0) {
    throw new TranscodeError(
      dialect,
      `${label} name "${raw}" has no letters or digits to build a tool name from; rename it (for example "get_weather").`,
    );
  }
  // Reserved words ("list", "delete"...) collide with registry verbs; a suffix keeps them usable.
  if (RESERVED_TOOL_NAMES.has(name)) name = `${name}_tool`;
  return { name, originalName: raw };
}

/** What a description made up for a tool without one may use. */
export interface DecodeVendorDescriptionOptions {
  /** The decoded tool name, used to complete a missing or too-short description. */
  name: string;
  /** The vendor's display title, when it has one; leads a description made up from nothing. */
  title?: string;
}

/** A vendor's description made to fit Arsenal's limits. */
export interface DecodedDescription {
  description: string;
  /** The whole text, when `description` had to be cut to fit. */
  extendedDescription?: string;
}

/**
 * A description `createToolDefinition` accepts (10–2000 characters). Missing or very short
 * descriptions are completed from the title and name; long ones are cut at a sentence or word
 * boundary and kept whole (up to the limit) in `extendedDescription`.
 *
 * @example decodeVendorDescription('Adds.', { name: 'add' }) // { description: 'Adds. (tool "add")' }
 */
export function decodeVendorDescription(
  raw: unknown,
  options: DecodeVendorDescriptionOptions,
): DecodedDescription {
  const { name, title } = options;
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

/**
 * The `metadata` of a decoded tool, spread into its input: the vendor's spelling of the name
 * (`originalName`) and the vendor-only fields under the dialect's key, or nothing when there is
 * neither.
 *
 * @example decodedToolMetadata('openai', 'getWeather', { strict: true })
 * // { metadata: { originalName: 'getWeather', openai: { strict: true } } }
 */
export function decodedToolMetadata(
  dialect: string,
  originalName: string | undefined,
  vendorFields: Record<string, unknown> = {},
): { metadata?: Record<string, unknown> } {
  const metadata: Record<string, unknown> = {};
  if (originalName !== undefined) metadata.originalName = originalName;
  if (Object.keys(vendorFields).length > 0) metadata[dialect] = vendorFields;
  return Object.keys(metadata).length > 0 ? { metadata } : {};
}
