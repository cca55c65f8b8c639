import type { JsonSchema } from '../schema/json-schema.js';
import { splitCompound } from '../text/compound-words.js';
import { isLexiconWord } from '../text/lexicon.js';
import { STOP_WORDS } from '../text/stop-words.js';
import { splitIdentifier } from '../text/tokenize.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { LexicalDocument, LexicalFieldOptions } from './lexical-types.js';

/**
 * Default field weights. A word in the name says most about a tool; parameter text says least
 * (it describes inputs, not the tool's purpose). Chosen by reasoning about tool catalogs, then
 * checked on the tuning part of the dev benchmarks (docs/benchmarks.md).
 */
export const DEFAULT_LEXICAL_FIELDS: Readonly<Record<string, LexicalFieldOptions>> = {
  name: { weight: 5, b: 0.75, keepStopWords: false },
  namespace: { weight: 0.3, b: 0 },
  description: { weight: 1, b: 0.5 },
  tags: { weight: 0.6, b: 0.3 },
  parameters: { weight: 0.4, b: 0.75 },
  // Parameters most tools of a server share (`tenant`, `retry-mode`): they barely count and do
  // not make their words look common.
  sharedParameters: { weight: 0.05, b: 0.75, documentFrequency: false },
  examples: { weight: 0.8, b: 0.75 },
  extended: { weight: 0.3, b: 0.75 },
  // Default and example values of the tool's own parameters (`B08N5W4NNB`, `Cairo`): a request
  // naming such a value is likely for the tool that documents it.
  parameterValues: { weight: 1, b: 0.75 },
};

/**
 * Texts gathered one after another, kept apart: a parameter's name and its description are
 * the same strings across a catalog, and the index analyses each such text once.
 */
type Lines = string[];

function addLine(lines: Lines, line: string): void {
  lines.push(line);
}

/** Default and example values (strings and numbers) of a property's schema, nested included. */
function addPropertyValues(child: JsonSchema, out: Lines, depth: number): void {
  addValue(child.default, out);
  if (Array.isArray(child.examples)) for (const value of child.examples) addValue(value, out);
  collectParameterValues(child, out, depth + 1);
}

/** Default and example values (strings and numbers) of a schema's properties, nested included. */
function collectParameterValues(schema: JsonSchema | undefined, out: Lines, depth: number): void {
  if (!schema || depth > 3) return;
  const properties = schema.properties;
  if (properties && typeof properties === 'object') {
    for (const key in properties) {
      const child = properties[key];
      if (child && typeof child === 'object' && Object.hasOwn(properties, key))
        addPropertyValues(child, out, depth);
    }
  }
  if (schema.items && typeof schema.items === 'object')
    collectParameterValues(schema.items, out, depth + 1);
}

function addValue(value: unknown, out: Lines): void {
  if (typeof value === 'string') addLine(out, value);
  else if (typeof value === 'number') addLine(out, String(value));
}

/** A property's text: its name as words, its description, its enum values, nested properties. */
function addPropertyText(key: string, child: JsonSchema | undefined, out: Lines, depth: number) {
  addLine(out, identifierText(key));
  if (child && typeof child === 'object') {
    if (typeof child.description === 'string') addLine(out, child.description);
    if (Array.isArray(child.enum)) {
      let values = '';
      for (const value of child.enum)
        if (typeof value === 'string') values = values === '' ? value : `${values} ${value}`;
      addLine(out, values);
    }
    collectParameterText(child, out, depth + 1);
  }
}

function collectParameterText(schema: JsonSchema | undefined, out: Lines, depth: number): void {
  if (!schema || depth > 3) return;
  const properties = schema.properties;
  if (properties && typeof properties === 'object') {
    for (const key in properties)
      if (Object.hasOwn(properties, key)) addPropertyText(key, properties[key], out, depth);
  }
  collectBranchText(schema, out, depth);
}

/** The text of a schema's items and of its anyOf / oneOf / allOf branches. */
function collectBranchText(schema: JsonSchema, out: Lines, depth: number): void {
  if (schema.items && typeof schema.items === 'object')
    collectParameterText(schema.items, out, depth + 1);
  // Each list in turn, not a loop over an array of them: that array was made for every schema.
  collectBranchesText(schema.anyOf, out, depth);
  collectBranchesText(schema.oneOf, out, depth);
  collectBranchesText(schema.allOf, out, depth);
}

function collectBranchesText(
  branches: readonly JsonSchema[] | undefined,
  out: Lines,
  depth: number,
) {
  if (branches) for (const branch of branches) collectParameterText(branch, out, depth + 1);
}

const LOWER_SNAKE = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;
const DIGIT_NEXT_TO_LETTER = /[a-z][0-9]|[0-9][a-z]/;
// Property names repeat across a catalog far more than texts do: their words are remembered.
const IDENTIFIER_MEMO_LIMIT = 4096;
const identifierMemo = new Map<string, string>();

