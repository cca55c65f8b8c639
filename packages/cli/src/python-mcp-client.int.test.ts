import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// AutoGen and CrewAI reach Arsenal through MCP over stdio. This drives `arsenal serve` from a
// Python script that speaks the same JSON-RPC sequence as their MCP adapters, standard library only.
const script = fileURLToPath(
  new URL('../../../examples/python/mcp_stdio_check.py', import.meta.url),
);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const binPath = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

function hasPython(): boolean {
  try {
    execFileSync('python3', ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

const python = hasPython();
if (!python) console.warn('python-mcp-client: skipped, python3 is not installed');

function runCheck(command: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'python3',
      [script, '--', ...command],
      { encoding: 'utf8', timeout: 240_000 },
      (error, stdout, stderr) => {
        const code = error ? ((error as { code?: number }).code ?? 1) : 0;
        resolve({ code: typeof code === 'number' ? code : 1, stdout, stderr });
      },
    );
  });
}

describe.skipIf(!python)('arsenal serve over stdio from a Python MCP client', () => {
  beforeAll(() => {
    // The test needs the built bin; build it when this package's build has not run yet.
    if (!existsSync(binPath)) {
      execFileSync('pnpm', ['run', 'build'], { cwd: packageDir, stdio: 'pipe' });
    }
  }, 240_000);

  for (const mode of ['dynamic', 'hybrid']) {
    it(`answers initialize, tools/list and tools/call in ${mode} mode`, async () => {
      const { code, stdout, stderr } = await runCheck([
        'node',
        binPath,
        'serve',
        '--mode',
        mode,
        '--pin',
        'memory.*',
      ]);
      const checks = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { profile: string; check: string; ok: boolean });
      expect(
        checks.filter((c) => !c.ok),
        stderr,
      ).toEqual([]);
      expect(checks.map((c) => c.profile)).toContain('autogen-mcp-workbench');
      expect(checks.map((c) => c.profile)).toContain('crewai-mcp-adapter');
      expect(checks.length).toBe(20);
      expect(code).toBe(0);
    }, 240_000);
  }

  it('fails when the command is not an MCP server', async () => {
    const { code, stderr } = await runCheck([
      'node',
      '-e',
      'process.stdin.resume(); setTimeout(() => process.exit(0), 500)',
    ]);
    expect(code).not.toBe(0);
    expect(stderr).toContain('closed stdout');
  });
});
