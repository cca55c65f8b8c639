import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ArsenalError } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { createArsenalFromConfig } from './create-arsenal.js';
import { parseConfig } from './load-config.js';

const require = createRequire(import.meta.url);

/** server-everything's entry script, run with this Node (never npx at test time). */
function everythingEntry(): string {
  const manifestPath = require.resolve('@modelcontextprotocol/server-everything/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    bin: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0];
  return join(dirname(manifestPath), bin ?? '');
}

function configWith(policy: string[]) {
  return parseConfig(
    [
      'mcpServers:',
      '  everything:',
      `    command: ${JSON.stringify(process.execPath)}`,
      `    args: [${JSON.stringify(everythingEntry())}, stdio]`,
      'policy:',
      ...policy.map((line) => `  ${line}`),
    ].join('\n'),
    { baseDir: process.cwd(), env: {} },
  );
}

describe('policy rules against the real server-everything', () => {
  it('denies get-env by its upstream name although Arsenal calls it get_env', async () => {
    const warnings: string[] = [];
    const { arsenal, close } = await createArsenalFromConfig(
      configWith(['deny: { tools: ["everything.get-env"] }']),
      { onWarning: (message) => warnings.push(message) },
    );
    try {
      expect(arsenal.registry.get('everything.get_env')).toBeDefined();
      const denied = await arsenal.execute({ tool: 'everything.get_env', arguments: {} });
      expect(denied.status).toBe('permission_denied');
      expect(denied.error?.message).toContain('everything.get-env');
      const echoed = await arsenal.execute({
        tool: 'everything.echo',
        arguments: { message: 'hi' },
      });
      expect(echoed.status).toBe('success');
      expect(warnings.filter((warning) => warning.startsWith('policy.'))).toEqual([]);
    } finally {
      await close();
    }
  });

  it('warns at start-up about a pattern that matches no tool, with "did you mean"', async () => {
    const warnings: string[] = [];
    const { arsenal, close } = await createArsenalFromConfig(
      configWith(['deny: { tools: ["everything.get_evn"] }']),
      { onWarning: (message) => warnings.push(message) },
    );
    try {
      expect(warnings).toContainEqual(
        expect.stringMatching(
          /^policy\.deny\.tools: "everything\.get_evn" matches no registered tool\. Did you mean "everything\.get_env"/,
        ),
      );
      expect(arsenal.registry.get('everything.get_env')).toBeDefined();
    } finally {
      await close();
    }
  });

  it('refuses to start under policy.strict when a pattern matches no tool', async () => {
    const error = await createArsenalFromConfig(
      configWith(['strict: true', 'deny: { tools: ["everything.get_evn"] }']),
    ).catch((caught: unknown) => caught);
    expect(ArsenalError.isInstance(error)).toBe(true);
    expect((error as ArsenalError).code).toBe('configuration_invalid');
    expect((error as Error).message).toContain('Did you mean "everything.get_env"');
  });
});
