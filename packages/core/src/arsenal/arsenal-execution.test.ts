import { describe, expect, it } from 'vitest';
import { createInMemoryHistoryStore } from '../memory/in-memory-history-store.js';
import { createSecurityPolicy } from '../policy/security-policy.js';
import { defineTool } from '../tool/define-tool.js';
import { createArsenal } from './arsenal.js';

const weather = defineTool({
  name: 'get_weather',
  description: 'Current weather and forecast for a city.',
  input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  handler: ({ city }) => ({ city, tempC: 21 }),
});
const dropTable = defineTool({
  name: 'drop_table',
  description: 'Drop a database table and all of its rows.',
  input: { type: 'object', properties: { table: { type: 'string' } }, required: ['table'] },
  handler: ({ table }) => `dropped ${table}`,
});
const travelDocs = defineTool({
  name: 'get_passenger',
  description: 'Look up a stored passenger profile and passport data.',
  input: { type: 'object', properties: {} },
  handler: () => ({ passport: 'X123' }),
});

describe('Arsenal execution', () => {
  it('runs a registered function tool and validates its arguments', async () => {
    const arsenal = createArsenal();
    await arsenal.register([weather]);
    const ok = await arsenal.execute({ tool: 'get_weather', arguments: { city: 'Oslo' } });
    expect(ok).toMatchObject({ status: 'success', result: { city: 'Oslo', tempC: 21 } });
    const bad = await arsenal.execute({ tool: 'get_weather', arguments: { town: 'Oslo' } });
    expect(bad.status).toBe('invalid_arguments');
    const missing = await arsenal.execute({ tool: 'get_weathr', arguments: {} });
    expect(missing.status).toBe('not_found');
    expect(missing.error?.message).toContain('Did you mean "get_weather"?');
    expect(arsenal.health('get_weather').totalCalls).toBe(1);
    await arsenal.close();
  });

  it('asks for confirmation before a destructive call and runs it once confirmed', async () => {
    const arsenal = createArsenal();
    await arsenal.register([dropTable]);
    const pending = await arsenal.execute({ tool: 'drop_table', arguments: { table: 'users' } });
    expect(pending.status).toBe('pending_confirmation');
    const confirmed = await arsenal.confirm(pending.confirmation!.id);
    expect(confirmed).toMatchObject({ status: 'success', result: 'dropped users' });
    expect((await arsenal.confirm(pending.confirmation!.id)).status).not.toBe('success');
  });

  it('hides tools the policy denies from retrieval', async () => {
    const arsenal = createArsenal({
      policy: createSecurityPolicy({ deny: { tools: ['drop_*'] } }),
    });
    await arsenal.register([weather, dropTable]);
    const result = await arsenal.retrieve('drop the users database table');
    expect(result.tools.map((t) => t.tool.name)).not.toContain('drop_table');
    // Hidden, it is not counted either: the counts name nothing the caller may not see.
    expect(result.filteredCount).toBe(0);
  });

  it('learns from a successful call made from a retrieval', async () => {
    const arsenal = createArsenal();
    await arsenal.register([weather, travelDocs]);
    const query = 'grab my trip paperwork';
    const first = await arsenal.retrieve({ query, limit: 1 });
    expect(first.tools[0]?.tool.name).not.toBe('get_passenger');
    await arsenal.execute({ tool: 'get_passenger', arguments: {}, traceId: first.traceId });
    const second = await arsenal.retrieve({ query, limit: 1 });
    expect(second.tools[0]?.tool.name).toBe('get_passenger');
  });

  it('does not learn from failed calls', async () => {
    const arsenal = createArsenal();
    await arsenal.register([weather, travelDocs]);
    await arsenal.execute({ tool: 'get_weather', arguments: {}, query: 'grab my trip paperwork' });
    const result = await arsenal.retrieve({ query: 'grab my trip paperwork', limit: 1 });
    expect(result.tools[0]?.signals.learned).toBeUndefined();
  });
});

describe('learning that survives restarts', () => {
  it('relearns successful calls from the audit history', async () => {
    const historyStore = createInMemoryHistoryStore();
    const first = createArsenal({ execution: { historyStore } });
    await first.register([weather, travelDocs]);
    await first.execute({ tool: 'get_passenger', arguments: {}, query: 'grab my trip paperwork' });
    await first.execute({ tool: 'get_weather', arguments: {}, query: 'a failed call' });
    await first.close();

    const second = createArsenal({ execution: { historyStore } });
    await second.register([weather, travelDocs]);
    expect(
      (await second.retrieve({ query: 'grab my trip paperwork', limit: 1 })).tools,
    ).toHaveLength(0);
    expect(await second.learnFromHistory()).toBe(1);
    const result = await second.retrieve({ query: 'grab my trip paperwork', limit: 1 });
    expect(result.tools[0]?.tool.name).toBe('get_passenger');
  });

  it('says what is missing when there is no history store', async () => {
    await expect(createArsenal().learnFromHistory()).rejects.toThrow(/history store/);
  });
});

describe('learning from history twice', () => {
  it('counts each audit record once, including calls learned live', async () => {
    const historyStore = createInMemoryHistoryStore();
    const arsenal = createArsenal({ execution: { historyStore } });
    await arsenal.register([travelDocs]);
    await arsenal.execute({
      tool: 'get_passenger',
      arguments: {},
      query: 'grab my trip paperwork',
    });
    expect(await arsenal.learnFromHistory()).toBe(0);
    const restarted = createArsenal({ execution: { historyStore } });
    await restarted.register([travelDocs]);
    expect(await restarted.learnFromHistory()).toBe(1);
    expect(await restarted.learnFromHistory()).toBe(0);
  });
});
