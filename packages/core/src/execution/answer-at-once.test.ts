import { describe, expect, it } from 'vitest';
import type { ToolCallContext } from '../ports/executor.js';
import { createToolDefinition } from '../tool/create-tool-definition.js';
import { setup, tool } from './engine-test-support.js';
import { createFunctionExecutor, FunctionExecutor } from './function-executor.js';

// An in-process handler that answers at once is answered without a promise in between; these
// check that nothing a caller or a handler can see changed with it.

describe('in-process handlers answered at once', () => {
  it('audits and answers a value, a thrown Error and a thrown string the same way as before', async () => {
    const { engine, history, telemetry } = setup([
      tool('value', () => ({ ok: 1 })),
      tool('throws', () => {
        throw new Error('broke at once');
      }),
      tool('throws_text', () => {
        throw 'plain text';
      }),
    ]);
    const [value, thrown, text] = await Promise.all([
      engine.execute({ tool: 'value' }),
      engine.execute({ tool: 'throws' }),
      engine.execute({ tool: 'throws_text' }),
    ]);
    expect(value).toMatchObject({ status: 'success', result: { ok: 1 }, attempt: 1 });
    expect(thrown).toMatchObject({ status: 'failure', error: { message: 'broke at once' } });
    expect(text.error?.message).toBe('The tool threw a non-Error value: plain text');
    expect(await history.count()).toBe(3);
    const completed = telemetry.events('execution.completed');
    expect(completed.map((event) => event.callId).sort()).toEqual(
      [value.callId, thrown.callId, text.callId].sort(),
    );
  });

  it('waits for a thenable that is not a Promise, and fails on a then that throws when read', async () => {
    // A promise-like from another library: exactly what a thenable is, so the lint rule is off here.
    // biome-ignore lint/suspicious/noThenProperty: the test needs a thenable that is not a Promise
    const thenable = { then: (resolve: (value: unknown) => void) => resolve('from a thenable') };
    const hostile = Object.defineProperty({}, 'then', {
      get() {
        throw new Error('then is a trap');
      },
    });
    const { engine } = setup([tool('thenable', () => thenable), tool('hostile', () => hostile)]);
    expect(await engine.execute({ tool: 'thenable' })).toMatchObject({
      status: 'success',
      result: 'from a thenable',
    });
    expect(await engine.execute({ tool: 'hostile' })).toMatchObject({
      status: 'failure',
      error: { message: 'then is a trap' },
    });
  });

  it('still answers with a promise, so a caller that attaches late sees the result', async () => {
    const { engine } = setup([tool('value', () => 42)]);
    const pending = engine.execute({ tool: 'value' });
    expect(pending).toBeInstanceOf(Promise);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await pending).result).toBe(42);
  });

  it('gives a handler a context whose signal it can take out by name, aborted by its caller', async () => {
    const seen: { signal?: AbortSignal; context?: ToolCallContext } = {};
    const controller = new AbortController();
    const { engine } = setup([
      tool('reads', (_args, context) => {
        const { signal, callId, tool: definition } = context;
        seen.signal = signal;
        seen.context = context;
        controller.abort(new Error('caller left'));
        return { callId, name: definition.name, aborted: signal.aborted };
      }),
    ]);
    const result = await engine.execute({ tool: 'reads', signal: controller.signal });
    // The caller's abort settles the attempt first: the call is cancelled, not answered.
    expect(result.status).toBe('cancelled');
    expect(seen.signal?.aborted).toBe(true);
    expect(seen.context?.signal).toBe(seen.signal);
    expect(seen.context?.callId).toBe(result.callId);
    expect('principal' in (seen.context ?? {})).toBe(false);
  });

  it('keeps the Executor contract for anyone who calls the executor directly', async () => {
    const executor = createFunctionExecutor(() => {
      throw new Error('sync throw');
    });
    expect(executor).toBeInstanceOf(FunctionExecutor);
    const definition = createToolDefinition({
      name: 'direct',
      description: 'A tool called through its executor directly, not through the engine.',
    });
    const request = {
      tool: definition,
      arguments: {},
      context: {
        signal: new AbortController().signal,
        tool: definition,
        callId: 'c',
        reportProgress() {},
      },
    };
    const answer = executor.execute(request);
    expect(answer).toBeInstanceOf(Promise);
    await expect(answer).rejects.toThrow('sync throw');
    expect(executor.canExecute(definition)).toBe(true);
    const only = new FunctionExecutor(
      () => 1,
      (candidate) => candidate.name === 'other',
    );
    expect(only.canExecute(definition)).toBe(false);
    await expect(only.execute(request)).resolves.toBe(1);
  });
});
