import { CancelledError } from '@arsenal/core';
import { demoArsenalPerTest } from '@arsenal/testkit';
import { ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { retrieveLangChainTools, toLangChainTool } from './arsenal-tool.js';

const newDemo = demoArsenalPerTest();

async function setup() {
  const demo = await newDemo();
  const def = (name: string) => {
    const found = demo.arsenal.registry.get(name);
    if (!found) throw new Error(`missing ${name}`);
    return found;
  };
  return { ...demo, def };
}

describe('toLangChainTool', () => {
  it('exposes the JSON Schema and runs arsenal.execute', async () => {
    const { arsenal, calls, def } = await setup();
    const tool = toLangChainTool(arsenal, def('get_weather'));
    expect(tool.name).toBe('get_weather');
    expect(tool.schema).toMatchObject({ properties: { city: { type: 'string' } } });
    const output = await tool.invoke({ city: 'Paris' });
    expect(JSON.parse(output as string)).toEqual({ city: 'Paris', temperatureC: 21, sky: 'sunny' });
    expect(calls.weather).toBe(1);
  });

  it('answers a tool call with a ToolMessage carrying the Arsenal result', async () => {
    const { arsenal, def } = await setup();
    const tool = toLangChainTool(arsenal, def('get_weather'));
    const message = await tool.invoke({
      id: 'call_1',
      name: 'get_weather',
      args: { city: 'Oslo' },
      type: 'tool_call',
    });
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message.status).toBe('success');
    expect(message.tool_call_id).toBe('call_1');
    expect(message.artifact).toMatchObject({
      status: 'success',
      qualifiedName: 'default.get_weather:1.0.0',
    });
  });

  it('returns a failing tool as an error ToolMessage instead of throwing', async () => {
    const { arsenal, def } = await setup();
    const tool = toLangChainTool(arsenal, def('get_weather'));
    const message = await tool.invoke({
      id: 'call_2',
      name: 'get_weather',
      args: { city: 'Atlantis' },
      type: 'tool_call',
    });
    expect(message.status).toBe('error');
    expect(JSON.parse(message.content as string)).toMatchObject({
      status: 'failure',
      error: expect.stringContaining('Atlantis'),
    });
  });

  it('names tools outside the default namespace namespace__name', async () => {
    const { arsenal, def } = await setup();
    expect(toLangChainTool(arsenal, def('files.delete_file')).name).toBe('files__delete_file');
  });

  it('tells the model a call awaits confirmation when nobody answers it', async () => {
    const { arsenal, calls, def } = await setup();
    const tool = toLangChainTool(arsenal, def('files.delete_file'));
    const output = JSON.parse((await tool.invoke({ path: '/a.txt' })) as string);
    expect(output).toMatchObject({
      status: 'pending_confirmation',
      confirmationId: expect.any(String),
    });
    expect(calls.deleteFile).toBe(0);
  });

  it('confirms or rejects with the answer of onConfirmation', async () => {
    const { arsenal, calls, def } = await setup();
    const asked: string[] = [];
    const approve = toLangChainTool(arsenal, def('files.delete_file'), {
      onConfirmation: (request) => {
        asked.push(`${request.qualifiedName} ${JSON.stringify(request.arguments)}`);
        return true;
      },
    });
    expect(await approve.invoke({ path: '/a.txt' })).toBe('deleted /a.txt');
    expect(asked).toEqual(['files.delete_file:1.0.0 {"path":"/a.txt"}']);
    const refuse = toLangChainTool(arsenal, def('files.delete_file'), {
      onConfirmation: () => ({ approved: false }),
    });
    const refused = await refuse.invoke({
      id: 'c',
      name: 'x',
      args: { path: '/b' },
      type: 'tool_call',
    });
    expect(refused.status).toBe('error');
    expect(JSON.parse(refused.content as string).status).toBe('cancelled');
    expect(calls.deleteFile).toBe(1);
  });

  it('lets an Arsenal error other than a confirmation failure propagate from onConfirmation', async () => {
    const { arsenal, calls, def } = await setup();
    const tool = toLangChainTool(arsenal, def('files.delete_file'), {
      onConfirmation: () => {
        throw new CancelledError('the run was stopped while waiting for a human');
      },
    });
    await expect(tool.invoke({ path: '/c.txt' })).rejects.toThrow('the run was stopped');
    expect(calls.deleteFile).toBe(0);
  });

  it('keeps the principal: a principal outside the namespace is refused', async () => {
    const { arsenal, calls, def } = await setup();
    const tool = toLangChainTool(arsenal, def('get_weather'), {
      principal: { id: 'u1', namespaces: ['files'] },
    });
    const message = await tool.invoke({
      id: 'p',
      name: 'get_weather',
      args: { city: 'Rome' },
      type: 'tool_call',
    });
    expect(message.status).toBe('error');
    expect(JSON.parse(message.content as string).status).toMatch(/permission_denied|not_found/);
    expect(calls.weather).toBe(0);
  });

  it('rejects arguments that break the schema', async () => {
    const { arsenal, def } = await setup();
    const tool = toLangChainTool(arsenal, def('get_weather'));
    await expect(tool.invoke({ town: 'Paris' } as never)).rejects.toThrow(
      /did not match expected schema/,
    );
  });
});

describe('retrieveLangChainTools', () => {
  it('returns the tools that fit the request, best first', async () => {
    const { arsenal } = await setup();
    const tools = await retrieveLangChainTools(arsenal, 'what is the weather forecast in Paris', {
      limit: 2,
    });
    expect(tools[0]?.name).toBe('get_weather');
    expect(tools.length).toBeLessThanOrEqual(2);
  });
});
