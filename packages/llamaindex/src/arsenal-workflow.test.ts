import { demoArsenalPerTest, expectArsenalError } from '@arsenal/testkit';
import type { WorkflowEventData } from '@llamaindex/workflow';
import { describe, expect, it } from 'vitest';
import { createArsenalWorkflow } from './arsenal-workflow.js';
import {
  arsenalConfirmationEvent,
  arsenalConfirmationRequestEvent,
  arsenalErrorEvent,
  arsenalStartEvent,
  arsenalStepEvent,
  arsenalStopEvent,
  arsenalToolResultEvent,
} from './arsenal-workflow-events.js';
import { scriptedLlm } from './testing.js';

const setup = demoArsenalPerTest();

/** Reads a run's events until one matches, returning every event read. */
async function readUntil(
  reader: ReadableStreamDefaultReader<WorkflowEventData<unknown>>,
  stop: (event: WorkflowEventData<unknown>) => boolean,
): Promise<WorkflowEventData<unknown>[]> {
  const seen: WorkflowEventData<unknown>[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error('the workflow ended first');
    seen.push(value);
    if (stop(value)) return seen;
  }
}

describe('createArsenalWorkflow', () => {
  it('retrieves the tools again at every model turn of one run', async () => {
    const { arsenal, calls } = await setup();
    const { llm, offered, prompts } = scriptedLlm([
      { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
      { toolCalls: [{ name: 'convert_currency', args: { amount: 100, from: 'USD', to: 'EUR' } }] },
      { text: 'Sunny, and 100 USD is 90 EUR.' },
    ]);
    const { run } = createArsenalWorkflow(arsenal, { llm, limit: 2 });
    const answer = await run('weather in Paris, then convert 100 dollars to euros');
    expect(answer.result).toBe('Sunny, and 100 USD is 90 EUR.');
    expect(answer.steps.map((s) => s.step)).toEqual([0, 1, 2]);
    // What the model was given at each turn is exactly that turn's selection.
    expect(offered).toEqual(answer.steps.map((s) => s.tools));
    expect(offered[0]).toContain('get_weather');
    expect(offered[1]).toContain('convert_currency');
    // The used tool is ranked lower once it has answered (conversation signal, per step).
    const weatherScore = (i: number) => answer.steps[i]?.scores.get_weather ?? 0;
    expect(weatherScore(1)).toBeLessThan(weatherScore(0));
    expect(JSON.stringify(prompts[1])).toContain('temperatureC');
    expect(calls).toMatchObject({ weather: 1, convert: 1 });
  });

  it('pauses on a held call until the human answers, then runs it', async () => {
    const { arsenal, calls } = await setup();
    const { llm, prompts } = scriptedLlm([
      { toolCalls: [{ name: 'files__delete_file', args: { path: '/tmp/a' } }] },
      { text: 'Deleted.' },
    ]);
    const { workflow } = createArsenalWorkflow(arsenal, { llm, limit: 3 });
    const { stream, sendEvent } = workflow.createContext();
    const reader = stream.getReader();
    sendEvent(arsenalStartEvent.with({ query: 'delete the file /tmp/a' }));
    const before = await readUntil(reader, (e) => arsenalConfirmationRequestEvent.include(e));
    const request = before.at(-1);
    if (!arsenalConfirmationRequestEvent.include(request)) throw new Error('no request');
    expect(request.data).toMatchObject({
      qualifiedName: 'files.delete_file:1.0.0',
      arguments: { path: '/tmp/a' },
    });
    expect(before.some((e) => arsenalStepEvent.include(e))).toBe(true);
    expect(calls.deleteFile).toBe(0);
    expect(prompts).toHaveLength(1); // the model waits too

    sendEvent(
      arsenalConfirmationEvent.with({
        confirmationId: request.data.confirmationId,
        approved: true,
      }),
    );
    const after = await readUntil(reader, (e) => arsenalStopEvent.include(e));
    const result = after.find((e) => arsenalToolResultEvent.include(e));
    expect(arsenalToolResultEvent.include(result) && result.data.status).toBe('success');
    expect(calls.deleteFile).toBe(1);
    expect(JSON.stringify(prompts[1])).toContain('deleted /tmp/a');
  });

  it('tells the model when the human rejects a held call, and never runs it', async () => {
    const { arsenal, calls } = await setup();
    const { llm, prompts } = scriptedLlm([
      { toolCalls: [{ name: 'files__delete_file', args: { path: '/tmp/b' } }] },
      { text: 'I did not delete it.' },
    ]);
    const asked: string[] = [];
    const { run } = createArsenalWorkflow(arsenal, { llm, limit: 3 });
    const answer = await run('delete the file /tmp/b', {
      onConfirmation: (request) => {
        asked.push(request.confirmationId);
        return false;
      },
    });
    expect(answer.result).toBe('I did not delete it.');
    expect(asked).toHaveLength(1);
    expect(calls.deleteFile).toBe(0);
    expect(JSON.stringify(prompts[1])).toContain('cancelled');
    // The rejected call is gone: confirming it afterwards still does not run it.
    await arsenal.confirm(asked[0] as string).catch(() => undefined);
    expect(calls.deleteFile).toBe(0);
  });

  it('refuses to run past a held call when nobody can answer it', async () => {
    const { arsenal, calls } = await setup();
    const { llm } = scriptedLlm([
      { toolCalls: [{ name: 'files__delete_file', args: { path: '/tmp/c' } }] },
    ]);
    const { run } = createArsenalWorkflow(arsenal, { llm, limit: 3 });
    const error = await expectArsenalError(run('delete the file /tmp/c'), 'confirmation_required');
    expect(error.message).toContain('onConfirmation');
    expect(calls.deleteFile).toBe(0);
  });

  it('does not run a tool the model was not offered at that step', async () => {
    const { arsenal, calls } = await setup();
    const { llm, prompts } = scriptedLlm([
      { toolCalls: [{ name: 'send_email', args: { to: 'x@example.com', body: 'hi' } }] },
      { text: 'Could not.' },
    ]);
    const { run } = createArsenalWorkflow(arsenal, { llm, limit: 1 });
    const answer = await run('convert 100 dollars to euros');
    expect(answer.steps[0]?.tools).toEqual(['convert_currency']);
    expect(JSON.stringify(prompts[1])).toContain('was not offered at this step');
    expect(calls.email ?? 0).toBe(0);
  });

  it('stops with a typed error when the model never answers', async () => {
    const { arsenal } = await setup();
    const turn = { toolCalls: [{ name: 'get_weather', args: { city: 'Oslo' } }] };
    const { llm } = scriptedLlm([turn, turn, turn]);
    const { run } = createArsenalWorkflow(arsenal, { llm, maxSteps: 2 });
    const error = await expectArsenalError(run('weather in Oslo'), 'call_limit_exceeded');
    expect(error.message).toContain('maxSteps (2)');
    // Driving the workflow by hand, the failure arrives as an event, not an unhandled rejection.
    const { workflow } = createArsenalWorkflow(arsenal, {
      llm: scriptedLlm([turn]).llm,
      maxSteps: 1,
    });
    const { stream, sendEvent } = workflow.createContext();
    sendEvent(arsenalStartEvent.with({ query: 'weather in Oslo' }));
    const events = await readUntil(stream.getReader(), (e) => arsenalErrorEvent.include(e));
    const failure = events.at(-1);
    expect(arsenalErrorEvent.include(failure) && failure.data.error.code).toBe(
      'call_limit_exceeded',
    );
  });
});
