import { createArsenal } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import type { BenchmarkQuery } from './benchmark-queries.js';
import { outcomeTrainer, splitByIdHash, withoutOverlap } from './training.js';

const queries: BenchmarkQuery[] = Array.from({ length: 200 }, (_, i) => ({
  id: `q-${i}`,
  query: `question number ${i}`,
  relevant: ['a_tool'],
}));

describe('training', () => {
  it('splits deterministically by id, roughly by the fraction, without overlap', () => {
    const first = splitByIdHash(queries, 0.5);
    const second = splitByIdHash(queries, 0.5);
    expect(first).toEqual(second);
    expect(first.train.length + first.test.length).toBe(200);
    expect(first.train.length).toBeGreaterThan(60);
    expect(first.train.length).toBeLessThan(140);
    const trainIds = new Set(first.train.map((q) => q.id));
    expect(first.test.some((q) => trainIds.has(q.id))).toBe(false);
  });

  it('drops measured queries whose id or text is also in training', () => {
    const measured = [queries[0]!, { ...queries[1]!, id: 'other' }, queries[2]!];
    const { queries: kept, removed } = withoutOverlap(measured, [queries[0]!, queries[1]!]);
    expect(kept.map((q) => q.id)).toEqual(['q-2']);
    expect(removed).toBe(2);
  });

  it('replays examples as outcomes that retrieval then uses', async () => {
    const arsenal = createArsenal();
    await arsenal.register([
      { name: 'get_passenger', description: 'Look up a stored passenger profile.' },
      { name: 'get_weather', description: 'Weather forecast for a city.' },
    ]);
    const query = 'grab my trip paperwork';
    expect((await arsenal.retrieve({ query })).tools).toHaveLength(0);
    await outcomeTrainer.train(arsenal, [
      { id: 't1', query: 'grab the trip paperwork', relevant: ['get_passenger'] },
    ]);
    expect((await arsenal.retrieve({ query })).tools[0]?.tool.name).toBe('get_passenger');
  });
});
