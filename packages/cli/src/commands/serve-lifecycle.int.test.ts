import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, type ListeningProcess, startListeningProcess } from '@arsenal/testkit';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));

/** A tool that runs until the test creates `release` (no sleeps: the test decides when). */
const WAIT_SCRIPT = `
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const dir = process.argv[2];
writeFileSync(join(dir, 'started'), '');
const timer = setInterval(() => {
  if (existsSync(join(dir, 'release'))) { clearInterval(timer); console.log('export released'); }
}, 25);
`;

async function until<T>(check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function probe(base: string, path: string) {
  try {
    const response = await fetch(new URL(path, base));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  } catch {
    return undefined;
  }
}

let dir: string;
let server: ListeningProcess;
let base: string;
let stderr = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'arsenal-serve-lifecycle-'));
  await writeFile(join(dir, 'wait.mjs'), WAIT_SCRIPT);
  await writeFile(
    join(dir, 'arsenal.yaml'),
    [
      'serve: { mode: static, drainTimeoutMs: 300000 }',
      'history:',
      '  use: "@arsenal/history-jsonl"',
      '  options: { path: audit.jsonl }',
      'cli:',
      '  - name: slow_export',
      '    description: Export the monthly report; slow, it waits for the data warehouse.',
      `    command: ${JSON.stringify(process.execPath)}`,
      `    args: [${JSON.stringify(join(dir, 'wait.mjs'))}, ${JSON.stringify(dir)}]`,
      '    timeoutMs: 600000',
    ].join('\n'),
  );
  const port = await freePort();
  server = await startListeningProcess(
    bin,
    ['serve', '--config', join(dir, 'arsenal.yaml'), '--http', `127.0.0.1:${port}`],
    { port, attempts: 2400, intervalMs: 100 },
  );
  server.child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('arsenal serve --http: probes and graceful shutdown (a real process)', () => {
  it('drains an in-flight call on SIGTERM, audits it, and exits 0', async () => {
    expect(existsSync(bin)).toBe(true);
    const ready = await until(async () => {
      const answer = await probe(base, '/readyz');
      return answer?.status === 200 ? answer : undefined;
    });
    expect(ready.body).toMatchObject({ status: 'ready' });
    expect(await probe(base, '/healthz')).toEqual({ status: 200, body: { status: 'alive' } });

    const client = new Client({ name: 'lifecycle-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', base)));
    const call = client.callTool({ name: 'slow_export', arguments: {} }, undefined, {
      timeout: 600_000,
    });
    await until(() => (existsSync(join(dir, 'started')) ? true : undefined));

    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    server.child.kill('SIGTERM');
    const draining = await until(async () => {
      const answer = await probe(base, '/readyz');
      return answer?.status === 503 ? answer : undefined;
    });
    expect(draining.body).toMatchObject({ status: 'draining', inFlight: 1 });
    expect((await probe(base, '/healthz'))?.status).toBe(200);
    // A new request is refused while draining: a load balancer sends it elsewhere.
    const refused = await fetch(new URL('/mcp', base), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(refused.status).toBe(503);

    await writeFile(join(dir, 'release'), '');
    const result = (await call) as { isError?: boolean; content: { text?: string }[] };
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.content)).toContain('export released');
    await client.close().catch(() => {});

    expect(await exited).toBe(0);
    const lines = (await readFile(join(dir, 'audit.jsonl'), 'utf8')).trim().split('\n');
    const records = lines.map((line) => JSON.parse(line) as { tool: string; status: string });
    expect(records).toEqual([expect.objectContaining({ tool: 'slow_export', status: 'success' })]);
    expect(stderr).toContain('draining 1 in-flight request(s)');
  });
});
