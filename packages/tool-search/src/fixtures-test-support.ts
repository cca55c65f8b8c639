import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Arsenal, createArsenal, defineTool, type JsonSchema } from '@arsenal/core';
import { createAnthropicTranscoder } from '@arsenal/transcoder-anthropic';
import { createOpenAITranscoder } from '@arsenal/transcoder-openai';

/** An Arsenal with a small catalog over four namespaces and the two transcoders tool search uses. */
export async function fixtureArsenal(
  options: { reverse?: boolean } = {},
): Promise<{ arsenal: Arsenal; calls: string[] }> {
  const calls: string[] = [];
  const arsenal = createArsenal({
    transcoders: [createOpenAITranscoder({ api: 'responses' }), createAnthropicTranscoder()],
  });
  const object = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
    type: 'object',
    properties,
    required,
  });
  // The schemas are built at run time, so the handlers read their arguments as a plain record.
  const run =
    (handler: (args: Record<string, unknown>) => unknown) =>
    (args: unknown): unknown =>
      handler(args as Record<string, unknown>);
  const tools = [
    defineTool({
      name: 'get_weather',
      namespace: 'weather',
      description: 'Current weather and a three-day forecast for a city.',
      input: object({ city: { type: 'string', description: 'City name' } }, ['city']),
      handler: run((args) => {
        calls.push(`get_weather ${JSON.stringify(args)}`);
        return { city: args.city, sky: 'rain', temperature: 7 };
      }),
    }),
    defineTool({
      name: 'get_air_quality',
      namespace: 'weather',
      description: 'Air quality index and pollen levels for a city today.',
      input: object({ city: { type: 'string' } }, ['city']),
      handler: () => ({ aqi: 12 }),
    }),
    defineTool({
      name: 'send_email',
      namespace: 'mail',
      description: 'Send an email with a subject and a body to one recipient.',
      input: object(
        { to: { type: 'string' }, subject: { type: 'string' }, body: { type: 'string' } },
        ['to', 'subject', 'body'],
      ),
      handler: run((args) => {
        calls.push(`send_email ${JSON.stringify(args)}`);
        return { sent: true };
      }),
    }),
    defineTool({
      name: 'delete_file',
      namespace: 'files',
      description: 'Delete a file from the shared drive by its path.',
      capabilities: ['file_system', 'delete_data'],
      input: object({ path: { type: 'string' } }, ['path']),
      handler: run((args) => {
        calls.push(`delete_file ${JSON.stringify(args)}`);
        return { deleted: args.path };
      }),
    }),
    defineTool({
      name: 'list_open_orders',
      namespace: 'crm',
      description: 'List the open orders of a customer by customer id.',
      input: object({ customer_id: { type: 'string' } }, ['customer_id']),
      handler: () => ({ orders: [] }),
    }),
    defineTool({
      name: 'get_time',
      description: 'The current date and time in a time zone, e.g. Europe/Oslo.',
      input: object({ zone: { type: 'string' } }, ['zone']),
      handler: run((args) => ({ zone: args.zone, time: '12:00' })),
    }),
  ];
  await arsenal.register(options.reverse ? tools.reverse() : tools);
  return { arsenal, calls };
}

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/**
 * A local HTTP server standing in for a model API: each request is checked by `check` (a thrown
 * error becomes a 400 with the vendor's error envelope, failing the client call), then answered by
 * the next scripted reply.
 */
export async function startWireServer(options: {
  check: (request: RecordedRequest, index: number) => void;
  replies: ((request: RecordedRequest) => unknown)[];
  errorEnvelope: (message: string) => unknown;
}): Promise<{ url: string; requests: RecordedRequest[]; close: () => Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      let request: RecordedRequest;
      try {
        request = {
          path: req.url ?? '',
          headers: req.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
        };
      } catch {
        send(400, options.errorEnvelope('body is not JSON'));
        return;
      }
      const index = requests.length;
      requests.push(request);
      try {
        options.check(request, index);
      } catch (error) {
        send(400, options.errorEnvelope((error as Error).message));
        return;
      }
      const reply = options.replies[index];
      if (!reply) {
        send(500, options.errorEnvelope(`the script has no reply ${index + 1}`));
        return;
      }
      send(200, reply(request));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Fails with the path of the first key not in `allowed`, or of a missing `required` key. */
export function checkKeys(
  value: unknown,
  where: string,
  allowed: readonly string[],
  required: readonly string[],
): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`${where}: expected an object`);
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key)) throw new Error(`${where}.${key}: unknown field`);
  }
  for (const key of required) {
    if (record[key] === undefined) throw new Error(`${where}.${key}: required`);
  }
  return record;
}

export function checkType(value: unknown, where: string, type: string): void {
  const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  if (actual !== type) throw new Error(`${where}: expected ${type}, got ${actual}`);
}

/** Fails unless the tools array of each request is a byte prefix of the next one's. */
export function assertToolsArePrefixes(requests: readonly RecordedRequest[]): void {
  for (let index = 1; index < requests.length; index += 1) {
    const before = JSON.stringify(requests[index - 1]!.body.tools);
    const after = JSON.stringify(requests[index]!.body.tools);
    // "[a,b]" is a prefix of "[a,b,c]" once its closing bracket is dropped.
    if (!after.startsWith(before.slice(0, -1))) {
      throw new Error(
        `the tools of request ${index + 1} do not start with those of request ${index}`,
      );
    }
  }
}
