import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './load-config.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/arsenal.yaml', import.meta.url));

describe('examples/arsenal.yaml', () => {
  it('is a valid config', async () => {
    const config = await loadConfig(EXAMPLE, { env: {}, envFile: false });
    expect(config.serve?.mode).toBe('dynamic');
    // Every tool it ships can run: inline tools need a handler given in code.
    expect(config.tools?.inline ?? []).toEqual([]);
    expect(Object.keys(config.mcpServers ?? {})).toEqual(['memory', 'everything']);
    // A deny pattern that names a tool the servers have (a pattern matching none warns at start).
    expect(config.policy?.deny?.tools).toEqual(['everything.get_env']);
    expect(config.serve?.auth?.tokens?.map((credential) => credential.principal.id)).toEqual([
      'admin',
      'reader',
    ]);
  });

  it('takes its tokens from the environment', async () => {
    const config = await loadConfig(EXAMPLE, {
      env: { ARSENAL_ADMIN_TOKEN: 'from-the-environment-0123' },
      envFile: false,
    });
    expect(config.serve?.auth?.tokens?.[0]?.token).toBe('from-the-environment-0123');
  });
});
