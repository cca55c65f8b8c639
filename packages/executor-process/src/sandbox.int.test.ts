import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { createArsenal, type ToolResult } from '@arsenal/core';
import { temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { createProcessToolSource, findBubblewrap, type ProcessToolSpec } from './index.js';

const TOKEN = 'tok-51f0c2a9e7d3b';
const isRoot = process.getuid?.() === 0;

async function run(
  spec: Omit<ProcessToolSpec, 'description'>,
  args: Record<string, unknown> = {},
): Promise<ToolResult> {
  const arsenal = createArsenal();
  await arsenal.addSource(
    createProcessToolSource({ tools: [{ description: 'A sandboxed probe.', ...spec }] }),
  );
  try {
    return await arsenal.execute({ tool: spec.name, arguments: args });
  } finally {
    await arsenal.close();
  }
}

const stdoutOf = (result: ToolResult) => (result.result as { stdout: string }).stdout;

/** A folder laid out like a deployment: the config, the secrets beside it, a project folder. */
function deployment(): { config: string; project: string } {
  const config = temporaryDirectory('arsenal-deploy-');
  chmodSync(config, 0o755);
  writeFileSync(join(config, '.env'), `API_TOKEN=${TOKEN}\n`);
  writeFileSync(join(config, 'arsenal.yaml'), `http:\n  api:\n    auth: { token: ${TOKEN} }\n`);
  writeFileSync(join(config, 'notes.txt'), 'public notes\n');
  const project = join(config, 'project');
  mkdirSync(project, { mode: 0o755 });
  writeFileSync(join(project, '.env'), `API_TOKEN=${TOKEN}\n`);
  writeFileSync(join(project, 'notes.txt'), 'project notes\n');
  return { config, project };
}

/** A folder the sandbox user may write to. */
function writableFolder(): string {
  const dir = temporaryDirectory('arsenal-out-');
  if (isRoot) chownSync(dir, 65534, 65534);
  return dir;
}

describe.skipIf(!findBubblewrap())('the bubblewrap sandbox: least privilege', () => {
  it('runs the program as an unprivileged user: not root inside, /etc/shadow unreadable', async () => {
    const id = await run({ name: 'whoami', command: 'id', args: ['-u'], sandbox: true });
    expect(id.status, JSON.stringify(id.error)).toBe('success');
    expect(stdoutOf(id).trim()).not.toBe('0');
    for (const file of ['/etc/shadow', '/etc/gshadow']) {
      const read = await run({ name: 'read', command: 'cat', args: [file], sandbox: true });
      expect(read.status, file).toBe('failure');
    }
  });

  it('does not show the config folder, its .env or arsenal.yaml, nor the host home', async () => {
    const { config } = deployment();
    for (const file of ['.env', 'arsenal.yaml', 'notes.txt']) {
      const read = await run({
        name: 'read',
        command: 'cat',
        args: [join(config, file)],
        sandbox: true,
      });
      expect(read.status, file).toBe('failure');
      expect(JSON.stringify(read), file).not.toContain(TOKEN);
    }
    const home = await run({ name: 'list_home', command: 'ls', args: ['/root'], sandbox: true });
    expect(home.status).toBe('failure');
  });

  it('masks secret files in a folder it does bind (the working directory)', async () => {
    const { project } = deployment();
    const result = await run({
      name: 'show',
      command: 'sh',
      args: ['-c', 'cat .env; cat notes.txt'],
      cwd: project,
      sandbox: true,
    });
    expect(result.status, JSON.stringify(result.error)).toBe('success');
    expect(stdoutOf(result)).toBe('project notes\n');
    expect((result.result as { stderr: string }).stderr).toContain('.env: Permission denied');
    expect(JSON.stringify(result)).not.toContain(TOKEN);
  });

  it('refuses to bind the config folder itself, as cwd or as a configured folder', async () => {
    const { config } = deployment();
    for (const sandbox of [true, { readable: [config] }, { writable: [config] }]) {
      const result = await run({
        name: 'show',
        command: 'cat',
        args: ['.env'],
        ...(sandbox === true ? { cwd: config } : {}),
        sandbox,
      });
      expect(result.error?.code, JSON.stringify(sandbox)).toBe('configuration_invalid');
      expect(result.error?.message).toContain('it holds arsenal.yaml');
      expect(JSON.stringify(result)).not.toContain(TOKEN);
    }
  });

  it('cannot plant a link in a writable folder; ordinary files still land on the host', async () => {
    const out = writableFolder();
    const planted = await run({
      name: 'plant',
      command: 'ln',
      args: ['-s', '/etc/shadow', join(out, 'planted')],
      sandbox: { writable: [out] },
    });
    expect(planted.status).toBe('failure');
    expect(planted.error?.message).toContain('Operation not permitted');
    expect(() => lstatSync(join(out, 'planted'))).toThrow(/ENOENT/);
    const hard = await run({
      name: 'hard_link',
      command: 'ln',
      args: [join(out, 'a'), join(out, 'b')],
      sandbox: { writable: [out] },
    });
    expect(hard.status).toBe('failure');
    expect(existsSync(join(out, 'b'))).toBe(false);
    const written = await run({
      name: 'write',
      command: 'sh',
      args: ['-c', `echo result > ${join(out, 'report.txt')}`],
      sandbox: { writable: [out] },
    });
    expect(written.status, JSON.stringify(written.error)).toBe('success');
    expect(readFileSync(join(out, 'report.txt'), 'utf8')).toBe('result\n');
  });

  it('keeps a read-only folder nested in a writable one read-only, and the reverse', async () => {
    const out = writableFolder();
    const inner = join(out, 'reference');
    mkdirSync(inner);
    if (isRoot) chownSync(inner, 65534, 65534);
    const probe = (path: string, sandbox: { writable: string[]; readable: string[] }) =>
      run({ name: 'touch_file', command: 'touch', args: [path], sandbox });
    const nestedReadOnly = await probe(join(inner, 'x'), { writable: [out], readable: [inner] });
    expect(nestedReadOnly.status).toBe('failure');
    expect(existsSync(join(inner, 'x'))).toBe(false);
    const nestedWritable = await probe(join(inner, 'y'), { writable: [inner], readable: [out] });
    expect(nestedWritable.status, JSON.stringify(nestedWritable.error)).toBe('success');
    expect(existsSync(join(inner, 'y'))).toBe(true);
  });

  it('runs a program that lives outside the system folders, without showing its folder', async () => {
    const dir = temporaryDirectory('arsenal-program-');
    chmodSync(dir, 0o755);
    const program = join(dir, 'report.sh');
    writeFileSync(program, '#!/bin/sh\necho report; ls "$(dirname "$0")"\n', { mode: 0o755 });
    writeFileSync(join(dir, 'secret.key'), TOKEN);
    const result = await run({ name: 'report', command: program, sandbox: true });
    expect(result.status, JSON.stringify(result.error)).toBe('success');
    // The folder shows the program alone: the key beside it is not there.
    expect(stdoutOf(result)).toBe('report\nreport.sh\n');
  });

  it('still runs real programs with their libraries (jq)', async () => {
    const result = await run(
      {
        name: 'jq_filter',
        command: 'jq',
        args: ['-c', '{{filter}}'],
        stdin: '{{json}}',
        parseJson: true,
        sandbox: true,
      },
      { filter: '.a', json: '{"a": [1, 2]}' },
    );
    expect(result.result).toMatchObject({ exitCode: 0, stdout: [1, 2] });
  });

  it('refuses to run as root or to bind the host root, with the fix in the message', async () => {
    const root = await run({
      name: 'as_root',
      command: 'true',
      sandbox: { runAs: { uid: 0, gid: 0 } },
    });
    expect(root.error?.message).toContain('a sandbox never runs as root');
    const everything = await run({
      name: 'bind_all',
      command: 'true',
      sandbox: { readable: ['/'] },
    });
    expect(everything.error?.message).toContain('will not bind "/"');
  });
});
