import { isAbsolute, resolve } from 'node:path';
import { type Arsenal, ConfigurationError, type SourceHandle } from '@arsenal/core';
import { createUtcpManualSource } from '@arsenal/utcp';
import type { ArsenalConfig } from './schema.js';

/**
 * Register the `utcp:` manuals of a config. An unreadable manual stops start-up; a tool that
 * cannot be loaded is a warning naming it and why.
 */
export async function addUtcpSources(
  arsenal: Arsenal,
  config: ArsenalConfig,
  handles: SourceHandle[],
  warn: (message: string) => void,
): Promise<void> {
  const hygiene = config.hygiene ?? 'flag';
  for (const [name, source] of Object.entries(config.utcp ?? {})) {
    if (source.enabled === false) continue;
    const where = `utcp.${name}`;
    const manual =
      /^https?:\/\//i.test(source.manual) || isAbsolute(source.manual)
        ? source.manual
        : resolve(config.baseDir, source.manual);
    const utcp = createUtcpManualSource({
      name,
      manual,
      baseDir: config.baseDir,
      hygiene,
      ...(source.variables ? { variables: source.variables } : {}),
      ...(source.allowEnv ? { allowEnv: source.allowEnv } : {}),
      ...(source.allowedProtocols ? { allowedProtocols: source.allowedProtocols } : {}),
      ...(source.sandbox ? { sandbox: true } : {}),
      http: {
        ...(source.allowAddresses ? { allowAddresses: source.allowAddresses } : {}),
        ...(source.timeoutMs ? { timeoutMs: source.timeoutMs } : {}),
        ...(source.maxResponseBytes ? { maxResponseBytes: source.maxResponseBytes } : {}),
        ...(source.maxRedirects === undefined ? {} : { maxRedirects: source.maxRedirects }),
        ...(source.maxRetries === undefined ? {} : { maxRetries: source.maxRetries }),
        ...(source.headers ? { headers: source.headers } : {}),
      },
      onSkippedTool: (skipped) => warn(`${where}: skipped ${skipped.tool}: ${skipped.reason}`),
    });
    try {
      handles.push(
        await arsenal.addSource(utcp, {
          hygiene,
          onSyncError: (error) => warn(`${where}: ${error.message}`),
        }),
      );
    } catch (error) {
      throw new ConfigurationError(`${where}: ${(error as Error).message}`, { cause: error });
    }
  }
}
