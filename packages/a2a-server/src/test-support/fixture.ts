import type { Message, Part, SendMessageRequest } from '@a2a-js/sdk';
import { type Client, ClientFactory, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { type Arsenal, createArsenal, defineTool } from '@arsenal/core';

/** A small catalog: quick, progress-reporting, destructive and hanging tools in two namespaces. */
export async function sampleArsenal(): Promise<Arsenal> {
  const arsenal = createArsenal();
  await arsenal.register([
    defineTool({
      name: 'get_weather',
      namespace: 'weather',
      description: 'Current weather and forecast for a city.',
      input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      handler: ({ city }) => ({ city, tempC: 21 }),
    }),
    defineTool({
      name: 'slow_forecast',
      namespace: 'weather',
      description: 'Ten-day weather forecast for a city, computed slowly with progress.',
      input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      handler: async ({ city }, context) => {
        for (let day = 1; day <= 3; day += 1) {
          context.reportProgress({ progress: day / 3, message: `day ${day} of 3` });
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return `sunny in ${city} for ten days`;
      },
    }),
  ]);
  await arsenal.register([
    defineTool({
      name: 'drop_table',
      namespace: 'admin',
      description: 'Drop a database table and all of its rows.',
      input: { type: 'object', properties: { table: { type: 'string' } }, required: ['table'] },
      handler: ({ table }) => `dropped ${table}`,
    }),
    defineTool({
      name: 'wait_forever',
      namespace: 'admin',
      description: 'Wait for a signal that never comes, until cancelled.',
      input: { type: 'object', properties: {} },
      handler: (_args, context) =>
        new Promise((_resolve, reject) => {
          context.signal.addEventListener('abort', () => reject(context.signal.reason), {
            once: true,
          });
        }),
    }),
  ]);
  return arsenal;
}

/** The SDK's own client for the agent at `url`, sending `token` as a bearer token when given. */
export async function sdkClient(url: string, token?: string): Promise<Client> {
  const fetchImpl: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers });
  };
  return new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl })],
    cardResolver: undefined,
  }).createFromUrl(url);
}

const part = (content: Part['content'], mediaType: string): Part => ({
  content,
  metadata: undefined,
  filename: '',
  mediaType,
});

/** A user message with a text part and/or a data part, optionally continuing a task. */
export function userMessage(
  input: { text?: string; data?: unknown },
  taskId = '',
): SendMessageRequest {
  const parts: Part[] = [];
  if (input.text !== undefined)
    parts.push(part({ $case: 'text', value: input.text }, 'text/plain'));
  if (input.data !== undefined)
    parts.push(part({ $case: 'data', value: input.data }, 'application/json'));
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

/** The data parts of a task's artifacts and status message. */
export function dataOf(parts: readonly Part[]): unknown[] {
  return parts.flatMap((p) => (p.content?.$case === 'data' ? [p.content.value] : []));
}
