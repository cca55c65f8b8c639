import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createArsenal } from '@arsenal/core';
import { temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { createProcessToolSource, findBubblewrap, type ProcessToolSpec } from './index.js';

async function arsenalWith(tools: ProcessToolSpec[]) {
  const arsenal = createArsenal();
  const source = createProcessToolSource({ id: 'cli', tools });
  const handle = await arsenal.addSource(source);
  expect(handle.summary.failed).toEqual([]);
  return arsenal;
}

/** Processes whose command line contains `marker`, from /proc. */
function processesWith(marker: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmdline.includes(marker)) found.push(`${pid}: ${cmdline}`);
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

describe('command-line programs as tools', () => {
  it('runs jq with its input on stdin and parses its JSON output', async () => {
    const arsenal = await arsenalWith([
      {
        name: 'jq_filter',
        description: 'Apply a jq filter to a JSON document.',
        command: 'jq',
        args: ['-c', '{{filter}}'],
        stdin: '{{json}}',
        parseJson: true,
        input: {
          type: 'object',
          properties: { filter: { type: 'string' }, json: { type: 'string' } },
          required: ['filter', 'json'],
        },
      },
    ]);
    const result = await arsenal.execute({
      tool: 'jq_filter',
      arguments: {
        filter: '.items | map(.price) | add',
        json: '{"items":[{"price":2},{"price":3}]}',
      },
    });
    expect(result).toMatchObject({ status: 'success', result: { exitCode: 0, stdout: 5 } });
    const bad = await arsenal.execute({
      tool: 'jq_filter',
      arguments: { filter: '.[', json: '{}' },
    });
    expect(bad.status).toBe('failure');
    expect(bad.error?.message).toMatch(/exited with code \d+: .*jq/);
  });

  it('runs git and coreutils, with a working directory and no shell anywhere', async () => {
    const repo = temporaryDirectory('arsenal-git-');
    execFileSync('git', ['init', '-q', repo]);
    writeFileSync(join(repo, 'notes.txt'), 'one\ntwo\nthree\n');
    const arsenal = await arsenalWith([
      {
        name: 'git_status',
        description: 'Short git status of the repository.',
        command: 'git',
        args: ['status', '--short'],
        cwd: repo,
      },
      {
        name: 'count_lines',
        description: 'Count the lines of a file.',
        command: 'wc',
        args: ['-l', '{{file}}'],
        cwd: repo,
      },
    ]);
    const status = await arsenal.execute({ tool: 'git_status', arguments: {} });
    expect(status.result).toMatchObject({ stdout: '?? notes.txt\n' });
    const lines = await arsenal.execute({ tool: 'count_lines', arguments: { file: 'notes.txt' } });
    expect((lines.result as { stdout: string }).stdout.trim()).toBe('3 notes.txt');
    const injected = await arsenal.execute({
      tool: 'count_lines',
      arguments: { file: 'notes.txt; touch pwned' },
    });
    expect(injected.status).toBe('failure');
    expect(existsSync(join(repo, 'pwned'))).toBe(false);
    const option = await arsenal.execute({ tool: 'count_lines', arguments: { file: '--version' } });
    expect(option.status).not.toBe('success');
    expect(option.error?.message).toContain('starts with "-"');
  });

  it('refuses a value that would make a suffixed slot an option: sort cannot write a file', async () => {
    const dir = temporaryDirectory('arsenal-sort-');
    writeFileSync(join(dir, 'report.csv'), 'b\na\n');
    const arsenal = await arsenalWith([
      {
        name: 'sort_report',
        description: 'Sort the lines of a CSV report.',
        command: 'sort',
        args: ['{{name}}.csv'],
        cwd: dir,
      },
    ]);
    const sorted = await arsenal.execute({ tool: 'sort_report', arguments: { name: 'report' } });
    expect(sorted.result).toMatchObject({ stdout: 'a\nb\n' });
    const target = join(dir, 'planted');
    const attack = await arsenal.execute({
      tool: 'sort_report',
      arguments: { name: `-o${target}` },
    });
    expect(attack.error?.code).toBe('invalid_argument');
    expect(attack.error?.message).toContain('makes its argument start with "-"');
    expect(existsSync(`${target}.csv`)).toBe(false);
  });

  it('kills the whole process group on timeout: forked children do not survive', async () => {
    const marker = `${Date.now()}.${process.pid}`;
    const arsenal = await arsenalWith([
      {
        name: 'hang',
        description: 'Fork two sleepers and wait for them.',
        command: 'sh',
        args: [
          '-c',
          `sleep 1000${marker} 2>/dev/null & sleep 2000${marker} 2>/dev/null & sleep 300; wait`,
        ],
        timeoutMs: 500,
        killGraceMs: 200,
      },
    ]);
    const result = await arsenal.execute({ tool: 'hang', arguments: {} });
    expect(result.error?.code).toBe('timeout');
    await expect.poll(() => processesWith(marker), { timeout: 60_000 }).toEqual([]);
  });

  it("kills detached descendants (setsid) at the call's own timeout", async () => {
    const marker = `${Date.now()}.${process.pid}`;
    const arsenal = await arsenalWith([
      {
        name: 'detach_and_hang',
        description: 'Start a sleeper in a session of its own, then wait.',
        command: 'sh',
        args: ['-c', `setsid sleep 97${marker} & sleep 300`],
        timeoutMs: 500,
        killGraceMs: 200,
      },
    ]);
    const result = await arsenal.execute({ tool: 'detach_and_hang', arguments: {} });
    // The call's own timeout (500 ms) ended it, not the engine's default of 30 s.
    expect(result.error?.code).toBe('timeout');
    expect(result.error?.message).toContain('within 500 ms');
    await expect.poll(() => processesWith(marker), { timeout: 10_000 }).toEqual([]);
  });

  it('returns when the program exits, killing what it left running in another session', async () => {
    const marker = `${Date.now()}.${process.pid}`;
    const arsenal = await arsenalWith([
      {
        name: 'detach_and_leave',
        description: 'Start a sleeper in a session of its own and exit.',
        command: 'sh',
        // The sleeper keeps stdout open: waiting for it would hang the call.
        args: ['-c', `setsid sleep 98${marker} & echo started`],
        timeoutMs: 20_000,
        killGraceMs: 300,
      },
      {
        name: 'daemonise',
        description: 'Start a sleeper in a session of its own, away from our output, and exit.',
        command: 'sh',
        args: ['-c', `setsid sleep 95${marker} >/dev/null 2>&1 & echo started`],
      },
    ]);
    const result = await arsenal.execute({ tool: 'detach_and_leave', arguments: {} });
    expect(result.status).toBe('success');
    expect(result.result).toMatchObject({ stdout: 'started\n' });
    await expect.poll(() => processesWith(marker), { timeout: 10_000 }).toEqual([]);
    const daemon = await arsenal.execute({ tool: 'daemonise', arguments: {} });
    expect(daemon.status).toBe('success');
    // Checked at once: the call ended, so its processes are gone.
    expect(processesWith(marker)).toEqual([]);
  });

  it('lets a child still writing when the program exits finish within the grace period', async () => {
    const arsenal = await arsenalWith([
      {
        name: 'late_writer',
        description: 'Exit while a background child still writes.',
        command: 'sh',
        args: ['-c', '(sleep 0.2; echo late) & echo early'],
        killGraceMs: 20_000,
      },
    ]);
    const result = await arsenal.execute({ tool: 'late_writer', arguments: {} });
    expect(result.result).toMatchObject({ stdout: 'early\nlate\n' });
  });

  it('kills, at the timeout, a program that ignores SIGTERM and a child that cleared its environment', async () => {
    const marker = `${Date.now()}.${process.pid}`;
    const arsenal = await arsenalWith([
      {
        name: 'stubborn',
        description: 'Ignore SIGTERM; start a detached child without the inherited environment.',
        command: 'sh',
        args: ['-c', `trap "" TERM; env -i setsid sleep 99${marker} & sleep 300${marker}; wait`],
        timeoutMs: 500,
        killGraceMs: 300,
      },
    ]);
    const result = await arsenal.execute({ tool: 'stubborn', arguments: {} });
    expect(result.error?.code).toBe('timeout');
    expect(result.error?.message).toContain('within 500 ms');
    await expect.poll(() => processesWith(marker), { timeout: 10_000 }).toEqual([]);
  });

  it('kills a flood of detached children, each in a session of its own', async () => {
    const marker = `${Date.now()}.${process.pid}`;
    const arsenal = await arsenalWith([
      {
        name: 'detach_flood',
        description: 'Start fifty sleepers, each in its own session, then wait.',
        command: 'sh',
        args: ['-c', `for i in $(seq 50); do setsid sleep 96${marker} & done; sleep 300`],
        timeoutMs: 1500,
        killGraceMs: 300,
      },
    ]);
    const result = await arsenal.execute({ tool: 'detach_flood', arguments: {} });
    expect(result.error?.code).toBe('timeout');
    await expect.poll(() => processesWith(marker), { timeout: 10_000 }).toEqual([]);
  });

  it('stops a program that floods stderr, and one that closes its output and hangs', async () => {
    const arsenal = await arsenalWith([
      {
        name: 'flood_stderr',
        description: 'Print forever on stderr.',
        command: 'sh',
        args: ['-c', 'yes >&2'],
        maxOutputBytes: 64 * 1024,
      },
      {
        name: 'silent_hang',
        description: 'Close stdout and stderr, then wait.',
        command: 'sh',
        args: ['-c', 'exec >&- 2>&-; sleep 300'],
        timeoutMs: 400,
        killGraceMs: 200,
      },
    ]);
    const flood = await arsenal.execute({ tool: 'flood_stderr', arguments: {} });
    expect(flood.error?.code).toBe('output_too_large');
    const silent = await arsenal.execute({ tool: 'silent_hang', arguments: {} });
    expect(silent.error?.code).toBe('timeout');
  });

  it('stops a program that floods its output', async () => {
    const arsenal = await arsenalWith([
      {
        name: 'flood',
        description: 'Print forever.',
        command: 'yes',
        maxOutputBytes: 64 * 1024,
      },
    ]);
    const result = await arsenal.execute({ tool: 'flood', arguments: {} });
    expect(result.status).toBe('failure');
    expect(result.error?.code).toBe('output_too_large');
  });

  it('reports a missing program with what to do', async () => {
    const arsenal = await arsenalWith([
      { name: 'ghost', description: 'Not installed.', command: 'arsenal-no-such-program' },
    ]);
    const result = await arsenal.execute({ tool: 'ghost', arguments: {} });
    expect(result.error?.message).toContain('was not found. Install it');
  });

  it('passes only allowed environment variables', async () => {
    process.env.ARSENAL_TEST_SECRET = 'hunter2';
    try {
      const arsenal = await arsenalWith([
        {
          name: 'show_env',
          description: 'Print the environment.',
          command: 'env',
          env: { GREETING: 'hello' },
        },
      ]);
      const result = await arsenal.execute({ tool: 'show_env', arguments: {} });
      const stdout = (result.result as { stdout: string }).stdout;
      expect(stdout).toContain('GREETING=hello');
      expect(stdout).not.toContain('hunter2');
    } finally {
      // Test files share their process: the variable must not outlive the test.
      delete process.env.ARSENAL_TEST_SECRET;
    }
  });

  it('rejects a shell line as a command before anything runs', () => {
    expect(() =>
      createProcessToolSource({
        tools: [{ name: 'bad', description: 'x', command: 'ls -la | grep x' }],
      }),
    ).toThrow(/give only the program and put its arguments in "args"/);
  });
});

const bwrap = findBubblewrap();
describe.skipIf(!bwrap)('the bubblewrap sandbox', () => {
  it('has no network: a loopback server outside is unreachable from inside', async () => {
    const server = createServer((socket) => {
      socket.on('error', () => {});
      socket.end('hi');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const probe = (sandbox: boolean) => ({
      name: sandbox ? 'probe_sandboxed' : 'probe_open',
      description: 'Try to reach a local port.',
      command: 'bash',
      args: ['-c', `exec 3<>/dev/tcp/127.0.0.1/${port} && echo reached`],
      sandbox,
    });
    const arsenal = await arsenalWith([probe(true), probe(false)]);
    const open = await arsenal.execute({ tool: 'probe_open', arguments: {} });
    expect((open.result as { stdout: string }).stdout).toContain('reached');
    const sandboxed = await arsenal.execute({ tool: 'probe_sandboxed', arguments: {} });
    expect(sandboxed.status).toBe('failure');
    server.close();
  });

  it('cannot write outside its private /tmp, and its /tmp is not the host one', async () => {
    const outside = temporaryDirectory('arsenal-sandbox-');
    const arsenal = await arsenalWith([
      {
        name: 'write_file',
        description: 'Write a file.',
        command: 'sh',
        args: ['-c', 'echo data > "$0" && echo wrote', '{{path}}'],
        sandbox: true,
      },
    ]);
    const escaped = await arsenal.execute({
      tool: 'write_file',
      arguments: { path: join(outside, 'escaped.txt') },
    });
    expect(escaped.status).toBe('failure');
    expect(existsSync(join(outside, 'escaped.txt'))).toBe(false);
    const inside = await arsenal.execute({
      tool: 'write_file',
      arguments: { path: '/tmp/private.txt' },
    });
    expect((inside.result as { stdout: string }).stdout).toContain('wrote');
    expect(existsSync('/tmp/private.txt')).toBe(false);
  });
});

describe('a sandbox that cannot be had', () => {
  it('is a clear error, never a silent run without it', async () => {
    const arsenal = await arsenalWith([
      {
        name: 'boxed',
        description: 'Needs a sandbox.',
        command: 'true',
        sandbox: { bwrapPath: '' },
      },
    ]);
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const result = await arsenal.execute({ tool: 'boxed', arguments: {} });
      expect(result.status).not.toBe('success');
      expect(result.error?.message).toContain('bubblewrap (bwrap) is not installed');
    } finally {
      process.env.PATH = saved;
    }
  });
});
