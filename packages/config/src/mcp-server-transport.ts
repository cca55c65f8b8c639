import type { McpServerConfig } from './schema.js';

/** The MCP client transport for a configured server: a child process or a remote URL. */
export function transportOf(server: McpServerConfig) {
  if ('command' in server) {
    return {
      type: 'stdio' as const,
      command: server.command,
      ...(server.args ? { args: server.args } : {}),
      ...(server.env ? { env: server.env } : {}),
      ...(server.cwd ? { cwd: server.cwd } : {}),
    };
  }
  return {
    type: server.transport ?? ('http' as const),
    url: server.url,
    ...(server.headers ? { headers: server.headers } : {}),
  };
}
