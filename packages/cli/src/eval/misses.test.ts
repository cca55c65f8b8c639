import { createArsenal } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { fixture, runArsenal } from '../test-support.js';
import { findMisses, formatMatched, matchedFields } from './misses.js';

async function catalog() {
  const arsenal = createArsenal();
  await arsenal.register([
    {
      name: 'get_repository',
      description: 'Details of one source code project.',
      parameters: {
        type: 'object',
        properties: { owner: { type: 'string', description: 'Account that owns the project' } },
      },
    },
    { name: 'list_issues', description: 'Issues of a project, newest first.' },
  ]);
  return arsenal;
}

describe('retrieval misses', () => {
  it('name the fields holding each query word, lexicon matches marked', async () => {
    const arsenal = await catalog();
    expect(matchedFields(arsenal, 'get_repository', 'show the repo of this owner')).toEqual({
      name: ['~show', '~repo'],
      parameters: ['owner'],
    });
    expect(matchedFields(arsenal, 'list_issues', 'weather in Paris')).toEqual({});
    expect(matchedFields(arsenal, 'no_such_tool', 'anything')).toEqual({});
    expect(formatMatched({})).toBe('nothing');
  });

  it('list each relevant tool outside the top k with the tool ranked in its place', async () => {
    const arsenal = await catalog();
    const query = {
      id: 'q1',
      query: 'project issues',
      relevant: ['get_repository', 'list_issues'],
    };
    const misses = findMisses(arsenal, query, ['list_issues', 'other_tool', 'get_repository'], 2);
    expect(misses).toHaveLength(1);
    expect(misses[0]).toMatchObject({
      queryId: 'q1',
      tool: 'get_repository',
      rank: 3,
      tookItsPlace: 'other_tool',
      matched: { description: ['project'] },
    });
    expect(findMisses(arsenal, query, ['list_issues'], 5)[0]?.rank).toBeUndefined();
    expect(findMisses(arsenal, query, ['list_issues', 'get_repository'], 5)).toEqual([]);
  });

  it('are printed by arsenal eval --misses, and listed in its JSON', async () => {
    const files = ['--tools', fixture('tools.jsonl'), '--queries', fixture('queries.jsonl')];
    const text = await runArsenal(['eval', ...files, '--misses']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Relevant tools missing from the top 5: \d+/);
    const json = await runArsenal(['eval', ...files, '--misses', '--json']);
    expect(Array.isArray(JSON.parse(json.stdout).misses)).toBe(true);
    const plain = await runArsenal(['eval', ...files, '--json']);
    expect(JSON.parse(plain.stdout).misses).toBeUndefined();
  });
});
