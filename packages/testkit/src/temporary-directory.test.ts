import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTemporaryDirectory, temporaryDirectory } from './temporary-directory.js';

describe('temporaryDirectory', () => {
  let fromTest = '';

  it('creates an empty folder named after the prefix', () => {
    fromTest = temporaryDirectory('arsenal-testkit-');
    expect(existsSync(fromTest)).toBe(true);
    expect(fromTest).toMatch(/arsenal-testkit-[A-Za-z0-9]{6}$/);
    writeFileSync(join(fromTest, 'note.txt'), 'kept until the test ends');
  });

  it('removes a folder made inside a test, contents and all, once that test finishes', () => {
    expect(fromTest).not.toBe('');
    expect(existsSync(fromTest)).toBe(false);
  });

  describe('made in a describe body', () => {
    const fromBlock = temporaryDirectory('arsenal-testkit-block-');

    it('lives through every test of the block', () => {
      writeFileSync(join(fromBlock, 'a.txt'), 'a');
      expect(existsSync(fromBlock)).toBe(true);
    });

    it('is still there for the next test', () => {
      expect(existsSync(join(fromBlock, 'a.txt'))).toBe(true);
    });

    afterAll(() => {
      blockFolder = fromBlock;
    });
  });

  let blockFolder = '';
  it('is removed after its block', () => {
    expect(blockFolder).not.toBe('');
    expect(existsSync(blockFolder)).toBe(false);
  });
});

describe('removeTemporaryDirectory', () => {
  it('deletes a folder with files and accepts one already gone', () => {
    const path = temporaryDirectory('arsenal-testkit-remove-');
    writeFileSync(join(path, 'file.txt'), 'x');
    removeTemporaryDirectory(path);
    expect(existsSync(path)).toBe(false);
    expect(() => removeTemporaryDirectory(path)).not.toThrow();
  });
});
