import { type ArsenalError, createArsenal } from '@arsenal/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createA2aToolSource } from './a2a-tool-source.js';
import type { A2aToolResult } from './task-tracker.js';
import { startTestAgent, type TestAgent } from './test-support/test-agent.js';

let agent: TestAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

async function setup(
  options: Parameters<typeof createA2aToolSource>[0] extends infer O ? Partial<O> : never = {},
) {
  agent = await startTestAgent();
  const source = createA2aToolSource({ url: agent.url, name: 'tester', ...options });
  const arsenal = createArsenal();
  const handle = await arsenal.addSource(source);
  return { agent, source, arsenal, handle };
}

describe('A2A agent skills as tools', () => {
  it('registers one tool per skill, described from the skill', async () => {
    const { source, arsenal } = await setup();
    const tools = await source.load();
    expect(tools.map((tool) => tool.name)).toEqual([
      'tester_echo',
      'tester_count_slowly',
      'tester_ask_name',
      'tester_always_fail',
      'tester_hang',
      'tester_make_file',
      'tester_translate',
    ]);
    const echo = tools[0]!;
    expect(echo.namespace).toBe('tester');
    expect(echo.description).toContain('Echo the text and data');
    expect(echo.description).toContain('"echo hello"');
    expect(echo.description).toContain('Tags: test');
    expect(echo.parametersSchema.properties).toHaveProperty('data');
    expect(tools[1]!.parametersSchema.properties).not.toHaveProperty('data');
    expect(tools[1]!.metadata.a2aStreaming).toBe(true);
    expect(echo.metadata.a2aStreaming).toBe(false);
    expect((await arsenal.retrieve('count to three slowly')).tools[0]?.tool.name).toBe(
      'tester_count_slowly',
    );
    await arsenal.close();
  });

  it('calls a quick skill with message/send and keeps text and data parts', async () => {
    const { arsenal } = await setup();
    const result = await arsenal.execute<A2aToolResult>({
      tool: 'tester_echo',
      arguments: { message: 'hi there', data: { city: 'Oslo' } },
    });
    expect(result.status).toBe('success');
    expect(result.result).toMatchObject({ state: 'completed', text: 'echo: hi there' });
    expect(result.result?.artifacts[0]?.parts).toEqual([
      { kind: 'text', text: 'echo: hi there', mediaType: 'text/plain' },
      { kind: 'data', data: { city: 'Oslo' }, mediaType: 'application/json' },
    ]);
    await arsenal.close();
  });

  it('streams a long skill, reporting status updates as progress', async () => {
    const { arsenal } = await setup();
    const progress: string[] = [];
    const result = await arsenal.execute<A2aToolResult>({
      tool: 'tester_count_slowly',
      arguments: { message: 'go' },
      onProgress: (update) => progress.push(update.message ?? ''),
    });
    expect(result.status).toBe('success');
    expect(progress).toEqual(['counted 1 of 3', 'counted 2 of 3', 'counted 3 of 3']);
    expect(result.result?.artifacts[0]?.parts).toContainEqual({
      kind: 'data',
      data: { counted: 3 },
      mediaType: 'application/json',
    });
    await arsenal.close();
  });

  it('keeps file parts: inline bytes as base64 and URLs', async () => {
    const { arsenal } = await setup();
    const result = await arsenal.execute<A2aToolResult>({
      tool: 'tester_make_file',
      arguments: { message: 'files please' },
    });
    expect(result.result?.artifacts[0]?.parts).toEqual([
      {
        kind: 'file',
        name: 'hello.txt',
        mediaType: 'text/plain',
        bytes: Buffer.from('hello file').toString('base64'),
      },
      {
        kind: 'file',
        name: 'report.pdf',
        mediaType: 'application/pdf',
        uri: 'https://example.invalid/report.pdf',
      },
    ]);
    await arsenal.close();
  });

  it('asks the caller when the task needs input, and resumes the same task', async () => {
    const { arsenal } = await setup();
    const questions: string[] = [];
    const result = await arsenal.execute<A2aToolResult>({
      tool: 'tester_ask_name',
      arguments: { message: 'greet me' },
      onInputRequest: async (request) => {
        questions.push(`${request.kind}: ${request.message}`);
        return { text: 'Ada' };
      },
    });
    expect(questions).toEqual(['input: What is your name?']);
    expect(result.result).toMatchObject({ state: 'completed', text: 'Hello, Ada!' });
    await arsenal.close();
  });

  it('hands input-required back as the result when nobody can answer, then continues by taskId', async () => {
    const { arsenal } = await setup({ mode: 'stream' });
    const first = await arsenal.execute<A2aToolResult>({
      tool: 'tester_ask_name',
      arguments: { message: 'greet me' },
    });
    expect(first.status).toBe('success');
    expect(first.result).toMatchObject({
      state: 'input-required',
      statusMessage: 'What is your name?',
    });
    const taskId = first.result?.taskId;
    expect(taskId).toBeTruthy();
    const second = await arsenal.execute<A2aToolResult>({
      tool: 'tester_ask_name',
      arguments: { message: 'Grace', taskId },
    });
    expect(second.result).toMatchObject({ state: 'completed', text: 'Hello, Grace!', taskId });
    await arsenal.close();
  });

  it('cancels the remote task when the caller declines to answer', async () => {
    const { arsenal, agent } = await setup();
    const result = await arsenal.execute({
      tool: 'tester_ask_name',
      arguments: { message: 'greet me' },
      onInputRequest: async () => ({ declined: true }),
    });
    expect(result.status).toBe('failure');
    expect(result.error?.code).toBe('input_declined');
    expect(agent.cancels()).toBe(1);
    await arsenal.close();
  });

  it('reports a failed task as a typed error with the agent reason', async () => {
    const { arsenal } = await setup();
    const result = await arsenal.execute({
      tool: 'tester_always_fail',
      arguments: { message: 'x' },
    });
    expect(result.status).toBe('failure');
    expect(result.error).toMatchObject({ code: 'a2a_task_failed', errorType: 'A2aTaskError' });
    expect(result.error?.message).toContain('the backend refused the request');
    await arsenal.close();
  });

  it.each(['send', 'stream'] as const)(
    'cancel (AbortSignal) sends tasks/cancel to the agent (%s)',
    async (mode) => {
      const { arsenal, agent } = await setup({ mode });
      const controller = new AbortController();
      const pending = arsenal.execute({
        tool: 'tester_hang',
        arguments: { message: 'wait' },
        signal: controller.signal,
      });
      await vi.waitFor(() => expect(agent.requests().length).toBeGreaterThan(0), {
        timeout: 30_000,
        interval: 20,
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      controller.abort();
      expect((await pending).status).toBe('cancelled');
      await vi.waitFor(() => expect(agent.cancels()).toBe(1), { timeout: 60_000 });
      await arsenal.close();
    },
  );
});

describe('A2A faults', () => {
  it('a stream that never ends times out with a typed error and cancels the task', async () => {
    // Long enough for the task to exist at the agent on a loaded machine, so the cancel finds it.
    const { arsenal, agent } = await setup({ mode: 'stream', timeoutMs: 3_000 });
    const result = await arsenal.execute({ tool: 'tester_hang', arguments: { message: 'wait' } });
    expect(result.status).toBe('timeout');
    expect(result.error).toMatchObject({ code: 'timeout', errorType: 'ToolTimeoutError' });
    await vi.waitFor(() => expect(agent.cancels()).toBe(1), { timeout: 60_000 });
    await arsenal.close();
  });

  it('re-attaches to a stream that dropped (tasks/resubscribe) and gets the result', async () => {
    const { arsenal, agent } = await setup({ mode: 'stream' });
    let dropped = false;
    const pending = arsenal.execute<A2aToolResult>({
      tool: 'tester_hang',
      arguments: { message: 'wait' },
      onProgress: () => {
        if (dropped) return;
        dropped = true;
        agent.dropConnections();
      },
    });
    // The stream, tasks/get and tasks/resubscribe: then let the task finish.
    await vi.waitFor(() => expect(agent.requests().length).toBeGreaterThanOrEqual(3), {
      timeout: 60_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    agent.release();
    const result = await pending;
    expect(result.status).toBe('success');
    expect(result.result).toMatchObject({ state: 'completed', text: 'released' });
    await arsenal.close();
  });

  it('an agent dying mid-stream is a retryable connection error', async () => {
    const { arsenal, agent } = await setup({ mode: 'stream' });
    const pending = arsenal.execute({
      tool: 'tester_hang',
      arguments: { message: 'wait' },
      onProgress: () => void agent.close(),
    });
    const result = await pending;
    expect(result.status).toBe('failure');
    expect(result.error).toMatchObject({ code: 'connection_failed', retryable: true });
    expect(result.error?.message).toContain('unavailable');
    await arsenal.close();
  });

  it('an agent down at discovery is a retryable A2aUnavailableError', async () => {
    agent = await startTestAgent();
    const url = agent.url;
    await agent.close();
    agent = undefined;
    const source = createA2aToolSource({ url });
    const error = (await source.load().catch((e: unknown) => e)) as ArsenalError;
    expect(error.name).toBe('A2aUnavailableError');
    expect(error).toMatchObject({ code: 'connection_failed', retryable: true });
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('an invalid card is an A2aCardError naming each problem', async () => {
    agent = await startTestAgent();
    agent.setCard({ description: 'no name', skills: [{ id: '', description: 'x' }, 'nope'] });
    const error = (await createA2aToolSource({ url: agent.url })
      .load()
      .catch((e: unknown) => e)) as ArsenalError & { issues: { path: string }[] };
    expect(error.name).toBe('A2aCardError');
    expect(error.issues.map((issue) => issue.path)).toEqual([
      '/name',
      '/supportedInterfaces',
      '/skills/0/id',
      '/skills/1',
    ]);
  });

  it('a card that lies: a listed skill the agent rejects, then one the card dropped', async () => {
    const { arsenal, agent, source } = await setup();
    const rejected = await arsenal.execute({
      tool: 'tester_translate',
      arguments: { message: 'hola' },
    });
    expect(rejected.error).toMatchObject({ code: 'a2a_task_rejected', errorType: 'A2aTaskError' });
    expect(rejected.error?.message).toContain('unknown skill translate');
    const card = source.card;
    expect(card).toBeDefined();
    const { testAgentCard } = await import('./test-support/test-agent.js');
    const next = testAgentCard(agent.url);
    next.skills = (next.skills as { id: string }[]).filter((skill) => skill.id !== 'translate');
    agent.setCard(next);
    const missing = await arsenal.execute({
      tool: 'tester_translate',
      arguments: { message: 'hola' },
    });
    expect(missing.error).toMatchObject({
      code: 'a2a_skill_missing',
      errorType: 'A2aSkillMissingError',
    });
    await arsenal.close();
  });
});
