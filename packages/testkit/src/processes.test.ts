import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startListeningProcess } from './processes.js';
import { temporaryDirectory } from './temporary-directory.js';

describe('processes', () => {
  it('finds a free port that can then be listened on', async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(port).toBeGreaterThan(0);
  });

  it('starts a process on PORT, and says why when it dies first', async () => {
    const dir = temporaryDirectory('arsenal-testkit-processes-');
    const listening = join(dir, 'listen.mjs');
    writeFileSync(
      listening,
      "import { createServer } from 'node:http'; createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');",
    );
    const server = await startListeningProcess(listening);
    const response = await fetch(`http://127.0.0.1:${server.port}/`);
    expect(await response.text()).toBe('ok');
    await server.stop();
    expect(server.child.exitCode !== null || server.child.signalCode !== null).toBe(true);

    const dying = join(dir, 'die.mjs');
    writeFileSync(dying, "console.error('boom: no config'); process.exit(3);");
    await expect(startListeningProcess(dying)).rejects.toThrow(/boom: no config/);
  }, 90_000);

  it('with a ready line, does not take another process on its port for the one it started', async () => {
    const dir = temporaryDirectory('arsenal-testkit-processes-');
    const imposter = createServer((_request, response) => response.end('imposter'));
    const port = await freePort();
    await new Promise<void>((resolve) => imposter.listen(port, '127.0.0.1', resolve));
    try {
      const entry = join(dir, 'listen-ready.mjs');
      writeFileSync(
        entry,
        "import { createServer } from 'node:http'; const server = createServer((q, s) => s.end('ok')); server.listen(Number(process.env.PORT), '127.0.0.1', () => console.error('ready: listening'));",
      );
      // The port answers at once (the imposter), but the process never says it listens: it dies
      // of EADDRINUSE, and a fixed port is not retried.
      await expect(
        startListeningProcess(entry, [], { port, ready: 'ready: listening' }),
      ).rejects.toThrow(/EADDRINUSE/);
      const server = await startListeningProcess(entry, [], { ready: 'ready: listening' });
      expect(server.port).not.toBe(port);
      expect(await (await fetch(`http://127.0.0.1:${server.port}/`)).text()).toBe('ok');
      await server.stop();
    } finally {
      await new Promise<void>((resolve) => imposter.close(() => resolve()));
    }
  }, 90_000);

  it('starts the process again on another port when its port was taken', async () => {
    const dir = temporaryDirectory('arsenal-testkit-processes-');
    const marker = join(dir, 'tried');
    const entry = join(dir, 'taken-once.mjs');
    writeFileSync(
      entry,
      `import { existsSync, writeFileSync } from 'node:fs'; import { createServer } from 'node:http';
if (!existsSync(${JSON.stringify(marker)})) { writeFileSync(${JSON.stringify(marker)}, String(process.env.PORT)); console.error('Error: listen EADDRINUSE: address already in use'); process.exit(1); }
createServer((q, s) => s.end('second')).listen(Number(process.env.PORT), '127.0.0.1', () => console.error('ready: listening'));`,
    );
    const server = await startListeningProcess(entry, [], { ready: 'ready: listening' });
    expect(await (await fetch(`http://127.0.0.1:${server.port}/`)).text()).toBe('second');
    await server.stop();
  }, 90_000);
});
