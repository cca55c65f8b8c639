import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ToolDefinitionInput } from '../tool/tool-definition.js';
import { SharedParameters } from './shared-parameters.js';

const common: Record<string, JsonSchema> = {
  tenant: { type: 'string', description: 'The tenant ID or name.' },
  subscription: { type: 'string', description: 'The subscription to use.' },
  'resource-group': { type: 'string', description: 'The name of the resource group.' },
  'retry-mode': { type: 'string', description: 'Retry strategy: fixed or exponential.' },
};

function cloudTool(
  name: string,
  description: string,
  own: Record<string, JsonSchema> = {},
): ToolDefinitionInput {
  return {
    name,
    namespace: 'cloud',
    description,
    parametersSchema: { type: 'object', properties: { ...common, ...own } },
  };
}

const cloud: ToolDefinitionInput[] = [
  cloudTool('group_list', 'List resource groups in a subscription.'),
  cloudTool('workbook_show', 'Show one workbook with its content.', {
    workbook: { type: 'string', description: 'Workbook id.' },
  }),
  cloudTool('vm_list', 'List virtual machines.'),
  cloudTool('disk_list', 'List managed disks.'),
  cloudTool('account_create', 'Create a storage account.', {
    account: { type: 'string', description: 'Account name.' },
  }),
  cloudTool('key_get', 'Get a key from a vault.', {
    vault: { type: 'string', description: 'Vault name.' },
  }),
];

describe('parameters shared by most tools of a server', () => {
  it('do not drown the words they share with a tool that is about them', async () => {
    const arsenal = createArsenal();
    await arsenal.register(cloud);
    const result = await arsenal.retrieve({ query: 'Show me the resource groups', limit: 3 });
    expect(result.tools[0]?.tool.name).toBe('group_list');
  });

  it('are recognised again as tools come and go', async () => {
    const arsenal = createArsenal();
    // One at a time: the first tools are indexed before anything looks shared.
    for (const tool of cloud) await arsenal.register([tool]);
    let result = await arsenal.retrieve({ query: 'Show me the resource groups', limit: 3 });
    expect(result.tools[0]?.tool.name).toBe('group_list');
    // With most tools gone, nothing is boilerplate and a parameter match counts fully again.
    for (const name of ['vm_list', 'disk_list', 'account_create', 'key_get']) {
      arsenal.registry.unregister(`cloud.${name}`);
    }
    result = await arsenal.retrieve({ query: 'exponential retry strategy', limit: 3 });
    expect(result.tools.map((tool) => tool.tool.name).sort()).toEqual([
      'group_list',
      'workbook_show',
    ]);
  });

  it('are counted per namespace and across the catalog, never in small groups', () => {
    const shared = new SharedParameters();
    const tool = (namespace: string, keys: string[]) =>
      ({
        namespace,
        parametersSchema: {
          type: 'object',
          properties: Object.fromEntries(keys.map((key) => [key, { type: 'string' }])),
        },
      }) as unknown as Parameters<SharedParameters['add']>[0];
    const small = [tool('small', ['id']), tool('small', ['id']), tool('small', ['id', 'q'])];
    for (const each of small) shared.add(each);
    expect(shared.sharedKeys(small[0]!)).toEqual([]);
    const server = Array.from({ length: 6 }, (_, i) =>
      tool('server', i < 4 ? ['owner', `own${i}`] : [`own${i}`]),
    );
    for (const each of server) shared.add(each);
    expect(shared.sharedKeys(server[0]!)).toEqual(['owner']);
    expect(shared.signature(server[0]!)).toBe('owner');
    // 'id' is on 3 of 9 tools in the catalog: not shared; removing the server's tools keeps it so.
    expect(shared.sharedKeys(small[0]!)).toEqual([]);
    for (const each of server) shared.remove(each);
    expect(shared.sharedKeys(server[0]!)).toEqual([]);
  });

  it('counts across the catalog the tools of the first namespace too, once a second comes', () => {
    const shared = new SharedParameters();
    const tool = (namespace: string, keys: string[]) =>
      ({
        namespace,
        parametersSchema: {
          type: 'object',
          properties: Object.fromEntries(keys.map((key) => [key, { type: 'string' }])),
        },
      }) as unknown as Parameters<SharedParameters['add']>[0];
    // Four tools of each namespace: neither group is large enough alone; the catalog is.
    const first = Array.from({ length: 4 }, (_, i) => tool('first', ['token', `a${i}`]));
    const second = Array.from({ length: 4 }, (_, i) => tool('second', [`b${i}`, 'token']));
    for (const each of first) shared.add(each);
    expect(shared.none).toBe(true);
    expect(shared.sharedKeys(first[0]!)).toEqual([]);
    for (const each of second) shared.add(each);
    expect(shared.none).toBe(false);
    expect(shared.sharedKeys(first[0]!)).toEqual(['token']);
    expect(shared.sharedKeys(second[0]!)).toEqual(['token']);
    // Three of eight tools left with the parameter: no longer shared by most of the catalog.
    for (const each of first.slice(0, 3)) shared.remove(each);
    for (const each of second.slice(0, 2)) shared.remove(each);
    for (const each of first.slice(0, 3)) shared.add(tool('first', [`c${first.indexOf(each)}`]));
    expect(shared.sharedKeys(second[3]!)).toEqual([]);
    expect(shared.sharedKeys(first[3]!)).toEqual([]);
  });
});

