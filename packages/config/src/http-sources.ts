import { isAbsolute, resolve } from 'node:path';
import {
  type Arsenal,
  ConfigurationError,
  type JsonSchema,
  type SourceHandle,
} from '@arsenal/core';
import {
  createHttpToolSource,
  createOpenApiToolSource,
  type HttpAuth,
  type HttpToolDeclaration,
} from '@arsenal/executor-http';
import type { HttpSourceConfig, OpenApiSourceConfig } from './http-sources-schema.js';
import type { ArsenalConfig } from './schema.js';

function networkOptions(source: OpenApiSourceConfig | HttpSourceConfig) {
  return {
    ...(source.allowAddresses ? { allowAddresses: source.allowAddresses } : {}),
    ...(source.timeoutMs ? { timeoutMs: source.timeoutMs } : {}),
    ...(source.maxResponseBytes ? { maxResponseBytes: source.maxResponseBytes } : {}),
    ...(source.maxRedirects === undefined ? {} : { maxRedirects: source.maxRedirects }),
    ...(source.maxRetries === undefined ? {} : { maxRetries: source.maxRetries }),
    ...(source.headers ? { headers: source.headers } : {}),
  };
}

/**
 * Register the `openapi:` and `http:` sources of a config: each spec is loaded and its operations
 * registered with their executor; an unreadable spec stops start-up, an operation that cannot be
 * mapped is a warning.
 */
export async function addHttpSources(
  arsenal: Arsenal,
  config: ArsenalConfig,
  handles: SourceHandle[],
  warn: (message: string) => void,
): Promise<void> {
  const hygiene = config.hygiene ?? 'flag';
  for (const [name, source] of Object.entries(config.openapi ?? {})) {
    if (source.enabled === false) continue;
    const where = `openapi.${name}`;
    const spec =
      /^https?:\/\//i.test(source.spec) || isAbsolute(source.spec)
        ? source.spec
        : resolve(config.baseDir, source.spec);
    const openapi = createOpenApiToolSource({
      name,
      spec,
      hygiene,
      ...networkOptions(source),
      ...(source.baseUrl ? { baseUrl: source.baseUrl } : {}),
      ...(source.serverVariables ? { serverVariables: source.serverVariables } : {}),
      ...(source.credentials ? { credentials: source.credentials } : {}),
      ...(source.retryable ? { retryable: source.retryable } : {}),
      onSkippedOperation: (skipped) =>
        warn(`${where}: skipped ${skipped.method} ${skipped.path}: ${skipped.reason}`),
    });
    try {
      handles.push(
        await arsenal.addSource(openapi, {
          hygiene,
          onSyncError: (error) => warn(`${where}: ${error.message}`),
        }),
      );
    } catch (error) {
      throw new ConfigurationError(`${where}: ${(error as Error).message}`, { cause: error });
    }
  }
  for (const [name, source] of Object.entries(config.http ?? {})) {
    if (source.enabled === false) continue;
    const http = createHttpToolSource({
      name,
      hygiene,
      ...networkOptions(source),
      ...(source.auth ? { auth: source.auth as HttpAuth } : {}),
      tools: source.tools.map(
        (tool): HttpToolDeclaration => ({
          ...tool,
          ...(tool.auth ? { auth: tool.auth as HttpAuth } : {}),
          ...(tool.inputSchema ? { inputSchema: tool.inputSchema as JsonSchema } : {}),
        }),
      ),
    });
    handles.push(await arsenal.addSource(http, { hygiene }));
  }
}
