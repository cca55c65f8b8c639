import { describe, expect, it } from 'vitest';
import { createArsenal } from '../../arsenal/arsenal.js';
import { InMemoryStateStore } from '../../memory/in-memory-state-store.js';
import type { StateStore } from '../../ports/state-store.js';
import type { ToolDefinitionInput } from '../../tool/tool-definition.js';

const catalog: ToolDefinitionInput[] = [
  { name: 'search_flights', description: 'Search flights between two airports on a date.' },
  { name: 'book_flight', description: 'Book a seat on a flight for a passenger.' },
  { name: 'get_passenger', description: 'Look up a stored passenger profile and passport data.' },
  { name: 'book_hotel', description: 'Book a hotel room in a city for given nights.' },
  { name: 'get_weather', description: 'Weather forecast for a city and date.' },
];

async function replica(store: StateStore, replicaId: string) {
  const arsenal = createArsenal({
    execution: { stateStore: store, sharedState: { syncIntervalMs: 600_000, replicaId } },
  });
  await arsenal.register(catalog);
  return arsenal;
}

const names = (result: { tools: { tool: { name: string } }[] }) =>
  result.tools.map((entry) => entry.tool.name);

describe('learned retrieval outcomes between replicas', () => {
  it('what one replica learned ranks the tool higher on the others, and on one started later', async () => {
    const store = new InMemoryStateStore();
    const a = await replica(store, 'a');
    const b = await replica(store, 'b');
    const query = 'grab my trip paperwork';
    expect(names(await b.retrieve({ query, limit: 3 }))).not.toContain('get_passenger');
    a.learn({ query: 'grab the paperwork for my trip', tool: 'get_passenger' });
    await a.engine.syncSharedState();
    await b.engine.syncSharedState();
    expect(names(await b.retrieve({ query, limit: 3 }))[0]).toBe('get_passenger');
    const late = await replica(store, 'c');
    await late.engine.syncSharedState();
    expect(names(await late.retrieve({ query, limit: 3 }))[0]).toBe('get_passenger');
    await Promise.all([a.close(), b.close(), late.close()]);
  });

  it('learning can stay local: sharedState false shares nothing', async () => {
    const store = new InMemoryStateStore();
    const arsenal = createArsenal({ execution: { stateStore: store, sharedState: false } });
    await arsenal.register(catalog);
    arsenal.learn({ query: 'grab the paperwork for my trip', tool: 'get_passenger' });
    await arsenal.engine.syncSharedState();
    expect(await store.keys('arsenal:outcomes')).toEqual([]);
    await arsenal.close();
  });
});