/** An identifier's words joined by spaces (`issue_id` → `issue id`, `userId` → `user id`). */
function identifierWords(identifier: string): string {
  // snake_case without digits next to letters splits at underscores alone.
  return LOWER_SNAKE.test(identifier) && !DIGIT_NEXT_TO_LETTER.test(identifier)
    ? identifier.replaceAll('_', ' ')
    : splitIdentifier(identifier).join(' ');
}

/** `identifierWords` of a name that repeats across a catalog (parameters, namespaces). */
function identifierText(identifier: string): string {
  let words = identifierMemo.get(identifier);
  if (words !== undefined) return words;
  words = identifierWords(identifier);
  if (identifier.length <= 64) {
    if (identifierMemo.size >= IDENTIFIER_MEMO_LIMIT) identifierMemo.clear();
    identifierMemo.set(identifier, words);
  }
  return words;
}

const GLUED_PART = /^[a-z]{7,}$/;

/** Whether `piece` is a word of `text`, or one with a plural `s` or `es`. */
function isWordOf(text: string, piece: string): boolean {
  for (let at = text.indexOf(piece); at >= 0; at = text.indexOf(piece, at + 1)) {
    if (at > 0 && isLetter(text.charCodeAt(at - 1))) continue;
    let end = at + piece.length;
    if (text[end] === 'e' && text[end + 1] === 's') end += 2;
    else if (text[end] === 's') end += 1;
    if (end >= text.length || !isLetter(text.charCodeAt(end))) return true;
  }
  return false;
}

function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

/**
 * The name as words; a name written as one lowercase word (`findpetsbystatus`) is split into
 * the words of the tool's own texts, the lexicon and function words it is made of.
 */
function nameWords(tool: ToolDefinition, parameters: Lines): string {
  const words = identifierWords(tool.name);
  // Only a name with no boundary at all: in a name with several parts, a glued part is mostly
  // a product or resource label its siblings share (`keyvault_key_get`), and splitting it there
  // gives every sibling the words that told them apart.
  if (!GLUED_PART.test(words)) return words;
  const own = `${tool.title ?? ''}\n${tool.description}\n${parameters.join('\n')}`.toLowerCase();
  if (isWordOf(own, words)) return words;
  const pieces = splitCompound(
    words,
    (piece) => piece.length >= 3 && (isLexiconWord(piece) || isWordOf(own, piece)),
    (piece) => STOP_WORDS.has(piece),
  );
  return pieces ? pieces.join(' ') : words;
}

/**
 * The fields of a tool the lexical index reads. `isShared` names the top-level parameters that
 * are boilerplate (shared by most tools of the server); their text goes to `sharedParameters`.
 */
export function toLexicalDocument(
  tool: ToolDefinition,
  isShared?: (key: string) => boolean,
): Readonly<Record<string, string | undefined>> {
  const parts = toLexicalParts(tool, isShared);
  const document: Record<string, string | undefined> = {};
  for (const field in parts) {
    const value = parts[field];
    document[field] = typeof value === 'object' ? value.join('\n') : value;
  }
  return document;
}

/**
 * `toLexicalDocument` with the parameter, value, tag and example fields as lists of texts
 * (the same words as the list joined by line breaks), as the index reads them.
 */
export function toLexicalParts(
  tool: ToolDefinition,
  isShared?: (key: string) => boolean,
): LexicalDocument {
  const parameters: Lines = [];
  const shared: Lines = [];
  const values: Lines = [];
  const schema = tool.parametersSchema;
  if (schema) {
    const properties = schema.properties;
    if (properties && typeof properties === 'object') {
      for (const key in properties) {
        if (!Object.hasOwn(properties, key)) continue;
        const child = properties[key];
        // Boilerplate parameters go to their own field, and their values are not indexed.
        if (isShared?.(key)) addPropertyText(key, child, shared, 0);
        else {
          addPropertyText(key, child, parameters, 0);
          if (child && typeof child === 'object') addPropertyValues(child, values, 0);
        }
      }
    }
    collectBranchText(schema, parameters, 0);
    if (schema.items && typeof schema.items === 'object')
      collectParameterValues(schema.items, values, 1);
  }
  return {
    name: `${nameWords(tool, parameters)} ${tool.title ?? ''}`,
    namespace: identifierText(tool.namespace),
    description: tool.description,
    tags: tool.tags,
    parameters,
    sharedParameters: shared,
    examples: tool.examples,
    extended: tool.extendedDescription,
    parameterValues: values,
  };
}

/** One text per tool for embedders and rerankers: name, description, parameters. */
export function toEmbeddingText(tool: ToolDefinition): string {
  const parameters: Lines = [];
  collectParameterText(tool.parametersSchema, parameters, 0);
  const lines = [`${splitIdentifier(tool.name).join(' ')}: ${tool.description}`];
  if (tool.tags.length > 0) lines.push(`Tags: ${tool.tags.join(', ')}`);
  if (parameters.length > 0) lines.push(`Parameters: ${parameters.join('; ')}`);
  if (tool.examples.length > 0) lines.push(`Examples: ${tool.examples.join(' | ')}`);
  return lines.join('\n');
}
