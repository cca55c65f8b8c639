import { fileURLToPath } from 'node:url';
import { type Arsenal, createArsenal, type SourceHandle } from '@arsenal/core';
import { createMcpToolSource, type McpToolSource } from '@arsenal/executor-mcp';
import { type ListeningProcess, startListeningProcess } from '@arsenal/testkit';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArsenalMcpServer } from './arsenal-mcp-server.js';
import { type RunningHttpServer, startHttpServer } from './http-server.js';
import { firstText } from './test-support/fixture.js';

const UPSTREAM = fileURLToPath(new URL('../test/fixtures/eliciting-upstream.mjs', import.meta.url));
const ALICE = 'alice-token-0123456789';
const BOB = 'bob-token-0123456789';
// A ceiling for a loaded machine, not a timing check.
const CALL = { timeout: 120_000 };

let upstream: ListeningProcess | undefined;
let source: McpToolSource | undefined;
let handle: SourceHandle | undefined;
let arsenal: Arsenal;
let http: RunningHttpServer;
const clients: Client[] = [];

beforeEach(async () => {
  upstream = await startListeningProcess(UPSTREAM);
  source = createMcpToolSource({
    name: 'asker',
    transport: { type: 'http', url: `http://127.0.0.1:${upstream.port}/mcp` },
  });
  arsenal = createArsenal();
  handle = await arsenal.addSource(source);
  expect(handle.summary.failed).toEqual([]);
  const mcp = createArsenalMcpServer({ arsenal, mode: 'static' });
  http = await startHttpServer(mcp, {
    port: 0,
    credentials: [
      { token: ALICE, principal: { id: 'alice' } },
      { token: BOB, principal: { id: 'bob' } },
    ],
  });
});

afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  await http.close();
  await handle?.stop();
  await source?.close();
  await arsenal.close();
  await upstream?.stop();
});

/** A client that supports elicitation and answers every one with its own name. */
async function person(token: string, name: string): Promise<{ client: Client; asked: string[] }> {
  const asked: string[] = [];
  const client = new Client(
    { name, version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params.message);
    return { action: 'accept', content: { name } };
  });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(http.url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return { client, asked };
}

describe('requests an upstream makes during a call', () => {
  it('reach the client of the call that caused them, with two callers in flight', async () => {
    const alice = await person(ALICE, 'alice');
    const bob = await person(BOB, 'bob');
    // The upstream asks only once both calls are in flight on its one connection to Arsenal.
    const [forAlice, forBob] = await Promise.all([
      alice.client.callTool(
        { name: 'ask_name', arguments: { label: 'for alice', expect: 2 } },
        undefined,
        CALL,
      ),
      bob.client.callTool(
        { name: 'ask_name', arguments: { label: 'for bob', expect: 2 } },
        undefined,
        CALL,
      ),
    ]);
    expect(alice.asked).toEqual(['What is your name? (for alice)']);
    expect(bob.asked).toEqual(['What is your name? (for bob)']);
    expect(firstText(forAlice)).toBe('for alice: alice');
    expect(firstText(forBob)).toBe('for bob: bob');
  });

  it('are refused when they do not say which call they serve', async () => {
    const alice = await person(ALICE, 'alice');
    const result = await alice.client.callTool(
      { name: 'ask_loose', arguments: {} },
      undefined,
      CALL,
    );
    expect(firstText(result)).toMatch(/^refused: /);
    expect(firstText(result)).toContain('not related to a tools/call in progress');
    expect(alice.asked).toEqual([]);
  });
});
