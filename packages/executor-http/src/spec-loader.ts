import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { OpenApiSpecError } from './errors.js';
import type { HttpClient } from './http-client.js';
import { isNode, type SpecNode } from './spec-resolver.js';

/** A parsed spec and where it came from. */
export interface LoadedSpec {
  document: SpecNode;
  /** The URL it was fetched from, if any (relative server URLs resolve against it). */
  url?: string;
  label: string;
}

const SPEC_MAX_BYTES = 64 * 1024 * 1024;

/** Parse spec text: JSON when it looks like JSON, YAML otherwise (YAML is a superset). */
export function parseSpecText(text: string, label: string): SpecNode {
  let value: unknown;
  try {
    value = text.trimStart().startsWith('{')
      ? JSON.parse(text)
      : parseYaml(text, { maxAliasCount: -1 });
  } catch (error) {
    throw new OpenApiSpecError(
      label,
      `is neither valid JSON nor valid YAML: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  return checkDocument(value, label);
}

/** Check a parsed document is OpenAPI 3.0/3.1 or Swagger 2.0 with paths. */
export function checkDocument(value: unknown, label: string): SpecNode {
  if (!isNode(value)) throw new OpenApiSpecError(label, 'is not an object.');
  const openapi = value.openapi;
  const swagger = value.swagger;
  const known =
    (typeof openapi === 'string' && /^3\.[01]\./.test(openapi)) ||
    (typeof swagger === 'string' && swagger.startsWith('2.'));
  if (!known) {
    throw new OpenApiSpecError(
      label,
      `declares ${openapi !== undefined ? `openapi: ${String(openapi)}` : swagger !== undefined ? `swagger: ${String(swagger)}` : 'no "openapi" or "swagger" version'}; OpenAPI 3.0, 3.1 and Swagger 2.0 are supported.`,
    );
  }
  if (value.paths !== undefined && !isNode(value.paths)) {
    throw new OpenApiSpecError(label, '"paths" is not an object.');
  }
  return value;
}

/** Load a spec from a file path, an http(s) URL (through the guarded client) or an object. */
export async function loadSpec(
  spec: string | object,
  client: HttpClient,
  signal?: AbortSignal,
): Promise<LoadedSpec> {
  if (typeof spec !== 'string') return { document: checkDocument(spec, 'object'), label: 'object' };
  if (/^https?:\/\//i.test(spec)) {
    const url = new URL(spec);
    const label = `${url.origin}${url.pathname}`;
    const response = await client.send(
      { method: 'GET', url, headers: { accept: 'application/json, application/yaml, */*' } },
      signal ?? AbortSignal.timeout(60_000),
      // Specs are large (GitHub's is 12 MiB); the cap for call answers does not apply.
      { maxResponseBytes: SPEC_MAX_BYTES },
    );
    if (response.status < 200 || response.status >= 300) {
      throw new OpenApiSpecError(label, `cannot be fetched: HTTP ${response.status}.`, {
        retryable: response.status >= 500,
      });
    }
    return { document: parseSpecText(response.body.toString('utf8'), label), url: spec, label };
  }
  let text: string;
  try {
    text = await readFile(spec, 'utf8');
  } catch (error) {
    throw new OpenApiSpecError(
      spec,
      `cannot be read (${(error as { code?: string }).code ?? (error as Error).message}); check the path.`,
      { cause: error },
    );
  }
  return { document: parseSpecText(text, spec), label: spec };
}
