import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Message, Part, SendMessageRequest, Task } from '@a2a-js/sdk';
import { TaskState } from '@a2a-js/sdk';
import { type Client, ClientFactory, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import {
  type ListeningProcess,
  removeTemporaryDirectory,
  startListeningProcess,
} from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstream, UPSTREAM_TOKEN } from './test-support/upstream.js';

const APP_TOKEN = 'app-token-0123456789abcdef';
const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bin.js');

function request(parts: Part[], taskId = ''): SendMessageRequest {
  const message: Message = {
    messageId: crypto.randomUUID(),
    contextId: '',
    taskId,
    role: 1,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
  return { tenant: '', message, configuration: undefined, metadata: undefined };
}
const data = (value: unknown): Part => ({
  content: { $case: 'data', value },
  metadata: undefined,
  filename: '',
  mediaType: 'application/json',
});
const text = (value: string): Part => ({
  content: { $case: 'text', value },
  metadata: undefined,
  filename: '',
  mediaType: 'text/plain',
});

describe('arsenal-a2a serving a config that consumes another A2A agent', () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let app: ListeningProcess;
  let client: Client;
  let url: string;
  let dir = '';
  beforeAll(async () => {
    upstream = await startUpstream();
    dir = await mkdtemp(join(tmpdir(), 'arsenal-a2a-'));
    await writeFile(
      join(dir, 'arsenal.yaml'),
      [
        'serve:',
        '  auth:',
        '    tokens:',
        `      - token: ${APP_TOKEN}`,
        '        principal: { id: caller }',
        'a2aAgents:',
        '  upstream:',
        `    url: ${upstream.server.url}`,
        `    bearerToken: ${UPSTREAM_TOKEN}`,
      ].join('\n'),
    );
    // Under the hook's own limit, so a server that never listens fails with what it wrote.
    app = await startListeningProcess(bin, ['--config', join(dir, 'arsenal.yaml')], {
      timeoutMs: 90_000,
    });
    url = `http://127.0.0.1:${app.port}`;
    client = await new ClientFactory({
      transports: [
        new JsonRpcTransportFactory({
          fetchImpl: (input, init) => {
            const headers = new Headers(init?.headers);
            headers.set('authorization', `Bearer ${APP_TOKEN}`);
            return fetch(input, { ...init, headers });
          },
        }),
      ],
    }).createFromUrl(url);
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await upstream?.server.close();
    await upstream?.arsenal.close();
    if (dir) removeTemporaryDirectory(dir);
  });

  it('publishes a card with the catalog skills and its auth schemes', async () => {
    const card = (await (await fetch(`${url}/.well-known/agent-card.json`)).json()) as {
      description: string;
      skills: { id: string }[];
      securitySchemes: Record<string, unknown>;
    };
    expect(card.description).toContain('2 tools');
    expect(card.skills.map((skill) => skill.id)).toEqual([
      'tool_discovery',
      'tool_execution',
      'namespace_upstream',
    ]);
    expect(Object.keys(card.securitySchemes)).toEqual(['bearer', 'apiKey']);
  });

  it('runs a tool of the upstream agent through both Arsenals', async () => {
    const task = (await client.sendMessage(
      request([
        data({
          tool: 'upstream.upstream_tool_execution',
          arguments: {
            message: 'run it',
            data: { tool: 'get_weather', arguments: { city: 'Oslo' } },
          },
        }),
      ]),
    )) as Task;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(JSON.stringify(task.artifacts)).toContain('"tempC":21');
  });

  it('hands the upstream confirmation back, and continues it by taskId', async () => {
    const call = (args: Record<string, unknown>) =>
      client.sendMessage(
        request([data({ tool: 'upstream.upstream_tool_execution', arguments: args })]),
      ) as Promise<Task>;
    const first = await call({
      message: 'drop it',
      data: { tool: 'drop_table', arguments: { table: 'users' } },
    });
    const payload = first.artifacts[0]?.parts[0]?.content;
    const result =
      payload?.$case === 'data'
        ? (payload.value as { result: { state: string; taskId: string } }).result
        : undefined;
    expect(result?.state).toBe('input-required');
    const second = await call({ message: 'yes', taskId: result?.taskId });
    expect(JSON.stringify(second.artifacts)).toContain('dropped users');
    const unknown = (await client.sendMessage(request([text('')]))) as Task;
    expect(unknown.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
  });
});
