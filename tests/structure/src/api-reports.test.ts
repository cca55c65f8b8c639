import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

async function check(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [join(root, 'scripts/api-report.mjs'), ...args],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** The rows of one entry's table in a report: name, kind, runtime, TSDoc. */
function rows(report: string, specifier: string): string[][] {
  const section = report.split(`## \`${specifier}\``)[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replaceAll('`', '')),
    );
}

describe('API reports', () => {
  it('match the builds of every published package', async () => {
    const { code, out } = await check();
    // On failure the output names each stale report and `pnpm api:update`.
    expect(out, out).toContain('API reports are up to date.');
    expect(code).toBe(0);
  });

  it("keep @arsenal/core's root entry to at most 100 runtime names, each documented", () => {
    const report = readFileSync(join(root, 'packages/core/api-report.md'), 'utf8');
    const runtime = rows(report, '@arsenal/core').filter(([, , isRuntime]) => isRuntime === 'yes');
    expect(runtime.length).toBeGreaterThan(0);
    expect(runtime.length).toBeLessThanOrEqual(100);
    expect(runtime.filter(([, , , doc]) => doc === 'no').map(([name]) => name)).toEqual([]);
  });

  it("give core's entry points and ports an @example", () => {
    const report = readFileSync(join(root, 'packages/core/api-report.md'), 'utf8');
    const byName = new Map(rows(report, '@arsenal/core').map((row) => [row[0], row[3]]));
    const entryPoints = ['createArsenal', 'defineTool', 'createToolDefinition'];
    const ports = [
      'Embedder',
      'Executor',
      'HistoryStore',
      'Planner',
      'PoisoningDetector',
      'Reranker',
      'SchemaValidator',
      'StateStore',
      'Telemetry',
      'ToolSource',
      'Transcoder',
      'VectorStore',
    ];
    const missing = [...entryPoints, ...ports].filter(
      (name) => byName.get(name) !== 'yes, @example',
    );
    expect(missing).toEqual([]);
  });
});
