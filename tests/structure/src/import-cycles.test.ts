import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

describe('import cycles', () => {
  it('none between source files of any package, nor at runtime between core folders', async () => {
    let code = 0;
    let out: string;
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        [join(root, 'scripts/import-cycles.mjs')],
        { cwd: root },
      );
      out = stdout + stderr;
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      code = failed.code ?? 1;
      out = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    }
    console.log(out.trimEnd());
    // The output lists each cycle with the imports that make it; see `pnpm check:cycles`.
    expect(out, out).toMatch(/, 0 cycles\.\nRuntime imports between/);
    expect(out, out).toMatch(/folders, 0 cycles\./);
    expect(code).toBe(0);
  });
});
