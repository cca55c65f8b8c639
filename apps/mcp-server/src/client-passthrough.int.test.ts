import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type ArsenalEvent, createArsenal } from '@arsenal/core';
import { createMcpToolSource } from '@arsenal/executor-mcp';
import { createArsenalMcpServer, startHttpServer } from '@arsenal/mcp-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
function everythingEntry(): string {
  const manifest = require.resolve('@modelcontextprotocol/server-everything/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    bin: string | Record<string, string>;
  };
  return join(dirname(manifest), typeof bin === 'string' ? bin : (Object.values(bin)[0] as string));
}

const events: ArsenalEvent[] = [];
const arsenal = createArsenal({ telemetry: { emit: (event) => events.push(event) } });
const upstream = createMcpToolSource({
  name: 'everything',
  transport: { type: 'stdio', command: process.execPath, args: [everythingEntry(), 'stdio'] },
});
const mcp = createArsenalMcpServer({ arsenal, mode: 'static', upstreams: [upstream] });
let http: Awaited<ReturnType<typeof startHttpServer>>;

beforeAll(async () => {
  await arsenal.addSource(upstream);
  http = await startHttpServer(mcp, { port: 0 });
});
afterAll(async () => {
  await http.close();
  await mcp.close();
  await upstream.close();
  await arsenal.close();
});

/** A client connected to Arsenal that answers sampling, elicitation and roots (or not). */
async function connect(capabilities: Record<string, object>) {
  const client = new Client({ name: 'passthrough-test', version: '1.0.0' }, { capabilities });
  const asked: { sampling: unknown[]; elicitation: unknown[] } = { sampling: [], elicitation: [] };
  if (capabilities.sampling) {
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      asked.sampling.push(request.params);
      return {
        role: 'assistant',
        content: { type: 'text', text: 'sampled by the client' },
        model: 'client-model',
      };
    });
  }
  if (capabilities.elicitation) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.elicitation.push(request.params);
      return { action: 'accept', content: { name: 'Ada', color: 'red' } };
    });
  }
  const roots = [{ uri: 'file:///work/project', name: 'project' }];
  let rootsAskedCount = 0;
  if (capabilities.roots) {
    client.setRequestHandler(ListRootsRequestSchema, async () => {
      rootsAskedCount += 1;
      return { roots };
    });
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
  const tools = (await client.listTools()).tools.map((tool) => tool.name);
  const named = (part: string) => {
    const name = tools.find((tool) => tool.includes(part));
    if (!name) throw new Error(`no tool like ${part} in ${tools.join(', ')}`);
    return name;
  };
  return { client, asked, named, roots, rootsAsked: () => rootsAskedCount };
}

/** How many roots requests the upstream reported refused on its stderr. */
const refusedRootsRequests = () =>
  upstream
    .stderrTail()
    .filter((line) => line.includes('roots') && line.includes('not related to a tools/call'))
    .length;

const textOf = (result: unknown) =>
  JSON.stringify((result as { content?: unknown }).content ?? result);

describe('sampling, elicitation and roots through Arsenal, from the reference MCP server', () => {
  it('passes an upstream tool’s sampling request to the calling client and its answer back', async () => {
    const { client, asked, named } = await connect({ sampling: {}, elicitation: {}, roots: {} });
    try {
      const result = await client.callTool({
        name: named('trigger_sampling_request'),
        arguments: { prompt: 'hi', maxTokens: 20 },
      });
      expect(result.isError).not.toBe(true);
      expect(textOf(result)).toContain('sampled by the client');
      expect(asked.sampling).toEqual([expect.objectContaining({ maxTokens: 20 })]);
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'execution.client_request',
          kind: 'sample',
          outcome: 'answered',
        }),
      );
    } finally {
      await client.close();
    }
  });

  it('passes elicitation through with the upstream schema unchanged', async () => {
    const { client, asked, named } = await connect({ sampling: {}, elicitation: {}, roots: {} });
    try {
      const result = await client.callTool({
        name: named('trigger_elicitation_request'),
        arguments: {},
      });
      expect(result.isError).not.toBe(true);
      expect(asked.elicitation).toHaveLength(1);
      expect(asked.elicitation[0]).toMatchObject({
        requestedSchema: { type: 'object', properties: expect.any(Object) },
      });
    } finally {
      await client.close();
    }
  });

  it('gives the upstream the calling client’s roots during a call, and passes a change on without handing out roots outside any call', async () => {
    const { client, named, roots, rootsAsked } = await connect({
      sampling: {},
      elicitation: {},
      roots: { listChanged: true },
    });
    try {
      const result = await client.callTool({ name: named('get_roots_list'), arguments: {} });
      expect(textOf(result)).toContain('file:///work/project');
      // (The upstream keeps the roots it was given during an earlier call of any test here.)
      const askedDuringCall = rootsAsked();
      const refusedBefore = refusedRootsRequests();
      roots.splice(0, 1, { uri: 'file:///work/other', name: 'other' });
      await client.sendRootsListChanged();
      // The change reaches the upstream, which asks for the roots again at once, outside any
      // call: that request is nobody's (the connection serves every caller), so it is refused
      // and this client is not asked.
      await expect.poll(refusedRootsRequests, { timeout: 60_000 }).toBeGreaterThan(refusedBefore);
      expect(rootsAsked()).toBe(askedDuringCall);
    } finally {
      await client.close();
    }
  });

  it('tells the upstream server no when the calling client cannot sample, and the call fails cleanly', async () => {
    const { client, named } = await connect({ elicitation: {} });
    try {
      const result = await client.callTool({
        name: named('trigger_sampling_request'),
        arguments: { prompt: 'hi' },
      });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/sampling/i);
    } finally {
      await client.close();
    }
  });
});
