import { startA2aServer } from '@arsenal/a2a-server';
import type { OpenedArsenal } from './open-arsenal.js';

export interface A2aServeOptions {
  host?: string;
  port: number;
  version: string;
}

/**
 * Serve the configured Arsenal as an A2A agent, on the same front door as `serve --http`: the
 * tokens of `serve.auth.tokens` and the OAuth settings of `serve.auth.oauth` authenticate exactly
 * as for the MCP endpoint, the Host and Origin checks and body limits of `serve` apply, and a
 * server beyond loopback without authentication refuses to start.
 */
export async function startA2aServe(
  opened: OpenedArsenal,
  options: A2aServeOptions,
): Promise<{ url: string; close(): Promise<void> }> {
  const serve = opened.config.serve ?? {};
  const credentials = serve.auth?.tokens ?? [];
  const oauth = serve.auth?.oauth;
  const running = await startA2aServer({
    arsenal: opened.configured.arsenal,
    host: options.host ?? '127.0.0.1',
    port: options.port,
    version: options.version,
    namespaceSkills: true,
    credentials,
    ...(oauth ? { oauth } : {}),
    ...(serve.allowedHosts ? { allowedHosts: serve.allowedHosts } : {}),
    ...(serve.allowedOrigins ? { allowedOrigins: serve.allowedOrigins } : {}),
    ...(serve.maxBodyBytes !== undefined ? { maxBodyBytes: serve.maxBodyBytes } : {}),
    ...(serve.headersTimeoutMs !== undefined ? { headersTimeoutMs: serve.headersTimeoutMs } : {}),
    ...(serve.bodyTimeoutMs !== undefined ? { bodyTimeoutMs: serve.bodyTimeoutMs } : {}),
  });
  return { url: running.url, close: () => running.close() };
}
