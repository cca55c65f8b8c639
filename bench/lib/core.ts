// The core under test: this workspace's build, or another one given as ARSENAL_CORE (the path of
// its dist/index.js), so that two commits can be measured side by side in one session on the
// same machine. Set BENCH_LABEL too, so their results are written to different files.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type Core = typeof import('@arsenal/core');

/**
 * The nearest package.json above a file must say `"type": "module"`: without it the files are
 * not loaded as Node loads the workspace's core but rewritten by the TypeScript loader the
 * benches run under, which measured a fifth slower and made "before" figures look worse.
 */
export function checkModuleFolder(file: string): void {
  for (let dir = dirname(resolve(file)); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const type = (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: string }).type;
      if (type === 'module') return;
      break;
    }
    if (dirname(dir) === dir) break;
  }
  throw new Error(
    `ARSENAL_CORE=${file}: its folder needs a package.json with {"type":"module"} (as packages/core has), or it is loaded through the TypeScript loader and measured slower. Add one next to its index.js.`,
  );
}

const other = process.env.ARSENAL_CORE;
if (other) checkModuleFolder(other);
const core: Core = other
  ? ((await import(pathToFileURL(other).href)) as Core)
  : await import('@arsenal/core');

export default core;
