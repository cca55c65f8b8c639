import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { CatalogError, parseCatalog, type ToolDefinitionInput } from '@arsenal/core';
import { catalogEntryToInput, catalogValueToInputs } from '@arsenal/core/adapter';
import { isMap, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { CliError } from './cli-error.js';

/**
 * The catalog file formats the CLI reads: JSON, JSON Lines and YAML.
 *
 * @example
 * ```ts
 * import { type CatalogFileFormat, catalogFormatOf, parseCatalogText } from '@arsenal/cli';
 *
 * const format: CatalogFileFormat = catalogFormatOf('tools.yml') ?? 'json'; // 'yaml'
 * const inputs = parseCatalogText('- name: ping\n  description: Check a host answers.\n', format, 'tools.yml');
 * ```
 */
export type CatalogFileFormat = 'json' | 'jsonl' | 'yaml';

const FORMATS: Readonly<Record<string, CatalogFileFormat>> = {
  '.json': 'json',
  '.jsonl': 'jsonl',
  '.yaml': 'yaml',
  '.yml': 'yaml',
};

/**
 * The catalog format a file name implies, or undefined for an unknown extension.
 *
 * @example
 * ```ts
 * import { catalogFormatOf } from '@arsenal/cli';
 *
 * catalogFormatOf('tools.JSONL'); // 'jsonl'
 * catalogFormatOf('tools.yml'); // 'yaml'
 * catalogFormatOf('tools.csv'); // undefined
 * ```
 */
export function catalogFormatOf(path: string): CatalogFileFormat | undefined {
  return FORMATS[extname(path).toLowerCase()];
}

/** Read a file as UTF-8, turning "not found" and friends into one-line CLI errors. */
export async function readTextFile(path: string, what: string, hint: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw new CliError(`${what} not found: ${path}`, hint, { cause: error });
    if (code === 'EISDIR') {
      throw new CliError(`${what} is a directory: ${path}`, 'pass a file, not a folder', {
        cause: error,
      });
    }
    if (code === 'EACCES') {
      throw new CliError(`${what} is not readable: ${path}`, 'check the file permissions', {
        cause: error,
      });
    }
    throw new CliError(`cannot read ${what} ${path}: ${(error as Error).message}`, hint, {
      cause: error,
    });
  }
}

/**
 * Tool entries of a YAML catalog: a list of tools, or a mapping with a `tools` list.
 * Errors carry the line number in the file, for syntax errors and for bad entries alike.
 *
 * @example
 * ```ts
 * import { parseYamlCatalog } from '@arsenal/cli';
 *
 * const inputs = parseYamlCatalog(
 *   `tools:
 *   - name: get_weather
 *     description: Current weather and forecast for a city.
 *   - name: send_email
 *     description: Send an email to one recipient.
 * `,
 *   'tools.yaml',
 * );
 * inputs.map((input) => input.name); // ['get_weather', 'send_email']
 * ```
 */
export function parseYamlCatalog(text: string, source: string): ToolDefinitionInput[] {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  const syntaxError = document.errors[0];
  if (syntaxError) {
    const line = syntaxError.linePos?.[0]?.line;
    const message = (syntaxError.message.split('\n')[0] ?? 'invalid YAML').replace(
      / at line \d+, column \d+:?$/,
      '',
    );
    throw new CatalogError(source, `not valid YAML: ${message}`, line, { cause: syntaxError });
  }
  const root = document.contents;
  const list: unknown = isMap(root) ? root.get('tools', true) : root;
  if (!isSeq(list)) {
    // Lets core word the "expected an array" error the same way for every format.
    return catalogValueToInputs(document.toJS(), source);
  }
  const values = document.toJS() as unknown;
  const entries = (Array.isArray(values) ? values : (values as { tools: unknown[] }).tools) ?? [];
  return list.items.map((item, index) => {
    const offset = (item as Node | null)?.range?.[0];
    const line = offset === undefined ? undefined : lineCounter.linePos(offset).line;
    return catalogEntryToInput(entries[index], { source, line });
  });
}

/**
 * Parse catalog text in a known format.
 *
 * @example
 * ```ts
 * import { parseCatalogText } from '@arsenal/cli';
 *
 * const jsonl = [
 *   '{"name":"get_weather","description":"Current weather for a city."}',
 *   '{"name":"send_email","description":"Send an email to one recipient."}',
 * ].join('\n');
 * const inputs = parseCatalogText(jsonl, 'jsonl', 'tools.jsonl');
 * ```
 */
export function parseCatalogText(
  text: string,
  format: CatalogFileFormat,
  source: string,
): ToolDefinitionInput[] {
  if (format === 'yaml') return parseYamlCatalog(text, source);
  return parseCatalog(text, { format, source });
}

/**
 * Load the tool entries of a .json, .jsonl, .yaml or .yml catalog file.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { loadCatalogFile } from '@arsenal/cli';
 *
 * const arsenal = createArsenal();
 * await arsenal.register(await loadCatalogFile('tools.yaml'));
 * // A missing file is a CliError: "tools.yaml: catalog file not found — check the path".
 * ```
 */
export async function loadCatalogFile(
  path: string,
  options: { missingHint?: string } = {},
): Promise<ToolDefinitionInput[]> {
  const format = catalogFormatOf(path);
  if (format === undefined) {
    throw new CliError(
      `cannot tell the format of catalog ${path} from its extension`,
      'name it .json, .jsonl, .yaml or .yml',
    );
  }
  const text = await readTextFile(
    path,
    'catalog file',
    options.missingHint ??
      'check the path, or leave out --catalog to use the built-in demo catalog',
  );
  const inputs = parseCatalogText(text, format, path);
  if (inputs.length === 0) {
    throw new CliError(
      `catalog ${path} holds no tools`,
      'add tool entries ({"name": ..., "description": ...}) to it',
    );
  }
  return inputs;
}
