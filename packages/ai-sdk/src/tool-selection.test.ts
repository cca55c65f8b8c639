import { demoArsenalPerTest } from '@arsenal/testkit';
import { generateText, type ModelMessage, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { scriptedModel } from './testing.js';
import { createArsenalToolSelection } from './tool-selection.js';

const setup = demoArsenalPerTest();

describe('createArsenalToolSelection with generateText', () => {
  it('offers only the retrieved tools at each step and runs the calls', async () => {
    const { arsenal, calls } = await setup();
    const { model, offered, prompts } = scriptedModel([
      { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
      { text: 'Sunny, 21 °C.' },
    ]);
    const selection = createArsenalToolSelection(arsenal, { limit: 2 });
    const result = await generateText({
      model,
      tools: selection.tools,
      prepareStep: selection.prepareStep,
      stopWhen: stepCountIs(5),
      prompt: 'What is the weather forecast in Paris today?',
    });
    expect(Object.keys(selection.tools)).toHaveLength(4);
    expect(offered[0]).toContain('get_weather');
    expect(offered[0]?.length).toBeLessThanOrEqual(2);
    expect(offered[0]).not.toContain('files__delete_file');
    expect(calls.weather).toBe(1);
    expect(result.text).toBe('Sunny, 21 °C.');
    expect(result.steps[0]?.toolResults[0]?.output).toEqual({
      city: 'Paris',
      temperatureC: 21,
      sky: 'sunny',
    });
    expect(JSON.stringify(prompts[1])).toContain('temperatureC');
    expect(selection.selections[0]).toMatchObject({
      stepNumber: 0,
      query: 'What is the weather forecast in Paris today?',
    });
    expect(selection.selections[0]?.activeTools[0]).toBe('get_weather');
  });

  it('selects again for a new request in the same conversation', async () => {
    const { arsenal, calls } = await setup();
    const { model, offered } = scriptedModel([
      { toolCalls: [{ name: 'convert_currency', args: { amount: 100, from: 'USD', to: 'EUR' } }] },
      { text: '90 EUR.' },
    ]);
    const selection = createArsenalToolSelection(arsenal, { limit: 1 });
    await generateText({
      model,
      tools: selection.tools,
      prepareStep: selection.prepareStep,
      stopWhen: stepCountIs(5),
      messages: [
        { role: 'user', content: 'weather forecast for Rome' },
        { role: 'assistant', content: 'Sunny.' },
        { role: 'user', content: 'now convert 100 dollars to euros' },
      ],
    });
    expect(offered[0]).toEqual(['convert_currency']);
    expect(calls.convert).toBe(1);
  });

  it('returns a failing tool to the model as error output', async () => {
    const { arsenal } = await setup();
    const { model, prompts } = scriptedModel([
      { toolCalls: [{ name: 'get_weather', args: { city: 'Atlantis' } }] },
      { text: 'No data.' },
    ]);
    const selection = createArsenalToolSelection(arsenal, { limit: 1 });
    const result = await generateText({
      model,
      tools: selection.tools,
      prepareStep: selection.prepareStep,
      stopWhen: stepCountIs(5),
      prompt: 'weather forecast for Atlantis',
    });
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({
      status: 'failure',
      error: expect.stringContaining('Atlantis'),
    });
    expect(JSON.stringify(prompts[1])).toContain('error-json');
    expect(result.text).toBe('No data.');
  });

  it('maps a confirmation to tool approval and runs the call once when approved', async () => {
    const { arsenal, calls } = await setup();
    const { model } = scriptedModel([
      { toolCalls: [{ name: 'files__delete_file', args: { path: '/tmp/a.txt' }, id: 'del1' }] },
      { text: 'Deleted.' },
    ]);
    const selection = createArsenalToolSelection(arsenal);
    const messages: ModelMessage[] = [
      { role: 'user', content: 'delete the file /tmp/a.txt from the shared drive' },
    ];
    const first = await generateText({
      model,
      tools: selection.tools,
      prepareStep: selection.prepareStep,
      stopWhen: stepCountIs(5),
      messages,
    });
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    expect(request).toMatchObject({
      toolCall: { toolName: 'files__delete_file', toolCallId: 'del1' },
    });
    expect(calls.deleteFile).toBe(0);
    messages.push(...first.response.messages, {
      role: 'tool',
      content: [
        { type: 'tool-approval-response', approvalId: request?.approvalId ?? '', approved: true },
      ],
    });
    const second = await generateText({
      model,
      tools: selection.tools,
      prepareStep: selection.prepareStep,
      stopWhen: stepCountIs(5),
      messages,
    });
    expect(calls.deleteFile).toBe(1);
    expect(second.text).toBe('Deleted.');
  });

  it('does not run a denied call and rejects it in Arsenal', async () => {
    const { arsenal, calls } = await setup();
    const { model } = scriptedModel([
      { toolCalls: [{ name: 'files__delete_file', args: { path: '/x' } }] },
      { text: 'Kept it.' },
    ]);
    const rejected: string[] = [];
    const reject = arsenal.reject.bind(arsenal);
    arsenal.reject = async (id) => {
      const outcome = await reject(id);
      rejected.push(`${id} ${outcome.status}`);
      return outcome;
    };
    const selection = createArsenalToolSelection(arsenal);
    const messages: ModelMessage[] = [
      { role: 'user', content: 'delete the file /x from the drive' },
    ];
    const first = await generateText({
      model,
      tools: selection.tools,
      prepareStep: selection.prepareStep,
      messages,
    });
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    messages.push(...first.response.messages, {
      role: 'tool',
      content: [
        { type: 'tool-approval-response', approvalId: request?.approvalId ?? '', approved: false },
      ],
    });
    const second = await generateText({
      model,
      tools: selection.tools,
      prepareStep: selection.prepareStep,
      messages,
    });
    expect(second.text).toBe('Kept it.');
    expect(calls.deleteFile).toBe(0);
    // The held call is rejected in Arsenal, not left until it expires.
    expect(rejected).toEqual([expect.stringMatching(/ cancelled$/)]);
  });
});
