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
});
