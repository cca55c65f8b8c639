import { a2aSecretsOf } from './a2a-agents.js';
import type { ArsenalConfig } from './schema.js';

/** Values that must never appear in messages: headers and env of MCP servers, auth tokens. */
export function secretsOf(config: ArsenalConfig): string[] {
  const secrets: string[] = [];
  for (const server of Object.values(config.mcpServers ?? {})) {
    const values =
      'command' in server ? Object.values(server.env ?? {}) : Object.values(server.headers ?? {});
    secrets.push(...values.filter((value) => value.length >= 4));
    if ('url' in server) {
      const url = new URL(server.url);
      if (url.password) secrets.push(url.password);
    }
  }
  for (const credential of config.serve?.auth?.tokens ?? []) secrets.push(credential.token);
  secrets.push(...a2aSecretsOf(config));
  for (const source of Object.values(config.utcp ?? {})) {
    secrets.push(...Object.values(source.variables ?? {}).filter((value) => value.length >= 4));
  }
  return secrets;
}
