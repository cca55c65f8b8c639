import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runArsenal } from './test-support.js';

const binPath = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/** Run the built bin; exit code, stdout and stderr whatever the outcome. */
function runBuiltBin(args: string[]): { code: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync('node', [binPath, ...args], { encoding: 'utf8', stdio: 'pipe' });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { status: number | null; stdout: string; stderr: string };
    return { code: failed.status ?? -1, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the arsenal bin', () => {
  it('exits non-zero with one line and no stack trace on a bad flag', async () => {
    // The built bin when there is one; otherwise the same code path in-process.
    const result = existsSync(binPath)
      ? runBuiltBin(['search', 'send an email', '--no-such-flag'])
      : await runArsenal(['search', 'send an email', '--no-such-flag']);
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^arsenal: unknown option --no-such-flag .*— .+\n$/);
    expect(result.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });
});
