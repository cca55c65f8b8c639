import { connect } from 'node:net';
import {
  type Arsenal,
  ArsenalError,
  type ArsenalOptions,
  createArsenal,
  defineTool,
} from '@arsenal/core';
import { freePort } from '@arsenal/testkit';
import { type RestServerOptions, type RunningRestServer, startRestServer } from './rest-server.js';

export const ADMIN_TOKEN = 'admin-token-0123456789';
export const USER_TOKEN = 'user-token-0123456789';
export const OTHER_TOKEN = 'other-token-0123456789';

/** A gate a tool waits at until the test opens it. */
export interface Gate {
  open(): void;
  wait(signal: AbortSignal): Promise<void>;
}

export function createGate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    open,
    wait: (signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        void opened.then(resolve);
      }),
  };
}

/** Math for everyone, billing for principals with `financial`, one destructive and a slow tool. */
export async function createFixtureArsenal(
  gate: () => Gate,
  options: ArsenalOptions = {},
): Promise<Arsenal> {
  const arsenal = createArsenal(options);
  const summary = await arsenal.register([
    defineTool({
      name: 'add_numbers',
      namespace: 'math',
      description: 'Add two numbers and return their sum.',
      tags: ['arithmetic'],
      input: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      handler: ({ a, b }) => ({ sum: a + b }),
    }),
    defineTool({
      name: 'fail_always',
      namespace: 'math',
      description: 'A tool that always fails, to test error reporting.',
      input: { type: 'object', properties: {} },
      handler: () => {
        throw new ArsenalError('upstream_broken', 'The upstream service is broken.');
      },
    }),
    defineTool({
      name: 'delete_note',
      namespace: 'notes',
      description: 'Delete a note from the notebook permanently.',
      input: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      handler: ({ id }) => `deleted ${id}`,
    }),
    defineTool({
      name: 'charge_card',
      namespace: 'billing',
      description: 'Charge a customer credit card a given amount of money.',
      capabilities: ['financial'],
      input: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
      handler: ({ amount }) => ({ charged: amount }),
    }),
    defineTool({
      name: 'count_slowly',
      namespace: 'jobs',
      description: 'Count to three, reporting progress after each step, for long-running calls.',
      input: { type: 'object', properties: {} },
      handler: async (_arguments, context) => {
        const current = gate();
        context.reportProgress({ progress: 1, total: 3, message: 'one' });
        await current.wait(context.signal);
        context.reportProgress({ progress: 2, total: 3, message: 'two' });
        context.reportProgress({ progress: 3, total: 3, message: 'three' });
        return { counted: 3 };
      },
    }),
  ]);
  if (summary.failed.length > 0) throw summary.failed[0]?.error;
  return arsenal;
}

export interface Fixture {
  arsenal: Arsenal;
  server: RunningRestServer;
  gate: Gate;
  request(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** An Arsenal behind a REST server on a free port, with admin, user and other tokens. */
export async function startFixture(
  options: RestServerOptions = {},
  arsenalOptions: ArsenalOptions = {},
): Promise<Fixture> {
  let gate = createGate();
  const arsenal = await createFixtureArsenal(() => gate, arsenalOptions);
  const server = await startRestServer(arsenal, {
    port: await freePort(),
    basePath: '/api',
    credentials: [
      { token: ADMIN_TOKEN, principal: { id: 'ada', capabilities: ['admin', 'financial'] } },
      { token: USER_TOKEN, principal: { id: 'uma', capabilities: [] } },
      { token: OTHER_TOKEN, principal: { id: 'otto', capabilities: [] } },
    ],
    ...options,
  });
  return {
    arsenal,
    server,
    get gate() {
      return gate;
    },
    set gate(next: Gate) {
      gate = next;
    },
    async request(method, path, { token = USER_TOKEN, body, headers = {} } = {}) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined
          ? { body: typeof body === 'string' ? body : JSON.stringify(body) }
          : {}),
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
      };
    },
    async close() {
      await server.close();
      await arsenal.close();
    },
  } as Fixture;
}

/** Write raw bytes on a fresh connection; resolves with everything received once it closes. */
export function sendRaw(url: string, text: string, endAfterWrite = false): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(text);
      if (endAfterWrite) socket.end();
    });
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
    });
    socket.once('error', reject);
    socket.once('close', () => resolve(received));
  });
}

/** One server-sent event. */
export interface ServerSentEvent {
  event: string;
  data: unknown;
}

/** Read an event stream, calling `onEvent` for each event, until the server ends it. */
export async function readEvents(
  response: Response,
  onEvent: (event: ServerSentEvent) => void,
): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  const reader = response.body?.getReader();
  if (!reader) return events;
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let boundary = buffer.indexOf('\n\n');
    while (boundary !== -1) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      boundary = buffer.indexOf('\n\n');
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
      if (event === undefined || data === undefined) continue;
      const parsed = { event, data: JSON.parse(data) as unknown };
      events.push(parsed);
      onEvent(parsed);
    }
  }
  return events;
}
