import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArsenalError, type ToolDefinition } from '@arsenal/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exitListener, trackChildProcess, trackedChildProcesses } from './child-process-reaper.js';
import { createMcpToolSource, type McpToolSource } from './index.js';
import { callTool, rejectionOf } from './test-support/call-tool.js';
import { fixtureServer, isAlive, stdioServer } from './test-support/reference-servers.js';

// Generous: a loaded machine may be slow to re-list or restart; the assertions are about
// what arrives, never how fast.
const SETTLE = { timeout: 60_000, interval: 20 };

const sources: McpToolSource[] = [];
function track(source: McpToolSource): McpToolSource {
  sources.push(source);
  return source;
}

afterEach(async () => {
  await Promise.all(sources.splice(0).map((source) => source.close()));
});

describe('a server that crashes', () => {
  it('fails the in-flight call with a retryable error, restarts, and the next call succeeds', async () => {
    const source = track(
      createMcpToolSource({
        name: 'everything',
        transport: stdioServer('server-everything', ['stdio']),
        restart: { initialDelayMs: 20, maxDelayMs: 200 },
      }),
    );
    const tools = await source.load();
    const firstPid = source.pid!;
    let killed = false;
    const inFlight = callTool(
      source,
      tools,
      'trigger_long_running_operation',
      { duration: 30, steps: 300 },
      {
        onProgress: () => {
          // Kill it for real once the call is demonstrably running on the server.
          if (!killed) {
            killed = true;
            process.kill(firstPid, 'SIGKILL');
          }
        },
      },
    );
    const error = await rejectionOf(inFlight);
    expect(ArsenalError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'connection_closed', retryable: true });

    const echo = await callTool(source, tools, 'echo', { message: 'back again' });
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: back again' }]);
    expect(source.state).toBe('connected');
    expect(source.pid).not.toBe(firstPid);
    expect(isAlive(firstPid)).toBe(false);
  });

  it('stops restarting after maxRestarts, then tries again on the next call', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'arsenal-mcp-crash-'));
    const refuseFile = join(directory, 'refuse');
    const errors: ArsenalError[] = [];
    try {
      const source = track(
        createMcpToolSource({
          name: 'scripted',
          transport: fixtureServer('scripted-server.mjs', {
            SCRIPTED_SERVER_REFUSE_FILE: refuseFile,
          }),
          restart: { maxRestarts: 2, initialDelayMs: 10, maxDelayMs: 40 },
          onError: (error) => errors.push(error),
        }),
      );
      const tools = await source.load();
      writeFileSync(refuseFile, 'crash loop');
      const crash = await rejectionOf(callTool(source, tools, 'crash'));
      expect(crash).toMatchObject({ code: 'connection_closed', retryable: true });
      await vi.waitFor(() => expect(source.state).toBe('failed'), SETTLE);
      expect(errors[0]).toMatchObject({ code: 'server_unavailable', retryable: false });
      expect(errors[0]?.message).toMatch(/refusing to start/);

      rmSync(refuseFile);
      const pong = await callTool(source, tools, 'ping');
      expect(pong.content).toEqual([{ type: 'text', text: 'pong' }]);
      expect(source.state).toBe('connected');
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('reports a command that cannot start as a connection error and leaves nothing behind', async () => {
    const source = track(
      createMcpToolSource({
        name: 'missing',
        transport: { type: 'stdio', command: join(tmpdir(), 'no-such-mcp-server-binary') },
      }),
    );
    const error = await rejectionOf(source.load());
    expect(error).toMatchObject({ code: 'connection_failed', retryable: false });
    expect((error as Error).message).toMatch(/missing/);
    expect(source.pid).toBeUndefined();
  });
});

describe('a server that never answers', () => {
  async function hangingSource(timeoutMs: number): Promise<[McpToolSource, ToolDefinition[]]> {
    const source = track(
      createMcpToolSource({
        name: 'scripted',
        transport: fixtureServer('scripted-server.mjs'),
        timeoutMs,
      }),
    );
    return [source, await source.load()];
  }

  it('times out with a retryable timeout error and tells the server to stop', async () => {
    const [source, tools] = await hangingSource(1_000);
    const error = await rejectionOf(callTool(source, tools, 'hang'));
    expect(ArsenalError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'timeout', retryable: true });
    await vi.waitFor(
      () => expect(source.stderrTail().join('\n')).toMatch(/cancelled request/),
      SETTLE,
    );
    // The server is still usable after a timeout.
    expect((await callTool(source, tools, 'ping')).content).toEqual([
      { type: 'text', text: 'pong' },
    ]);
  });

  it('on abort sends notifications/cancelled and rejects with cancelled', async () => {
    const [source, tools] = await hangingSource(30_000);
    const controller = new AbortController();
    const call = callTool(source, tools, 'hang', {}, { signal: controller.signal });
    await vi.waitFor(() => expect(source.stderrTail().join('\n')).toMatch(/call hang/), SETTLE);
    controller.abort(new Error('user pressed stop'));
    const error = await rejectionOf(call);
    expect(error).toMatchObject({ code: 'cancelled', retryable: false });
    await vi.waitFor(
      () =>
        expect(source.stderrTail().join('\n')).toMatch(
          /cancelled request \S+ \(Error: user pressed stop\)/,
        ),
      SETTLE,
    );
  });

  it('rejects at once when the signal is already aborted', async () => {
    const [source, tools] = await hangingSource(30_000);
    const error = await rejectionOf(
      callTool(source, tools, 'ping', {}, { signal: AbortSignal.abort() }),
    );
    expect(error).toMatchObject({ code: 'cancelled' });
  });
});

describe('child processes never leak', () => {
  it('close() stops the child and removes the exit handler', async () => {
    const before = process.listenerCount('exit');
    const source = track(
      createMcpToolSource({ name: 'scripted', transport: fixtureServer('scripted-server.mjs') }),
    );
    await source.load();
    const pid = source.pid!;
    expect(isAlive(pid)).toBe(true);
    expect(trackedChildProcesses()).toContain(pid);
    expect(process.listeners('exit')).toContain(exitListener);
    await source.close();
    await vi.waitFor(() => expect(isAlive(pid)).toBe(false), SETTLE);
    expect(trackedChildProcesses()).not.toContain(pid);
    expect(process.listenerCount('exit')).toBe(before);
  });

  it('the exit handler kills tracked children when the parent exits', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      stdio: 'ignore',
    });
    await new Promise((resolve) => child.once('spawn', resolve));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const release = trackChildProcess(child.pid!);
    expect(process.listeners('exit')).toContain(exitListener);
    exitListener();
    await exited;
    expect(isAlive(child.pid!)).toBe(false);
    release();
    expect(process.listeners('exit')).not.toContain(exitListener);
  });
});
