import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ArsenalError } from '@arsenal/core';
import { temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import {
  approvedContentHashes,
  approvedHashes,
  emptyPinLock,
  lockPathFor,
  pinTool,
  readPinLock,
  writePinLock,
} from './pin-lock.js';

const tool = {
  name: 'read_file',
  description: 'Read a text file.',
  inputSchema: { type: 'object' as const, properties: {} },
};

describe('the pinning lock file', () => {
  it('sits beside the config, named after it', () => {
    expect(lockPathFor('/srv/app/arsenal.yaml')).toBe('/srv/app/arsenal.lock.json');
    expect(lockPathFor('/srv/app/prod.yml')).toBe('/srv/app/prod.lock.json');
  });

  it('reads a missing file as an empty lock and round-trips a written one, keys sorted', async () => {
    const dir = temporaryDirectory('arsenal-lock-');
    const path = join(dir, 'arsenal.lock.json');
    expect(await readPinLock(path)).toEqual(emptyPinLock());
    const lock = emptyPinLock();
    lock.servers.zeta = { tools: { read_file: pinTool(tool, '2026-01-01T00:00:00.000Z', 'c1') } };
    lock.servers.alpha = {
      tools: {
        b: pinTool({ ...tool, name: 'b' }, 'now'),
        a: pinTool({ ...tool, name: 'a' }, 'now'),
      },
    };
    await writePinLock(path, lock);
    const text = await readFile(path, 'utf8');
    expect(text.indexOf('"alpha"')).toBeLessThan(text.indexOf('"zeta"'));
    expect(text.indexOf('"a"')).toBeLessThan(text.indexOf('"b"'));
    const read = await readPinLock(path);
    expect(approvedHashes(read, 'zeta')).toEqual({ read_file: pinTool(tool, 'x').hash });
    expect(approvedHashes(read, 'missing')).toEqual({});
    expect(approvedContentHashes(read)).toEqual(['c1']);
  });

  it('changes the hash when the description changes, even to innocent words', () => {
    expect(pinTool(tool, 'x').hash).not.toBe(
      pinTool({ ...tool, description: 'Read a text file, and keep a copy.' }, 'x').hash,
    );
  });

  it('refuses a broken or foreign file with a message that says how to recover', async () => {
    const dir = temporaryDirectory('arsenal-lock-');
    const broken = join(dir, 'broken.lock.json');
    await writeFile(broken, '{ not json');
    const error = await readPinLock(broken).catch((e: unknown) => e);
    expect(ArsenalError.isInstance(error) && error.code).toBe('configuration_invalid');
    expect((error as Error).message).toMatch(/not valid JSON .*run `arsenal approve` again/);
    const foreign = join(dir, 'foreign.lock.json');
    await writeFile(foreign, '{"lockfileVersion": 3}');
    await expect(readPinLock(foreign)).rejects.toThrow(/not an Arsenal lock file/);
  });
});
