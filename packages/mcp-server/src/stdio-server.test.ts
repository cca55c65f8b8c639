import { PassThrough } from 'node:stream';
import { type Arsenal, defineTool, type Principal } from '@arsenal/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArsenalMcpServer, type ServeMode } from './arsenal-mcp-server.js';
import { type RunningStdioServer, startStdioServer } from './stdio-server.js';
import { createFixtureArsenal } from './test-support/fixture.js';

// Raw JSON-RPC lines over in-memory streams: what a stdio client writes, including what an SDK
// client never would (broken JSON, a line split across writes, a cancelled call).

interface Line {
  jsonrpc: string;
  id?: string | number | null;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

let arsenal: Arsenal;
let running: RunningStdioServer | undefined;
/** Resolves once the slow tool has started; its signal, to see it aborted. */
let slowStarted: Promise<AbortSignal>;
/** Why the quiet tool (which watches onAbort, never its signal) was stopped, once it is. */
let quietStopped: Promise<unknown>;
let quietStarted: Promise<void>;

beforeEach(async () => {
  arsenal = await createFixtureArsenal();
  let started!: (signal: AbortSignal) => void;
  slowStarted = new Promise((resolve) => {
    started = resolve;
  });
  let stopped!: (reason: unknown) => void;
  quietStopped = new Promise((resolve) => {
    stopped = resolve;
  });
  let quietBegan!: () => void;
  quietStarted = new Promise((resolve) => {
    quietBegan = resolve;
  });
  await arsenal.register([
    defineTool({
      name: 'wait_quietly',
      namespace: 'diagnostics',
      description: 'Wait until the call is cancelled, listening without a signal.',
      input: { type: 'object', properties: {} },
      handler: (_args, context) =>
        new Promise((_resolve, reject) => {
          context.onAbort?.((reason) => {
            stopped(reason);
            reject(reason);
          });
          quietBegan();
        }),
    }),
    defineTool({
      name: 'wait_for_cancel',
      namespace: 'diagnostics',
      description: 'Wait until the call is cancelled, then fail.',
      input: { type: 'object', properties: {} },
      handler: (_args, context) =>
        new Promise((_resolve, reject) => {
          started(context.signal);
          context.signal.addEventListener('abort', () => reject(context.signal.reason));
        }),
    }),
    defineTool({
      name: 'count_to_two',
      namespace: 'diagnostics',
      description: 'Count to two, reporting progress after each step.',
      input: { type: 'object', properties: {} },
      handler: (_args, context) => {
        context.reportProgress({ progress: 0.5, total: 2 });
        context.reportProgress({ progress: 1, total: 2 });
        return 'counted';
      },
    }),
  ]);
});

afterEach(async () => {
  await running?.close();
  running = undefined;
  await arsenal.close();
});

interface Session {
  write(text: string): void;
  send(message: Record<string, unknown>): void;
  /** The next line the server wrote that matches. */
  next(match: (line: Line) => boolean): Promise<Line>;
  /** Every line written so far. */
  lines: Line[];
  stdin: PassThrough;
}

async function open(mode: ServeMode = 'static', principal?: Principal): Promise<Session> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const lines: Line[] = [];
  const waiters: { match: (line: Line) => boolean; resolve: (line: Line) => void }[] = [];
  let buffered = '';
  stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let end = buffered.indexOf('\n');
    while (end !== -1) {
      const line = JSON.parse(buffered.slice(0, end)) as Line;
      buffered = buffered.slice(end + 1);
      lines.push(line);
      for (const waiter of waiters.splice(0)) {
        if (waiter.match(line)) waiter.resolve(line);
        else waiters.push(waiter);
      }
      end = buffered.indexOf('\n');
    }
  });
  const mcp = createArsenalMcpServer({ arsenal, mode });
  running = await startStdioServer(mcp, { stdin, stdout, ...(principal ? { principal } : {}) });
  const session: Session = {
    lines,
    stdin,
    write: (text) => stdin.write(text),
    send: (message) => stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`),
    next: (match) => {
      const seen = lines.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
  session.send({
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1.0.0' },
    },
  });
  await session.next((line) => line.id === 0);
  session.send({ method: 'notifications/initialized' });
  return session;
}

const answerTo = (id: string | number) => (line: Line) => line.id === id && !line.method;

function call(session: Session, id: string | number, name: string, args?: unknown): Promise<Line> {
  session.send({
    id,
    method: 'tools/call',
    params: { name, ...(args === undefined ? {} : { arguments: args }) },
  });
  return session.next(answerTo(id));
}

describe('tools/call over stdio', () => {
  it('runs a tool and answers with its result under the request id', async () => {
    const session = await open();
    const answer = await call(session, 1, 'add_numbers', { a: 2, b: 3 });
    expect(answer).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { structuredContent: { sum: 5 } },
    });
    const named = await call(session, 'call-2', 'save_note', { text: 'hello' });
    expect(named.result).toEqual({ content: [{ type: 'text', text: 'saved: hello' }] });
  });

  it('answers arguments that do not match the schema with an isError result', async () => {
    const session = await open();
    const answer = await call(session, 1, 'add_numbers', { a: 'two', b: 3 });
    expect(answer.result?.isError).toBe(true);
    expect(answer.result?._meta).toMatchObject({ 'arsenal/error': { code: 'validation_failed' } });
  });

  it('answers a failing tool with its error code', async () => {
    const session = await open();
    const answer = await call(session, 1, 'fail_always', {});
    expect(answer.result?.isError).toBe(true);
    expect(JSON.stringify(answer.result?.content)).toContain('upstream_broken');
  });

  it('refuses a tool the policy hides from the caller, without naming what it hides', async () => {
    const session = await open('static', { id: 'intern', capabilities: [] });
    const answer = await call(session, 1, 'charge_card', { amount: 10 });
    expect(answer.error?.code).toBe(-32602);
    expect(answer.error?.message).toContain('Unknown tool "charge_card"');
    const allowed = await call(session, 2, 'add_numbers', { a: 1, b: 1 });
    expect(allowed.result?.structuredContent).toEqual({ sum: 2 });
  });

  it('answers an unknown tool with InvalidParams', async () => {
    const session = await open();
    const answer = await call(session, 7, 'no_such_tool', {});
    expect(answer.error).toMatchObject({ code: -32602 });
    expect(answer.error?.message).toContain('Unknown tool "no_such_tool"');
  });

  it('answers malformed params with a readable InvalidParams error', async () => {
    const session = await open();
    const asArray = await call(session, 1, 'add_numbers', [1, 2]);
    expect(asArray.error?.code).toBe(-32602);
    expect(asArray.error?.message).toContain('Invalid params for tools/call');
    session.send({ id: 2, method: 'tools/call', params: { arguments: {} } });
    const noName = await session.next(answerTo(2));
    expect(noName.error?.code).toBe(-32602);
    expect(noName.error?.message).toContain('name');
  });

  it('skips a line that is not JSON or not JSON-RPC and goes on serving', async () => {
    const session = await open();
    session.write('{"jsonrpc": "2.0", "id": 1, "method": \n');
    session.write('[1, 2, 3]\n');
    session.write('"just a string"\n');
    const answer = await call(session, 2, 'add_numbers', { a: 4, b: 5 });
    expect(answer.result?.structuredContent).toEqual({ sum: 9 });
    expect(session.lines.filter((line) => line.id === 1)).toEqual([]);
  });

  it('reads lines split across writes, several lines in one write, and CRLF endings', async () => {
    const session = await open();
    const first = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'add_numbers', arguments: { a: 1, b: 2 } },
    });
    session.write(first.slice(0, 10));
    session.write(first.slice(10, 30));
    const second = JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'add_numbers', arguments: { a: 3, b: 4 } },
    });
    session.write(`${first.slice(30)}\r\n${second}\n`);
    const [one, two] = await Promise.all([session.next(answerTo(1)), session.next(answerTo(2))]);
    expect(one.result?.structuredContent).toEqual({ sum: 3 });
    expect(two.result?.structuredContent).toEqual({ sum: 7 });
  });

  it('sends progress notifications for a call that asked for them, before its answer', async () => {
    const session = await open();
    session.send({
      id: 1,
      method: 'tools/call',
      params: { name: 'count_to_two', arguments: {}, _meta: { progressToken: 'p-1' } },
    });
    await session.next(answerTo(1));
    const progress = session.lines.filter((line) => line.method === 'notifications/progress');
    expect(progress.map((line) => line.params)).toEqual([
      { progressToken: 'p-1', progress: 1, total: 2 },
      { progressToken: 'p-1', progress: 2, total: 2 },
    ]);
    const answerIndex = session.lines.findIndex(answerTo(1));
    expect(session.lines.indexOf(progress[1] as Line)).toBeLessThan(answerIndex);
  });

  it('stops a cancelled call and sends no answer for it', async () => {
    const session = await open();
    session.send({
      id: 1,
      method: 'tools/call',
      params: { name: 'wait_for_cancel', arguments: {} },
    });
    const signal = await slowStarted;
    session.send({
      method: 'notifications/cancelled',
      params: { requestId: 1, reason: 'the user gave up' },
    });
    await new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve());
    });
    const later = await call(session, 2, 'add_numbers', { a: 1, b: 1 });
    expect(later.result?.structuredContent).toEqual({ sum: 2 });
    expect(session.lines.filter(answerTo(1))).toEqual([]);
  });

  it('stops a cancelled call whose tool listens through onAbort, never reading a signal', async () => {
    const session = await open();
    session.send({
      id: 'q-1',
      method: 'tools/call',
      params: { name: 'wait_quietly', arguments: {} },
    });
    await quietStarted;
    session.send({
      method: 'notifications/cancelled',
      params: { requestId: 'q-1', reason: 'the user gave up' },
    });
    expect(await quietStopped).toBe('the user gave up');
    const later = await call(session, 2, 'add_numbers', { a: 1, b: 2 });
    expect(later.result?.structuredContent).toEqual({ sum: 3 });
    expect(session.lines.filter(answerTo('q-1'))).toEqual([]);
  });

  it('stops a running call when the client goes away', async () => {
    const session = await open();
    session.send({
      id: 1,
      method: 'tools/call',
      params: { name: 'wait_for_cancel', arguments: {} },
    });
    const signal = await slowStarted;
    session.stdin.end();
    await running?.closed;
    await new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve());
    });
    expect(signal.aborted).toBe(true);
    expect(session.lines.filter(answerTo(1))).toEqual([]);
  });

  it('runs the meta-tools of dynamic mode the same way', async () => {
    const session = await open('dynamic');
    const answer = await call(session, 1, 'execute_tool', {
      tool_name: 'add_numbers',
      arguments: { a: 20, b: 22 },
    });
    expect(answer.result?.structuredContent).toEqual({ sum: 42 });
    const missing = await call(session, 2, 'execute_tool', { arguments: {} });
    expect(missing.result?.isError).toBe(true);
  });

  it('answers every other method through the SDK server', async () => {
    const session = await open();
    session.send({ id: 1, method: 'tools/list' });
    const list = await session.next(answerTo(1));
    const tools = (list.result?.tools ?? []) as { name: string }[];
    expect(tools.map((tool) => tool.name)).toContain('add_numbers');
    session.send({ id: 2, method: 'ping' });
    expect((await session.next(answerTo(2))).result).toEqual({});
    session.send({ id: 3, method: 'no/such/method' });
    expect((await session.next(answerTo(3))).error?.code).toBe(-32601);
  });
});
