import { demoArsenal } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { toAiSdkTool, toAiSdkToolSet } from './arsenal-tool.js';

const options = { toolCallId: 't1', messages: [] };

describe('toAiSdkTool', () => {
  it('keys the catalog by the names the model sees', async () => {
    const { arsenal } = await demoArsenal();
    expect(Object.keys(toAiSdkToolSet(arsenal)).sort()).toEqual([
      'convert_currency',
      'files__delete_file',
      'get_weather',
      'send_email',
    ]);
    await arsenal.close();
  });

  it('without approvals, tells the model that a held call awaits confirmation', async () => {
    const { arsenal, calls } = await demoArsenal();
    const definition = arsenal.registry.get('files.delete_file');
    if (!definition) throw new Error('missing tool');
    const tool = toAiSdkTool(arsenal, definition, { approvals: false });
    expect(tool.needsApproval).toBeUndefined();
    const output = await tool.execute?.({ path: '/a' }, options);
    expect(output).toMatchObject({
      status: 'pending_confirmation',
      confirmationId: expect.any(String),
    });
    expect(calls.deleteFile).toBe(0);
    await arsenal.close();
  });

  it('runs with the principal: a tool outside its namespaces is refused', async () => {
    const { arsenal, calls } = await demoArsenal();
    const definition = arsenal.registry.get('get_weather');
    if (!definition) throw new Error('missing tool');
    const tool = toAiSdkTool(arsenal, definition, {
      principal: { id: 'u', namespaces: ['files'] },
    });
    const needsApproval = tool.needsApproval;
    if (typeof needsApproval !== 'function') throw new Error('expected an approval function');
    expect(await needsApproval({ city: 'Rome' }, options)).toBe(false);
    const output = await tool.execute?.({ city: 'Rome' }, options);
    expect(output).toMatchObject({ status: expect.stringMatching(/permission_denied|not_found/) });
    expect(calls.weather).toBe(0);
    await arsenal.close();
  });
});
