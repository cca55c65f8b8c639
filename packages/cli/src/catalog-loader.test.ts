import { ArsenalError } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { catalogFormatOf, loadCatalogFile, parseYamlCatalog } from './catalog-loader.js';
import { CliError } from './cli-error.js';
import { fixture, MALFORMED_YAML, temporaryFile } from './test-support.js';

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('loadCatalogFile', () => {
  it('loads YAML, JSONL and JSON catalogs by extension', async () => {
    const yaml = await loadCatalogFile(fixture('tools.yaml'));
    expect(yaml.map((input) => input.name)).toEqual([
      'send_email',
      'get_weather_forecast',
      'convert_currency',
      'create_payment',
    ]);
    expect(yaml[3]?.requiresConfirmation).toBe(true);
    const jsonl = await loadCatalogFile(fixture('tools.jsonl'));
    expect(jsonl).toHaveLength(5);
    const json = await loadCatalogFile(fixture('tools.json'));
    expect(json.map((input) => input.name)).toEqual(['list_files', 'read_text_file']);
  });

  it('names a missing file and how to fix it', async () => {
    const error = await failureOf(loadCatalogFile(fixture('nope.yaml')));
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toContain('not found');
    expect((error as CliError).hint).toContain('--catalog');
  });

  it('rejects an unknown extension', async () => {
    const error = await failureOf(loadCatalogFile('tools.csv'));
    expect((error as CliError).message).toContain('cannot tell the format');
  });

  it('reports a malformed JSONL line with its line number', async () => {
    const error = await failureOf(loadCatalogFile(fixture('malformed.jsonl')));
    expect(ArsenalError.isInstance(error)).toBe(true);
    expect((error as ArsenalError).message).toContain('malformed.jsonl:3');
  });

  it('reports YAML syntax errors with their line number', async () => {
    const error = await failureOf(loadCatalogFile(temporaryFile('malformed.yaml', MALFORMED_YAML)));
    expect((error as ArsenalError).code).toBe('invalid_catalog');
    expect((error as ArsenalError).message).toMatch(/malformed\.yaml:[45]: not valid YAML/);
  });

  it('reports a bad YAML entry at the line where it starts', async () => {
    const error = await failureOf(loadCatalogFile(fixture('nameless.yaml')));
    expect((error as ArsenalError).message).toContain('nameless.yaml:5');
  });
});

describe('parseYamlCatalog', () => {
  it('accepts a top-level list as well as a tools mapping', () => {
    const inputs = parseYamlCatalog(
      '- name: one_tool\n  description: The first tool of the list.\n',
      'inline.yaml',
    );
    expect(inputs[0]?.name).toBe('one_tool');
  });

  it('explains what a catalog must hold', () => {
    expect(() => parseYamlCatalog('just: a mapping\n', 'inline.yaml')).toThrow(/array of tools/);
  });
});

describe('catalogFormatOf', () => {
  it('maps extensions, ignoring case', () => {
    expect(catalogFormatOf('a.YML')).toBe('yaml');
    expect(catalogFormatOf('a.jsonl')).toBe('jsonl');
    expect(catalogFormatOf('a.txt')).toBeUndefined();
  });
});
