import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresHistoryStore } from '@arsenal/history-postgres';
import { type ListeningProcess, startTestPostgres, uniqueTable } from '@arsenal/testkit';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { bin, probe, serveSlowTool, toolStarted, until } from './serve-lifecycle-test-support.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function workDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'arsenal-serve-lifecycle-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Ready → a slow call in flight → SIGTERM → readyz 503, new requests refused → the call
 * completes → exit 0. Returns the server's stderr.
 */
async function drainThroughSigterm(dir: string, server: ListeningProcess, base: string) {
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
  await toolStarted(dir);

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
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });
  expect(refused.status).toBe(503);

  await writeFile(join(dir, 'release'), '');
  const result = (await call) as { isError?: boolean; content: { text?: string }[] };
  expect(result.isError).toBeFalsy();
  expect(JSON.stringify(result.content)).toContain('export released');
  await client.close().catch(() => {});
  expect(await exited).toBe(0);
}

// Real processes and a real Postgres on a busy machine: a generous ceiling, not a timing check.
const CEILING = { timeout: 600_000 };

describe('arsenal serve --http: probes and graceful shutdown (a real process)', () => {
  it(
    'drains an in-flight call on SIGTERM, audits it to the JSONL history, and exits 0',
    CEILING,
    async () => {
      const dir = await workDir();
      const { server, base, stderr } = await serveSlowTool(dir, [
        'history:',
        '  use: "@arsenal/history-jsonl"',
        '  options: { path: audit.jsonl }',
      ]);
      cleanups.push(() => server.stop());
      await drainThroughSigterm(dir, server, base);
      const lines = (await readFile(join(dir, 'audit.jsonl'), 'utf8')).trim().split('\n');
      const records = lines.map((line) => JSON.parse(line) as { tool: string; status: string });
      expect(records).toEqual([
        expect.objectContaining({ tool: 'slow_export', status: 'success' }),
      ]);
      expect(stderr()).toContain('draining 1 in-flight request(s)');
    },
  );

  it(
    'with the Postgres history, the drained call is in the table after exit',
    CEILING,
    async () => {
      const postgres = await startTestPostgres();
      cleanups.push(() => postgres.dispose());
      const table = uniqueTable('audit');
      const dir = await workDir();
      const { server, base } = await serveSlowTool(dir, [
        'history:',
        '  use: "@arsenal/history-postgres"',
        `  options: { connectionString: "${postgres.url}", table: ${table} }`,
      ]);
      cleanups.push(() => server.stop());
      await drainThroughSigterm(dir, server, base);
      const reader = await createPostgresHistoryStore({ connectionString: postgres.url, table });
      cleanups.push(() => reader.close());
      expect(await reader.query({ tool: 'slow_export' })).toEqual([
        expect.objectContaining({ tool: 'slow_export', status: 'success' }),
      ]);
    },
  );
});
