import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The entry script of a reference MCP server, resolved from node_modules. */
export function referenceServerEntry(
  name: 'server-everything' | 'server-filesystem' | 'server-memory',
): string {
  const manifestPath = require.resolve(`@modelcontextprotocol/${name}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    bin: Record<string, string>;
  };
  return join(dirname(manifestPath), Object.values(manifest.bin)[0] ?? 'dist/index.js');
}
