import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import { createToolDefinition } from '../tool/create-tool-definition.js';
import { groupScores, toolGroup } from './tool-groups.js';

describe('tool groups (servers)', () => {
  it('are namespaces, or the prefix before "__" in the default namespace', () => {
    const tool = (name: string, namespace?: string) =>
      createToolDefinition({ name, namespace, description: 'A tool for tests.' });
    expect(toolGroup(tool('account_list', 'storage'))).toBe('storage');
    expect(toolGroup(tool('weather_api__forecast'))).toBe('weather_api');
    expect(toolGroup(tool('forecast'))).toBeUndefined();
  });

  it("score as their best tool's match, relative to the best overall", () => {
    const tool = (name: string) => createToolDefinition({ name, description: 'A tool for tests.' });
    const scores = groupScores([
      [tool('video__trending'), 0.8],
      [tool('video__details'), 0.2],
      [tool('news__top'), 0.4],
      [tool('alone'), 0.9],
    ]);
    expect(Object.fromEntries(scores)).toEqual({ video: 1, news: 0.5 });
  });

  it('score 1 when a part of the request needs them, whatever their match as a whole', () => {
    const tool = (name: string) => createToolDefinition({ name, description: 'A tool for tests.' });
    const candidates = [
      [tool('video__trending'), 0.8],
      [tool('news__top'), 0.4],
      [tool('shop__cart'), 0.2],
    ] as const;
    expect(Object.fromEntries(groupScores(candidates, ['news', 'absent']))).toEqual({
      video: 1,
      news: 1,
      shop: 0.25,
    });
  });

  it("lift the siblings of a strong match above another server's weak one", async () => {
    const arsenal = createArsenal();
    await arsenal.register([
      { name: 'media_hub__trending', description: 'Trending videos right now.' },
      { name: 'media_hub__item_details', description: 'Details of an item by id.' },
      { name: 'shop__product_details', description: 'Details of a product.' },
    ]);
    const request = { query: 'trending videos and the details of one of them', limit: 3 };
    const names = (await arsenal.retrieve(request)).tools.map((scored) => scored.tool.name);
    expect(names.slice(0, 2).sort()).toEqual(['media_hub__item_details', 'media_hub__trending']);
    expect(names[2]).toBe('shop__product_details');
    const flat = await arsenal.retrieve({ ...request, weights: { group: 0 } });
    expect(flat.tools.map((scored) => scored.tool.name)).toContain('shop__product_details');
    expect(flat.tools[2]?.tool.name).not.toBe('shop__product_details');
  });
});
