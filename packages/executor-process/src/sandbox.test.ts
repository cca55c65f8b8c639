import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expectArsenalError, temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { sandboxed } from './sandbox.js';

/** The bind operations of a bwrap command line: [option, source, destination]. */
function binds(argv: readonly string[]): string[][] {
  const out: string[][] = [];
  argv.forEach((arg, index) => {
    if (['--bind', '--ro-bind', '--ro-bind-try', '--bind-try'].includes(arg))
      out.push(argv.slice(index, index + 3));
  });
  return out;
}

const env = { PATH: '/usr/bin:/bin', HOME: '/root', LANG: 'C.UTF-8' };

describe('the sandbox command line (no bubblewrap needed)', () => {
  it('binds neither the host root nor /etc wholesale, nor the server folder', () => {
    const run = sandboxed('t', 'cat', ['x'], { bwrapPath: '/usr/bin/bwrap', env });
    const sources = binds(run.argv).map(([, source]) => source);
    expect(sources).not.toContain('/');
    expect(sources).not.toContain('/etc');
    expect(sources).not.toContain('/etc/shadow');
    expect(sources).not.toContain(process.cwd());
    expect(sources).toContain('/usr');
    expect(run.argv).toEqual(expect.arrayContaining(['--seccomp', '3', '--clearenv']));
    expect(run.argv.slice(run.argv.indexOf('--chdir'), run.argv.indexOf('--chdir') + 2)).toEqual([
      '--chdir',
      '/tmp',
    ]);
    // HOME points into the sandbox, not at a host folder it cannot see.
    const home = run.argv.findIndex((arg, i) => arg === '--setenv' && run.argv[i + 1] === 'HOME');
    expect(run.argv[home + 2]).toBe('/tmp');
    expect(run.extraInput.byteLength % 8).toBe(0);
  });

  it('drops root: as root it runs as nobody, otherwise as the current user', () => {
    const run = sandboxed('t', 'true', [], { bwrapPath: '/usr/bin/bwrap', env });
    if (process.getuid?.() === 0) expect(run).toMatchObject({ uid: 65534, gid: 65534 });
    else expect(run.uid).toBeUndefined();
    const chosen = sandboxed('t', 'true', [], {
      bwrapPath: '/usr/bin/bwrap',
      env,
      runAs: { uid: 1000, gid: 1000 },
    });
    expect(chosen).toMatchObject({ uid: 1000, gid: 1000 });
  });

  it('binds the program itself, and only it, when it lives outside the system folders', () => {
    const dir = temporaryDirectory('arsenal-program-');
    const program = join(dir, 'report.sh');
    writeFileSync(program, '#!/bin/sh\necho report\n', { mode: 0o755 });
    writeFileSync(join(dir, 'secret.key'), 'not for the tool');
    for (const command of [program, 'report.sh']) {
      const run = sandboxed('t', command, [], {
        bwrapPath: '/usr/bin/bwrap',
        env: { ...env, PATH: `${dir}:/usr/bin` },
      });
      expect(binds(run.argv), command).toContainEqual(['--ro-bind', program, program]);
      expect(binds(run.argv).map(([, source]) => source)).not.toContain(dir);
    }
  });

  it("refuses to bind the server's working folder or a folder holding it", async () => {
    for (const dir of [process.cwd(), dirname(process.cwd())]) {
      const error = await expectArsenalError(
        () => sandboxed('t', 'true', [], { bwrapPath: '/usr/bin/bwrap', env, readable: [dir] }),
        'configuration_invalid',
      );
      expect(error.message).toContain("it holds the server's working folder");
    }
  });
});
