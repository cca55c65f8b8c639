import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkModuleFolder } from './core.js';

const root = mkdtempSync(join(tmpdir(), 'arsenal-core-folder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('checkModuleFolder', () => {
  it('refuses a core whose nearest package.json is missing or not an ES module package', () => {
    mkdirSync(join(root, 'bare/dist'), { recursive: true });
    expect(() => checkModuleFolder(join(root, 'bare/dist/index.js'))).toThrow(/"type":"module"/);
    mkdirSync(join(root, 'commonjs/dist'), { recursive: true });
    writeFileSync(join(root, 'commonjs/package.json'), '{"type":"commonjs"}');
    expect(() => checkModuleFolder(join(root, 'commonjs/dist/index.js'))).toThrow(/ARSENAL_CORE/);
  });

  it('accepts a core with an ES module package.json beside it or above it', () => {
    mkdirSync(join(root, 'module/dist'), { recursive: true });
    writeFileSync(join(root, 'module/package.json'), '{"type":"module"}');
    expect(() => checkModuleFolder(join(root, 'module/dist/index.js'))).not.toThrow();
  });
});
