import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  type ArsenalConfig,
  type ConfiguredArsenal,
  createArsenalFromConfig,
  loadConfig,
} from '@arsenal/config';
import { demoCatalogFiles } from '../demo-catalog.js';
import { type CliIO, writeLine } from '../io.js';

const require = createRequire(import.meta.url);

function referenceServerEntry(name: string): string {
  const manifestPath = require.resolve(`@modelcontextprotocol/${name}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    bin: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0];
  return join(dirname(manifestPath), bin ?? 'dist/index.js');
}

/** The no-config setup: the demo catalog and three reference servers, run with this Node. */
function demoConfig(workDir: string): ArsenalConfig {
  const node = process.execPath;
  return {
    baseDir: process.cwd(),
    tools: {
      catalogs: demoCatalogFiles().map((file) =>
        file.namespace ? { path: file.path, namespace: file.namespace } : file.path,
      ),
    },
    mcpServers: {
      everything: { command: node, args: [referenceServerEntry('server-everything'), 'stdio'] },
      filesystem: { command: node, args: [referenceServerEntry('server-filesystem'), workDir] },
      memory: {
        command: node,
        args: [referenceServerEntry('server-memory')],
        env: { MEMORY_FILE_PATH: join(workDir, 'memory.jsonl') },
      },
    },
  };
}

/** A configured Arsenal (from a config file, or the demo setup) and how to release it. */
export interface OpenedArsenal {
  config: ArsenalConfig;
  configured: ConfiguredArsenal;
  close(): Promise<void>;
}

/** Load the config (or the demo setup with its reference servers) and build the Arsenal. */
export async function openConfiguredArsenal(
  configPath: string | undefined,
  io: CliIO,
): Promise<OpenedArsenal> {
  const warn = (message: string) => writeLine(io.stderr, `arsenal: warning: ${message}`);
  let workDir: string | undefined;
  let config: ArsenalConfig;
  if (configPath) {
    config = await loadConfig(configPath);
  } else {
    workDir = await mkdtemp(join(tmpdir(), 'arsenal-serve-'));
    config = demoConfig(workDir);
  }
  const removeWorkDir = async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  };
  let configured: ConfiguredArsenal;
  try {
    configured = await createArsenalFromConfig(config, { onWarning: warn });
  } catch (error) {
    await removeWorkDir();
    throw error;
  }
  return {
    config,
    configured,
    close: async () => {
      try {
        await configured.close();
      } finally {
        await removeWorkDir();
      }
    },
  };
}
