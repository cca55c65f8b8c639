import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { temporaryDirectory } from '@arsenal/testkit';
import { runCli } from './cli.js';
import { createMemoryWriter } from './io.js';

/** Absolute path of a file in src/test-fixtures. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`./test-fixtures/${name}`, import.meta.url));
}

/** Run the CLI in-process and capture what it prints. */
export async function runArsenal(
  argv: readonly string[],
  options: { stderrIsTTY?: boolean } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = createMemoryWriter();
  const stderr = createMemoryWriter({ isTTY: options.stderrIsTTY ?? false });
  const code = await runCli(argv, { stdout, stderr });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/**
 * Write a file the repository's formatter must never see (broken on purpose) to a temporary
 * folder and return its path.
 */
export function temporaryFile(name: string, content: string): string {
  const path = join(temporaryDirectory('arsenal-cli-'), name);
  writeFileSync(path, content);
  return path;
}

/** A YAML catalog with a syntax error on line 4. */
export const MALFORMED_YAML =
  'tools:\n  - name: fine_tool\n    description: A perfectly fine tool entry.\n  - name: [unclosed\n    description: x\n';
