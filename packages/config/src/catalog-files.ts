import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import {
  CatalogError,
  ConfigurationError,
  parseCatalog,
  type ToolDefinitionInput,
} from '@arsenal/core';
import { catalogValueToInputs } from '@arsenal/core/adapter';
import { parse as parseYaml } from 'yaml';

/** The tools of one `tools.catalogs` file: JSON, JSON Lines or YAML, told apart by extension. */
export async function readCatalog(path: string): Promise<ToolDefinitionInput[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConfigurationError(
      `tools.catalogs: cannot read ${path} (${(error as { code?: string }).code ?? (error as Error).message}); check the path (relative paths start at the config file's folder).`,
      { cause: error },
    );
  }
  const extension = extname(path).toLowerCase();
  if (extension === '.yaml' || extension === '.yml') {
    let value: unknown;
    try {
      value = parseYaml(text);
    } catch (error) {
      throw new CatalogError(path, `not valid YAML: ${(error as Error).message}`, undefined, {
        cause: error,
      });
    }
    const list = Array.isArray(value) ? value : (value as { tools?: unknown } | null)?.tools;
    return catalogValueToInputs(list ?? value, path);
  }
  if (extension === '.json' || extension === '.jsonl') {
    return parseCatalog(text, { format: extension === '.json' ? 'json' : 'jsonl', source: path });
  }
  throw new ConfigurationError(
    `tools.catalogs: cannot tell the format of ${path}; name it .json, .jsonl, .yaml or .yml.`,
  );
}
