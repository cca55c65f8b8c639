import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findBubblewrap } from '@arsenal/executor-process';
import { temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { cliToolSpecs } from './cli-tools.js';
import { ConfigFileError } from './config-error.js';
import { createArsenalFromConfig } from './create-arsenal.js';
import { loadConfig, parseConfig } from './load-config.js';

describe('cli: command-line programs from arsenal.yaml', () => {
  it('registers each program as a tool in the cli namespace and runs it with its cwd', async () => {
    const dir = temporaryDirectory('arsenal-cli-config-');
    await writeFile(join(dir, 'greeting.txt'), 'hello from a file\n');
    await writeFile(
      join(dir, 'arsenal.yaml'),
      [
        'cli:',
        '  - name: read_greeting',
        '    description: Print the greeting file.',
        '    command: cat',
        '    args: ["{{file}}"]',
        '    cwd: .',
        '    annotations: { readOnlyHint: true }',
      ].join('\n'),
    );
    const { arsenal, close } = await createArsenalFromConfig(
      await loadConfig(join(dir, 'arsenal.yaml')),
    );
    try {
      const [tool] = arsenal.registry.list();
      expect(tool?.qualifiedName.startsWith('cli.read_greeting')).toBe(true);
      const result = await arsenal.execute({
        tool: 'read_greeting',
        arguments: { file: 'greeting.txt' },
      });
      expect(result.result).toMatchObject({ stdout: 'hello from a file\n' });
    } finally {
      await close();
    }
  });

  it('rejects a mistyped key with its line, and a shell line as a command at start-up', async () => {
    expect(() =>
      parseConfig(['cli:', '  - name: x', '    description: y', '    comand: ls'].join('\n')),
    ).toThrow(/comand/);
    const config = parseConfig(
      ['cli:', '  - name: list_all', '    description: List.', '    command: ls -la | wc'].join(
        '\n',
      ),
    );
    await expect(createArsenalFromConfig(config)).rejects.toThrow(/put its arguments in "args"/);
  });

  it('takes readable folders, resolved from the config folder, and a user to run the sandbox as', () => {
    const config = parseConfig(
      [
        'cli:',
        '  - name: count_lines',
        '    description: Count the lines of a data file.',
        '    command: wc',
        '    args: ["-l", "{{file}}"]',
        '    sandbox:',
        '      readable: [data, /srv/shared]',
        '      writable: [out]',
        '      runAs: { uid: 65534, gid: 65534 }',
      ].join('\n'),
      { baseDir: '/opt/tools' },
    );
    expect(cliToolSpecs(config)[0]?.sandbox).toEqual({
      readable: ['/opt/tools/data', '/srv/shared'],
      writable: ['/opt/tools/out'],
      runAs: { uid: 65534, gid: 65534 },
    });
  });

  it('refuses a sandbox that would run as root, saying why and what to give instead', () => {
    const sandboxWith = (runAs: string) =>
      parseConfig(
        [
          'cli:',
          '  - name: list_files',
          '    description: List files.',
          '    command: ls',
          '    sandbox:',
          `      runAs: ${runAs}`,
        ].join('\n'),
      );
    const issuesOf = (runAs: string) => {
      try {
        sandboxWith(runAs);
      } catch (error) {
        expect(ConfigFileError.isInstance(error)).toBe(true);
        return (error as ConfigFileError).issues;
      }
      throw new Error(`runAs ${runAs} was accepted`);
    };
    expect(issuesOf('{ uid: 0, gid: 65534 }')).toEqual([
      {
        path: 'cli.0.sandbox.runAs.uid',
        line: 6,
        message: expect.stringMatching(/is 0, the root user: a sandbox never runs as root.*65534/),
      },
    ]);
    expect(issuesOf('{ uid: 1000, gid: 0 }')).toEqual([
      expect.objectContaining({
        path: 'cli.0.sandbox.runAs.gid',
        message: expect.stringMatching(/is 0, the root group: a sandbox never runs as root/),
      }),
    ]);
    expect(issuesOf('{ uid: -1, gid: 1000 }')[0]?.message).toMatch(/must be a positive user id/);
    expect(issuesOf('{ uid: nobody, gid: 1000 }')[0]?.message).toMatch(/numeric user id/);
    expect(issuesOf('{ uid: 1000 }')[0]?.path).toBe('cli.0.sandbox.runAs.gid');
  });

  it('rejects a mistyped sandbox key and an empty folder', () => {
    const sandboxWith = (line: string) => () =>
      parseConfig(
        [
          'cli:',
          '  - name: list_files',
          '    description: List files.',
          '    command: ls',
          '    sandbox:',
          `      ${line}`,
        ].join('\n'),
      );
    expect(sandboxWith('readonly: [data]')).toThrow(
      /line 6, cli\.0\.sandbox\.readonly: unknown key "readonly"/,
    );
    expect(sandboxWith('readable: [""]')).toThrow(
      /cli\.0\.sandbox\.readable\.0: must be a folder path/,
    );
  });
});

describe.skipIf(findBubblewrap() === undefined)(
  'cli: sandbox folders and user from arsenal.yaml',
  () => {
    it('reads a readable folder, nothing beside it, as the configured user', async () => {
      const dir = temporaryDirectory('arsenal-cli-sandbox-');
      await chmod(dir, 0o755);
      for (const [folder, text] of [
        ['data', 'rows\n'],
        ['private', 'secret\n'],
      ] as const) {
        await mkdir(join(dir, folder), { mode: 0o755 });
        await writeFile(join(dir, folder, 'file.txt'), text, { mode: 0o644 });
      }
      await writeFile(
        join(dir, 'arsenal.yaml'),
        [
          'cli:',
          '  - name: read_file',
          '    description: Print a file.',
          '    command: cat',
          '    args: ["{{path}}"]',
          '    sandbox:',
          '      readable: [data]',
          '  - name: whoami',
          '    description: Print the user and group ids.',
          '    command: sh',
          '    args: ["-c", "echo $(id -u):$(id -g)"]',
          '    sandbox:',
          '      runAs: { uid: 4242, gid: 4343 }',
        ].join('\n'),
      );
      const { arsenal, close } = await createArsenalFromConfig(
        await loadConfig(join(dir, 'arsenal.yaml')),
      );
      try {
        const read = (folder: string) =>
          arsenal.execute({
            tool: 'read_file',
            arguments: { path: join(dir, folder, 'file.txt') },
          });
        expect((await read('data')).result).toMatchObject({ stdout: 'rows\n' });
        const beside = await read('private');
        expect(beside.status).toBe('failure');
        expect(beside.error?.message).toMatch(/No such file/);
        // Only root can start a program as another user.
        if (process.getuid?.() === 0) {
          const user = await arsenal.execute({ tool: 'whoami', arguments: {} });
          expect(user.result).toMatchObject({ stdout: '4242:4343\n' });
        }
      } finally {
        await close();
      }
    });
  },
);
