import type { Task } from '@a2a-js/sdk';
import { TaskState } from '@a2a-js/sdk';
import type { Arsenal, Principal } from '@arsenal/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RunningA2aServer, startA2aServer } from './a2a-server.js';
import { dataOf, sampleArsenal, sdkClient, userMessage } from './test-support/fixture.js';

let running: RunningA2aServer | undefined;
let arsenal: Arsenal | undefined;
afterEach(async () => {
  await running?.close();
  await arsenal?.close();
  running = undefined;
  arsenal = undefined;
});

const tokens: Record<string, Principal> = {
  'admin-token': { id: 'admin' },
  'guest-token': { id: 'guest', namespaces: ['weather'] },
};

async function serve(options: { auth?: boolean; namespaceSkills?: boolean } = {}) {
  arsenal = await sampleArsenal();
  running = await startA2aServer({
    arsenal,
    ...(options.auth
      ? {
          credentials: Object.entries(tokens).map(([token, principal]) => ({ token, principal })),
        }
      : {}),
    namespaceSkills: options.namespaceSkills ?? false,
  });
  return running;
}

const asTask = (value: unknown) => value as Task;

describe('Arsenal as an A2A agent, driven by the SDK client', () => {
  it('publishes a card generated from the catalog', async () => {
    const { url } = await serve({ namespaceSkills: true });
    const card = (await (await fetch(`${url}/.well-known/agent-card.json`)).json()) as {
      description: string;
      capabilities: { streaming: boolean };
      skills: { id: string }[];
      securitySchemes?: unknown;
    };
    expect(card.description).toContain('4 tools');
    expect(card.capabilities.streaming).toBe(true);
    expect(card.skills.map((skill) => skill.id)).toEqual([
      'tool_discovery',
      'tool_execution',
      'namespace_admin',
      'namespace_weather',
    ]);
    expect(card.securitySchemes).toBeUndefined();
  });

  it('finds tools for a text message and returns them as a data part', async () => {
    const { url } = await serve();
    const client = await sdkClient(url);
    const task = asTask(
      await client.sendMessage(userMessage({ text: 'weather forecast for a city' })),
    );
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const [found] = dataOf(task.artifacts[0]?.parts ?? []) as {
      tools: { qualifiedName: string; inputSchema: unknown; score: number }[];
    }[];
    expect(found?.tools[0]?.qualifiedName).toMatch(/^weather\./);
    expect(found?.tools[0]?.inputSchema).toMatchObject({ required: ['city'] });
    expect(found?.tools[0]?.score).toBeGreaterThan(0);
  });

  it('runs a tool from a data part and returns the result as an artifact', async () => {
    const { url } = await serve();
    const client = await sdkClient(url);
    const task = asTask(
      await client.sendMessage(
        userMessage({ data: { tool: 'get_weather', arguments: { city: 'Oslo' } } }),
      ),
    );
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(dataOf(task.artifacts[0]?.parts ?? [])).toEqual([
      { tool: 'weather.get_weather:1.0.0', result: { city: 'Oslo', tempC: 21 } },
    ]);
    const fetched = await client.getTask({ tenant: '', id: task.id });
    expect(fetched.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it('rejects bad arguments with the validation message, and keeps serving', async () => {
    const { url } = await serve();
    const client = await sdkClient(url);
    const task = asTask(
      await client.sendMessage(
        userMessage({ data: { tool: 'get_weather', arguments: { town: 1 } } }),
      ),
    );
    expect(task.status?.state).toBe(TaskState.TASK_STATE_FAILED);
    expect(JSON.stringify(task.status?.message)).toContain('city');
    const bad = asTask(await client.sendMessage(userMessage({ data: { tool: 42 } })));
    expect(bad.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
  });

  it('asks for confirmation as input-required and runs the call after "yes" in the same task', async () => {
    const { url } = await serve();
    const client = await sdkClient(url);
    const first = asTask(
      await client.sendMessage(
        userMessage({ data: { tool: 'drop_table', arguments: { table: 'users' } } }),
      ),
    );
    expect(first.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(JSON.stringify(first.status?.message)).toContain('needs confirmation');
    const second = asTask(await client.sendMessage(userMessage({ text: 'yes' }, first.id)));
    expect(second.id).toBe(first.id);
    expect(second.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(dataOf(second.artifacts.at(-1)?.parts ?? [])).toEqual([
      { tool: 'admin.drop_table:1.0.0', result: 'dropped users' },
    ]);
  });

  it('does not run the call when the answer is "no"', async () => {
    const { url } = await serve();
    const client = await sdkClient(url);
    const first = asTask(
      await client.sendMessage(
        userMessage({ data: { tool: 'drop_table', arguments: { table: 'x' } } }),
      ),
    );
    const second = asTask(
      await client.sendMessage(userMessage({ data: { confirm: false } }, first.id)),
    );
    expect(second.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect(JSON.stringify(second.status?.message)).toContain('rejected');
  });

  it('streams status updates of a long call', async () => {
    const { url } = await serve();
    const client = await sdkClient(url);
    const states: string[] = [];
    const messages: string[] = [];
    for await (const event of client.sendMessageStream(
      userMessage({ data: { tool: 'slow_forecast', arguments: { city: 'Oslo' } } }),
    )) {
      if (event.payload?.$case === 'statusUpdate') {
        states.push(TaskState[event.payload.value.status?.state ?? 0] ?? 'unknown');
        const text = event.payload.value.status?.message?.parts[0]?.content;
        if (text?.$case === 'text') messages.push(text.value);
      }
    }
    expect(messages).toEqual(['Running slow_forecast.', 'day 1 of 3', 'day 2 of 3', 'day 3 of 3']);
    expect(states.at(-1)).toBe('TASK_STATE_COMPLETED');
  });

  it('cancels a running call with tasks/cancel', async () => {
    const { url } = await serve();
    const client = await sdkClient(url);
    let taskId = '';
    const states: number[] = [];
    const stream = (async () => {
      for await (const event of client.sendMessageStream(
        userMessage({ data: { tool: 'wait_forever', arguments: {} } }),
      )) {
        if (event.payload?.$case === 'task') taskId = event.payload.value.id;
        if (event.payload?.$case === 'statusUpdate')
          states.push(event.payload.value.status?.state ?? 0);
      }
    })();
    await vi.waitFor(() => expect(states).toContain(TaskState.TASK_STATE_WORKING), {
      timeout: 30_000,
      interval: 20,
    });
    const cancelled = await client.cancelTask({ tenant: '', id: taskId, metadata: undefined });
    expect(cancelled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    await stream;
    expect((await client.getTask({ tenant: '', id: taskId })).status?.state).toBe(
      TaskState.TASK_STATE_CANCELED,
    );
  });
});

describe('auth and policy', () => {
  it('refuses requests without a known token, and says how to authenticate', async () => {
    const { url } = await serve({ auth: true });
    const card = (await (await fetch(`${url}/.well-known/agent-card.json`)).json()) as {
      securitySchemes: Record<string, unknown>;
    };
    expect(Object.keys(card.securitySchemes)).toEqual(['bearer', 'apiKey']);
    const response = await fetch(`${url}/a2a`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'x' } }),
    });
    expect(response.status).toBe(401);
    expect(JSON.stringify(await response.json())).toContain('Authorization: Bearer');
  });

  it('a principal never discovers nor runs a tool outside its namespaces', async () => {
    const { url } = await serve({ auth: true });
    const guest = await sdkClient(url, 'guest-token');
    const found = asTask(await guest.sendMessage(userMessage({ text: 'drop a database table' })));
    const [listing] = dataOf(found.artifacts[0]?.parts ?? []) as {
      tools: { qualifiedName: string }[];
    }[];
    expect(listing?.tools.map((tool) => tool.qualifiedName)).not.toContain('admin.drop_table');
    const run = asTask(
      await guest.sendMessage(
        userMessage({ data: { tool: 'admin.drop_table', arguments: { table: 't' } } }),
      ),
    );
    expect(run.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
    const admin = await sdkClient(url, 'admin-token');
    const adminFound = asTask(
      await admin.sendMessage(userMessage({ text: 'drop a database table' })),
    );
    const [adminListing] = dataOf(adminFound.artifacts[0]?.parts ?? []) as {
      tools: { qualifiedName: string }[];
    }[];
    expect(adminListing?.tools.map((tool) => tool.qualifiedName)).toContain('admin.drop_table');
  });
});

describe('what a malformed request gets', () => {
  it('answers a request without A2A-Version with a JSON-RPC error, and logs no stack', async () => {
    const { url } = await serve();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await fetch(`${url}/a2a`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'GetTask', params: { id: 'x' } }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { id: number; error: { message: string } };
      expect(body.id).toBe(7);
      expect(body.error.message).toContain('version');
      expect(JSON.stringify(body)).not.toMatch(/\n\s+at |node_modules/);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('answers an oversized body 413 without a stack trace or a server path', async () => {
    const { url } = await serve();
    const response = await fetch(`${url}/a2a`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetTask', padding: 'x'.repeat(2e6) }),
    });
    expect(response.status).toBe(413);
    const text = await response.text();
    expect(text).not.toMatch(/\n\s+at |node_modules|\/work\/|\/home\//);
    expect(JSON.parse(text).error.message).toContain('larger than');
  });
});
