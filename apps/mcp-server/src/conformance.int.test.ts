import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedHttpServer, spawnHttpServer } from './test-support/spawn-server.js';

const require = createRequire(import.meta.url);
const CONFORMANCE = join(
  dirname(require.resolve('@modelcontextprotocol/conformance/package.json')),
  'dist',
  'index.js',
);
const EXPECTED_FAILURES = fileURLToPath(
  new URL('../conformance-expected-failures.yml', import.meta.url),
);

function run(args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CONFORMANCE, ...args], { cwd });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('MCP conformance (server suite, @modelcontextprotocol/conformance 0.1.13)', () => {
  let server: SpawnedHttpServer;
  beforeAll(async () => {
    server = await spawnHttpServer(['--mode', 'static']);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('passes every scenario outside the expected-failures baseline', async () => {
    // Results are written to the working directory: keep them out of the repository.
    const cwd = await mkdtemp(join(tmpdir(), 'arsenal-conformance-'));
    const { code, output } = await run(
      ['server', '--url', server.url, '--expected-failures', EXPECTED_FAILURES],
      cwd,
    );
    expect(output).toContain('server-initialize');
    expect(output).toMatch(/Baseline check passed/);
    expect(code, output).toBe(0);
  }, 240_000);
});