describe('a parameter name given several descriptions', () => {
  const tool = (description: string, own: string) =>
    ({
      namespace: 'server',
      parametersSchema: {
        type: 'object',
        properties: { region: { type: 'string', description }, [own]: { type: 'string' } },
      },
    }) as unknown as Parameters<SharedParameters['add']>[0];

  it('counts each description apart, whichever was met first and whichever goes', () => {
    const shared = new SharedParameters();
    // The first description met is on one tool; another on four, then five.
    const odd = tool('Where the data lives.', 'a');
    const usual = Array.from({ length: 5 }, (_, i) => tool('The cloud region.', `b${i}`));
    shared.add(odd);
    for (const each of usual.slice(0, 4)) shared.add(each);
    // 4 of 5 tools: shared; the odd one's description is not.
    expect(shared.sharedKeys(usual[0]!)).toEqual(['region']);
    expect(shared.sharedKeys(odd)).toEqual([]);
    // The first description's only tool goes: 4 tools, too few to have boilerplate.
    shared.remove(odd);
    expect(shared.sharedKeys(usual[0]!)).toEqual([]);
    // A fifth: the other description kept its count.
    shared.add(usual[4]!);
    expect(shared.sharedKeys(usual[4]!)).toEqual(['region']);
    // Back again, with a third description: 5 of 7 still share the usual one.
    shared.add(odd);
    const third = tool('Region code.', 'c');
    shared.add(third);
    expect(shared.sharedKeys(usual[2]!)).toEqual(['region']);
    expect(shared.sharedKeys(odd)).toEqual([]);
    for (const each of usual.slice(0, 2)) shared.remove(each);
    // 3 of 5 left.
    expect(shared.sharedKeys(usual[3]!)).toEqual(['region']);
    shared.remove(usual[2]!);
    // 2 of 4.
    expect(shared.sharedKeys(usual[3]!)).toEqual([]);
    shared.remove(third);
    shared.remove(odd);
    expect(shared.none).toBe(true);
  });
});

describe('a parameter every tool has, described differently on each', () => {
  it('is where the tools say what they do, not boilerplate', async () => {
    const tools: ToolDefinitionInput[] = [
      ['op_a', 'Forecast the weather of a city for the next days.'],
      ['op_b', 'Convert an amount between two currencies.'],
      ['op_c', 'Translate a text into another language.'],
      ['op_d', 'Search recipes by ingredient.'],
      ['op_e', 'Track a parcel by its number.'],
      ['op_f', 'Find flights between two airports.'],
    ].map(([name, text]) => ({
      name: name!,
      description: 'Calls this operation of the API.',
      parametersSchema: {
        type: 'object',
        properties: { request: { type: 'string', description: text } },
      },
    }));
    const shared = new SharedParameters();
    const arsenal = createArsenal();
    await arsenal.register(tools);
    for (const tool of arsenal.registry.all()) shared.add(tool);
    for (const tool of arsenal.registry.all()) expect(shared.sharedKeys(tool)).toEqual([]);
    const result = await arsenal.retrieve({ query: 'exchange rate of two currencies', limit: 1 });
    expect(result.tools[0]?.tool.name).toBe('op_b');
  });
});
