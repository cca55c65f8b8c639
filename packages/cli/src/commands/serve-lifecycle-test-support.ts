import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, type ListeningProcess, startListeningProcess } from '@arsenal/testkit';

export const bin = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));

/** A tool that runs until the test creates `release` (no sleeps: the test decides when). */
const WAIT_SCRIPT = `
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const dir = process.argv[2];
writeFileSync(join(dir, 'started'), '');
const timer = setInterval(() => {
  if (existsSync(join(dir, 'release'))) { clearInterval(timer); console.log('export released'); }
}, 25);
`;

export async function until<T>(check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function probe(base: string, path: string) {
  try {
    const response = await fetch(new URL(path, base));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  } catch {
    return undefined;
  }
}

/** Writes an arsenal.yaml with the `slow_export` tool and `historyLines`, and serves it over HTTP. */
export async function serveSlowTool(
  dir: string,
  historyLines: string[],
): Promise<{ server: ListeningProcess; base: string; stderr: () => string }> {
  await writeFile(join(dir, 'wait.mjs'), WAIT_SCRIPT);
  await writeFile(
    join(dir, 'arsenal.yaml'),
    [
      'serve: { mode: static, drainTimeoutMs: 300000 }',
      ...historyLines,
      'cli:',
      '  - name: slow_export',
      '    description: Export the monthly report; slow, it waits for the data warehouse.',
      `    command: ${JSON.stringify(process.execPath)}`,
      `    args: [${JSON.stringify(join(dir, 'wait.mjs'))}, ${JSON.stringify(dir)}]`,
      '    timeoutMs: 600000',
    ].join('\n'),
  );
  const port = await freePort();
  const server = await startListeningProcess(
    bin,
    ['serve', '--config', join(dir, 'arsenal.yaml'), '--http', `127.0.0.1:${port}`],
    { port, timeoutMs: 240_000, intervalMs: 100 },
  );
  let stderr = '';
  server.child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return { server, base: `http://127.0.0.1:${port}`, stderr: () => stderr };
}

export function toolStarted(dir: string): Promise<true> {
  return until(() => (existsSync(join(dir, 'started')) ? true : undefined));
}
