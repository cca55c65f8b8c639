import { type Arsenal, defineTool } from '@arsenal/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CallToolResultSchema,
  ErrorCode,
  McpError,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArsenalMcpServer, type ServeMode } from './arsenal-mcp-server.js';
import { type RunningHttpServer, startHttpServer } from './http-server.js';
import {
  confirmationOf,
  connectHttpClient,
  createFixtureArsenal,
  firstText,
} from './test-support/fixture.js';

const META = ['find_relevant_tools', 'describe_tool', 'execute_tool', 'confirm_tool_call'];

let arsenal: Arsenal;
let http: RunningHttpServer | undefined;
const clients: Client[] = [];

beforeEach(async () => {
  arsenal = await createFixtureArsenal();
});

afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  await http?.close();
  http = undefined;
  await arsenal.close();
});

async function serve(mode: ServeMode, pinned: string[] = [], elicit?: boolean): Promise<Client> {
  const mcp = createArsenalMcpServer({ arsenal, mode, pinned });
  http = await startHttpServer(mcp, { port: 0 });
  const client = await connectHttpClient(
    http.url,
    elicit ? { elicit: () => ({ action: 'accept', content: { confirm: true } }) } : {},
  );
  clients.push(client);
  return client;
}

describe('static mode', () => {
  it('lists every tool directly, plus confirm_tool_call', async () => {
    const client = await serve('static');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'add_numbers',
        'charge_card',
        'confirm_tool_call',
        'delete_note',
        'fail_always',
        'save_note',
      ].sort(),
    );
    const add = tools.find((tool) => tool.name === 'add_numbers');
    expect(add?.inputSchema).toMatchObject({ type: 'object', required: ['a', 'b'] });
  });

  it('runs a listed tool and returns structured content', async () => {
    const client = await serve('static');
    const result = await client.callTool({ name: 'add_numbers', arguments: { a: 2, b: 3 } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ sum: 5 });
    expect(JSON.parse(firstText(result))).toEqual({ sum: 5 });
  });

  it('answers an unknown tool with a JSON-RPC InvalidParams error', async () => {
    const client = await serve('static');
    const error = await client.callTool({ name: 'no_such_tool', arguments: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((error as McpError).message).toContain('Unknown tool "no_such_tool"');
  });

  it('returns tool failures as isError results carrying the Arsenal error code', async () => {
    const client = await serve('static');
    const failed = await client.callTool({ name: 'fail_always', arguments: {} });
    expect(failed.isError).toBe(true);
    expect(firstText(failed)).toBe('upstream_broken: The upstream service is broken.');
    expect(failed._meta?.['arsenal/error']).toMatchObject({ code: 'upstream_broken' });
    const invalid = await client.callTool({ name: 'add_numbers', arguments: { a: 'x' } });
    expect(invalid.isError).toBe(true);
    expect(firstText(invalid)).toMatch(/^validation_failed: /);
  });
});

