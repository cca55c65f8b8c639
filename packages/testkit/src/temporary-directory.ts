import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

/** Delete a folder and everything in it; a folder already gone is fine. */
export function removeTemporaryDirectory(path: string): void {
  rmSync(path, { recursive: true, force: true, maxRetries: 3 });
}

/**
 * Create a fresh folder under the system temporary folder, named `<prefix><random>`, and delete
 * it when it is no longer needed: called inside a test (or a `beforeEach`), it goes when that
 * test finishes; called at the top of a file or in a `describe` body, it goes after the file or
 * block. In a `beforeAll` no hook can be registered: there, pass the path to
 * `removeTemporaryDirectory` in the matching `afterAll`.
 *
 * ```ts
 * it('reads the config beside it', async () => {
 *   const dir = temporaryDirectory('arsenal-config-');
 *   await writeFile(join(dir, 'arsenal.yaml'), 'tools: []\n');
 * });
 * ```
 */
export function temporaryDirectory(prefix: string): string {
  const path = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => removeTemporaryDirectory(path);
  try {
    onTestFinished(remove);
  } catch {
    afterAll(remove);
  }
  return path;
}
