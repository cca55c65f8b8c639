import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { createMemoryWriter } from '../io.js';

const require = createRequire(import.meta.url);

/** server-everything's entry file, run with this Node (no npx at test time). */
function everythingEntry(): string {
  const manifestPath = require.resolve('@modelcontextprotocol/server-everything/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    bin: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0];
  return join(dirname(manifestPath), bin ?? 'dist/index.js');
}

async function configWithEverything(extra = ''): Promise<string> {
  const dir = temporaryDirectory('arsenal-call-test-');
  const path = join(dir, 'arsenal.yaml');
  await writeFile(
    path,
    [
      'mcpServers:',
      '  everything:',
      `    command: ${JSON.stringify(process.execPath)}`,
      `    args: [${JSON.stringify(everythingEntry())}, stdio]`,
      extra,
    ].join('\n'),
  );
  return path;
}

async function call(argv: string[]) {
  const stdout = createMemoryWriter();
  const stderr = createMemoryWriter();
  const code = await runCli(['call', ...argv], { stdout, stderr });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

describe('arsenal call', () => {
  it('runs a tool of an MCP server from the config and prints its text', async () => {
    const config = await configWithEverything();
    const result = await call(['everything.get_sum', '--args', '{"a": 2, "b": 3}', '-c', config]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('The sum of 2 and 3 is 5.');
    const json = await call(['get_sum', '--args', '{"a": 1, "b": 1}', '-c', config, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'success', tool: 'get_sum' });
  });

  it('fails with exit code 1, one line for an unknown tool and every issue of invalid arguments', async () => {
    const config = await configWithEverything();
    const unknown = await call(['everything.get_summ', '-c', config]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    expect(unknown.stderr).toContain('Did you mean "get_sum"?');
    const invalid = await call(['everything.get_sum', '--args', '{"a": "two"}', '-c', config]);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/^arsenal: invalid_arguments: validation_failed/);
    // Both problems, each on its own line: the wrong type of "a" and the missing "b".
    const issueLines = invalid.stderr.trim().split('\n').slice(1);
    expect(issueLines).toHaveLength(2);
    expect(issueLines.some((line) => line.startsWith('  /a: '))).toBe(true);
    expect(issueLines.some((line) => line.startsWith('  /b: '))).toBe(true);
  });

  it('names a denied call once: no "permission_denied: permission_denied:"', async () => {
    const config = await configWithEverything('policy:\n  deny: { tools: ["everything.get-sum"] }');
    const denied = await call(['everything.get_sum', '--args', '{"a": 2, "b": 3}', '-c', config]);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toMatch(/^arsenal: permission_denied: /);
    expect(denied.stderr).not.toContain('permission_denied: permission_denied');
    expect(denied.stderr).toContain('everything.get-sum');
  });

  it('runs a call that needs confirmation only with --yes', async () => {
    const config = await configWithEverything(
      'policy:\n  requireConfirmation: { tools: ["get_sum"] }',
    );
    const refused = await call(['everything.get_sum', '--args', '{"a": 2, "b": 3}', '-c', config]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('run it again with --yes');
    expect(refused.stdout).toBe('');
    const confirmed = await call([
      'everything.get_sum',
      '--args',
      '{"a": 2, "b": 3}',
      '-c',
      config,
      '--yes',
    ]);
    expect(confirmed.code).toBe(0);
    expect(confirmed.stdout).toContain('The sum of 2 and 3 is 5.');
  });

  it('refuses arguments that are not a JSON object before starting anything', async () => {
    for (const args of ['{bad', '[1, 2]']) {
      const result = await call(['anything', '--args', args]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^arsenal: --args (is not valid JSON|must be a JSON object)/);
    }
  });
});