describe('dynamic mode', () => {
  it('lists only the meta-tools, and the same list on every call', async () => {
    const client = await serve('dynamic');
    const first = await client.listTools();
    expect(first.tools.map((tool) => tool.name)).toEqual(META);
    await arsenal.register({
      name: 'late_tool',
      description: 'A tool registered after the client connected.',
      parametersSchema: { type: 'object' },
    });
    expect(await client.listTools()).toEqual(first);
  });

  it('finds, describes and executes tools through the meta-tools', async () => {
    const client = await serve('dynamic');
    const found = await client.callTool({
      name: 'find_relevant_tools',
      arguments: { query: 'add two numbers', limit: 3 },
    });
    const tools = (found.structuredContent as { tools: { name: string; inputSchema: unknown }[] })
      .tools;
    expect(tools[0]?.name).toBe('add_numbers');
    expect(tools[0]?.inputSchema).toMatchObject({ type: 'object' });
    expect(tools.length).toBeLessThanOrEqual(3);

    const described = await client.callTool({
      name: 'describe_tool',
      arguments: { tool_name: 'add_numbers' },
    });
    expect(described.structuredContent).toMatchObject({
      name: 'add_numbers',
      qualifiedName: 'math.add_numbers:1.0.0',
      requiresConfirmation: false,
    });

    const executed = await client.callTool({
      name: 'execute_tool',
      arguments: { tool_name: 'add_numbers', arguments: { a: 40, b: 2 } },
    });
    expect(executed.structuredContent).toEqual({ sum: 42 });
  });

  it('teaches retrieval when a tool it offered then succeeds through execute_tool', async () => {
    const client = await serve('dynamic');
    expect(arsenal.retriever.memory?.size).toBe(0);
    await client.callTool({
      name: 'find_relevant_tools',
      arguments: { query: 'add two numbers', limit: 3 },
    });
    await client.callTool({
      name: 'execute_tool',
      arguments: { tool_name: 'add_numbers', arguments: { a: 1, b: 2 } },
    });
    expect(arsenal.retriever.memory?.export()).toEqual([
      expect.objectContaining({ query: 'add two numbers', tool: 'math.add_numbers:1.0.0' }),
    ]);
    // A tool the search did not offer teaches nothing.
    const saved = await client.callTool({
      name: 'execute_tool',
      arguments: { tool_name: 'save_note', arguments: { text: 'x' } },
    });
    expect(saved.isError).toBeFalsy();
    expect(arsenal.retriever.memory?.size).toBe(1);
  });

  it('explains unknown tools and bad meta-tool input as isError results', async () => {
    const client = await serve('dynamic');
    const unknown = await client.callTool({
      name: 'execute_tool',
      arguments: { tool_name: 'add_numbrs', arguments: {} },
    });
    expect(unknown.isError).toBe(true);
    expect(firstText(unknown)).toContain('tool_not_found: Tool "add_numbrs" not found.');
    expect(firstText(unknown)).toContain('"add_numbers"');
    const badQuery = await client.callTool({ name: 'find_relevant_tools', arguments: {} });
    expect(badQuery.isError).toBe(true);
    expect(firstText(badQuery)).toMatch(/^invalid_argument: /);
    const badArguments = await client.callTool({
      name: 'execute_tool',
      arguments: { tool_name: 'add_numbers', arguments: [1, 2] },
    });
    expect(firstText(badArguments)).toMatch(/^invalid_argument: "arguments" must be an object/);
  });

  it('refuses direct calls of catalog tools, which it does not list', async () => {
    const client = await serve('dynamic');
    await expect(
      client.callTool({ name: 'add_numbers', arguments: { a: 1, b: 1 } }),
    ).rejects.toThrow(/Unknown tool "add_numbers"/);
  });
});

describe('callTool', () => {
  it('answers an unknown tool with a rejected promise, never a throw', async () => {
    const mcp = createArsenalMcpServer({ arsenal, mode: 'static' });
    let pending: Promise<unknown> | undefined;
    expect(() => {
      pending = mcp.callTool('no_such_tool', {});
    }).not.toThrow();
    await expect(pending).rejects.toThrow(/Unknown tool "no_such_tool"/);
    const sum = await mcp.callTool('add_numbers', { a: 2, b: 2 });
    expect(sum.structuredContent).toEqual({ sum: 4 });
    await mcp.close();
  });
});

describe('hybrid mode', () => {
  it('lists the pinned tools and the meta-tools, and runs both', async () => {
    const client = await serve('hybrid', ['notes.*']);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['delete_note', 'save_note', ...META]);
    const saved = await client.callTool({ name: 'save_note', arguments: { text: 'hi' } });
    expect(firstText(saved)).toBe('saved: hi');
    const viaMeta = await client.callTool({
      name: 'execute_tool',
      arguments: { tool_name: 'add_numbers', arguments: { a: 1, b: 2 } },
    });
    expect(viaMeta.structuredContent).toEqual({ sum: 3 });
    await expect(client.callTool({ name: 'add_numbers', arguments: {} })).rejects.toThrow(
      /Unknown tool/,
    );
  });
});

