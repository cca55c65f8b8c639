import { startA2aServer } from '@arsenal/a2a-server';
import { createTokenAuthenticator } from '@arsenal/mcp-server';
import type { OpenedArsenal } from './open-arsenal.js';

export interface A2aServeOptions {
  host?: string;
  port: number;
  version: string;
}

/**
 * Serve the configured Arsenal as an A2A agent. Tokens in `serve.auth.tokens` map to principals
 * exactly as for the MCP server (the same authenticator).
 */
export async function startA2aServe(
  opened: OpenedArsenal,
  options: A2aServeOptions,
  warn: (message: string) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const credentials = opened.config.serve?.auth?.tokens ?? [];
  const host = options.host ?? '127.0.0.1';
  if (credentials.length === 0 && !['127.0.0.1', 'localhost', '::1'].includes(host)) {
    warn(`serving A2A on ${host} without authentication; add serve.auth.tokens to the config`);
  }
  const running = await startA2aServer({
    arsenal: opened.configured.arsenal,
    host,
    port: options.port,
    version: options.version,
    namespaceSkills: true,
    ...(credentials.length > 0 ? { authenticator: createTokenAuthenticator(credentials) } : {}),
  });
  return { url: running.url, close: () => running.close() };
}
