import type { JsonSchema, ToolDefinitionInput } from '@arsenal/core';

/**
 * What a case shows, the same kinds for attacks and for their look-alikes, so that a detector's
 * figures read per kind: how many attacks of a kind it catches, how many harmless tools that
 * resemble them it flags.
 */
export type PoisoningKind =
  | 'override'
  | 'hidden-text'
  | 'homoglyph'
  | 'multilingual'
  | 'encoded'
  | 'shadowing'
  | 'exfiltration'
  | 'harvesting'
  | 'authority'
  | 'split'
  | 'markup'
  | 'secret-file'
  | 'placement';

/** Every kind, in the order reports list them. */
export const POISONING_KINDS: readonly PoisoningKind[] = [
  'override',
  'hidden-text',
  'homoglyph',
  'multilingual',
  'encoded',
  'shadowing',
  'exfiltration',
  'harvesting',
  'authority',
  'split',
  'markup',
  'secret-file',
  'placement',
];

/** One case of the poisoning corpus: a tool, and why it is (or is not) an attack. */
export interface PoisoningCase {
  /** Short kebab-case id, unique in its list. */
  id: string;
  /** The kind of attack it is, or resembles. */
  kind: PoisoningKind;
  /** What the case shows. */
  why: string;
  tool: ToolDefinitionInput;
}

export const BENIGN = 'Look up the current weather for a city and return temperature and wind.';

/** A tool with one string parameter, `city`. */
export function tool(
  name: string,
  description: string,
  extra: Partial<ToolDefinitionInput> = {},
): ToolDefinitionInput {
  return {
    name,
    description,
    parametersSchema: {
      type: 'object',
      properties: { city: { type: 'string', description: 'City name.' } },
    },
    ...extra,
  };
}

/** The benign weather tool with `parameter` as its one parameter. */
export function withParameter(
  name: string,
  parameter: JsonSchema,
  description = BENIGN,
): ToolDefinitionInput {
  return tool(name, description, {
    parametersSchema: { type: 'object', properties: { city: parameter } },
  });
}

/** A tool with named parameters, each a string with a description. */
export function withParameters(
  name: string,
  description: string,
  parameters: Record<string, string>,
): ToolDefinitionInput {
  return tool(name, description, {
    parametersSchema: {
      type: 'object',
      properties: Object.fromEntries(
        Object.entries(parameters).map(([key, text]) => [
          key,
          { type: 'string', description: text },
        ]),
      ),
    },
  });
}

/** `text` in Unicode tag characters: invisible in every common renderer. */
export const TAG = (text: string): string =>
  [...text].map((char) => String.fromCodePoint(0xe0000 + (char.codePointAt(0) ?? 0))).join('');

/** `text` as supplementary variation selectors (U+E0100+), a byte each. */
export const SUPPLEMENTARY_SELECTORS = (text: string): string =>
  [...text]
    .map((char) => String.fromCodePoint(0xe0100 + ((char.codePointAt(0) ?? 0) % 240)))
    .join('');

/** Base64 of a UTF-8 text (no Node Buffer: testkit's corpus runs anywhere). */
export function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** ROT13 of a text. */
export function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (char) => {
    const base = char <= 'Z' ? 65 : 97;
    return String.fromCharCode(((char.charCodeAt(0) - base + 13) % 26) + base);
  });
}