describe('confirmation', () => {
  it('returns a pending result without elicitation, runs it after confirm_tool_call', async () => {
    const client = await serve('static');
    const pending = await client.callTool({ name: 'delete_note', arguments: { id: 'n1' } });
    expect(pending.isError).toBeFalsy();
    expect(firstText(pending)).toContain('was NOT run');
    const confirmation = confirmationOf(pending);
    expect(confirmation.confirmationId).toEqual(expect.any(String));
    const done = await client.callTool({
      name: 'confirm_tool_call',
      arguments: { confirmation_id: confirmation.confirmationId },
    });
    expect(firstText(done)).toBe('deleted n1');
    const again = await client.callTool({
      name: 'confirm_tool_call',
      arguments: { confirmation_id: confirmation.confirmationId },
    });
    expect(again.isError).toBe(true);
    expect(firstText(again)).toMatch(/^confirmation_invalid: /);
  });

  it('cancels a pending call with approve: false', async () => {
    const client = await serve('dynamic');
    const pending = await client.callTool({
      name: 'execute_tool',
      arguments: { tool_name: 'delete_note', arguments: { id: 'n2' } },
    });
    const { confirmationId } = confirmationOf(pending);
    const cancelled = await client.callTool({
      name: 'confirm_tool_call',
      arguments: { confirmation_id: confirmationId, approve: false },
    });
    expect(cancelled.isError).toBe(true);
    expect(firstText(cancelled)).not.toContain('deleted');
  });

  it('asks through elicitation when the client supports it', async () => {
    const client = await serve('static', [], true);
    const result = await client.callTool({ name: 'delete_note', arguments: { id: 'n3' } });
    expect(firstText(result)).toBe('deleted n3');
  });

  it('does not run the call when the user declines the elicitation', async () => {
    const mcp = createArsenalMcpServer({ arsenal, mode: 'static' });
    http = await startHttpServer(mcp, { port: 0 });
    const messages: string[] = [];
    const client = await connectHttpClient(http.url, {
      elicit: (message) => {
        messages.push(message);
        return { action: 'decline' };
      },
    });
    clients.push(client);
    const result = await client.callTool({ name: 'delete_note', arguments: { id: 'n4' } });
    expect(messages[0]).toContain('Allow the tool call "delete_note"?');
    expect(result.isError).toBe(true);
    expect(firstText(result)).not.toContain('deleted');
  });
});

describe('notifications', () => {
  it('reports progress in the units of its total, as MCP counts it', async () => {
    await arsenal.register([
      defineTool({
        name: 'count_steps',
        namespace: 'math',
        description: 'Count to four, reporting progress after each step.',
        input: { type: 'object', properties: {} },
        handler: (_args, context) => {
          for (const step of [1, 2, 3, 4]) context.reportProgress({ progress: step / 4, total: 4 });
          return 'counted';
        },
      }),
    ]);
    const client = await serve('static');
    const updates: Progress[] = [];
    await client.callTool({ name: 'count_steps', arguments: {} }, CallToolResultSchema, {
      onprogress: (progress) => updates.push(progress),
    });
    expect(updates.map(({ progress, total }) => ({ progress, total }))).toEqual([
      { progress: 1, total: 4 },
      { progress: 2, total: 4 },
      { progress: 3, total: 4 },
      { progress: 4, total: 4 },
    ]);
  });

  it('declares logging and accepts logging/setLevel', async () => {
    const client = await serve('dynamic');
    expect(client.getServerCapabilities()?.logging).toEqual({});
    await expect(client.setLoggingLevel('warning')).resolves.toEqual({});
  });
});
