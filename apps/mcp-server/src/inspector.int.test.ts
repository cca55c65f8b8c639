import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, spawnHttpServer } from './test-support/spawn-server.js';

const require = createRequire(import.meta.url);
const INSPECTOR_BUILD = join(
  dirname(require.resolve('@modelcontextprotocol/inspector-cli/package.json')),
  'build',
);

/**
 * Run the Inspector in CLI mode. Published standalone, inspector-cli looks for its package.json
 * at `../package.json` relative to the working directory, so it runs from its own build folder.
 */
function inspector(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(INSPECTOR_BUILD, 'cli.js'), '--cli', ...args], {
      cwd: INSPECTOR_BUILD,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('MCP Inspector (CLI mode) as an independent client', () => {
  it('lists the meta-tools over stdio', async () => {
    const result = await inspector([
      process.execPath,
      BIN,
      '--mode',
      'dynamic',
      '--method',
      'tools/list',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const names = (JSON.parse(result.stdout) as { tools: { name: string }[] }).tools.map(
      (tool) => tool.name,
    );
    expect(names).toEqual([
      'find_relevant_tools',
      'describe_tool',
      'execute_tool',
      'confirm_tool_call',
    ]);
  });

  it('calls a reference-server tool through Arsenal over stdio', async () => {
    const result = await inspector([
      process.execPath,
      BIN,
      '--mode',
      'static',
      '--method',
      'tools/call',
      '--tool-name',
      'get_sum',
      '--tool-arg',
      'a=2',
      'b=3',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('The sum of 2 and 3 is 5.');
  });

  it('lists and calls over Streamable HTTP', async () => {
    const server = await spawnHttpServer(['--mode', 'dynamic']);
    try {
      const list = await inspector([server.url, '--transport', 'http', '--method', 'tools/list']);
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout).toContain('find_relevant_tools');
      const call = await inspector([
        server.url,
        '--transport',
        'http',
        '--method',
        'tools/call',
        '--tool-name',
        'describe_tool',
        '--tool-arg',
        'tool_name=everything.get_sum',
      ]);
      expect(call.code, call.stderr).toBe(0);
      expect(call.stdout).toContain('get_sum');
    } finally {
      await server.stop();
    }
  });
});
