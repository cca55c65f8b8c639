import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import { createToolDefinition } from '../tool/create-tool-definition.js';
import {
  clauseWinners,
  coverageClauses,
  coverClauses,
  diversifyServers,
  ServerIndex,
  wantedServers,
} from './server-routing.js';
import type { ScoredTool } from './types.js';

const tool = (name: string, description = 'A tool for tests.', namespace?: string) =>
  createToolDefinition({ name, description, namespace });

/** A ranking of the given names, scores falling from 1 by 0.05 per place. */
const ranking = (names: readonly string[]): ScoredTool[] =>
  names.map((name, index) => ({
    tool: tool(name),
    score: 1 - index * 0.05,
    rank: 0,
    signals: { lexical: 1 - index * 0.05 },
  }));
const order = (ranked: readonly ScoredTool[]) => ranked.map((scored) => scored.tool.name);

describe('server index', () => {
  const files = [
    tool('files__read_text', 'Read a text file from disk.'),
    tool('files__write', 'Write a file to disk, replacing it.'),
    tool('files__move', 'Move or rename a file.'),
  ];
  const storage = [
    tool('storage__account_list', 'List the storage accounts of a subscription.'),
    tool('storage__blob_upload', 'Upload a blob to a storage container.'),
  ];

  it('ranks servers by everything their tools say, the best at 1', () => {
    const index = new ServerIndex();
    for (const item of [...files, ...storage]) index.add(item);
    const scores = index.score('save the list to a file on disk');
    expect(scores.get('files')).toBe(1);
    expect(scores.get('storage') ?? 0).toBeLessThan(1);
    expect(index.score('storage accounts').get('storage')).toBe(1);
  });

  it('follows removals, and has nothing to choose between with one server left', () => {
    const index = new ServerIndex();
    for (const item of [...files, ...storage]) index.add(item);
    expect(index.size).toBe(2);
    for (const item of storage) index.remove(item);
    expect(index.size).toBe(1);
    expect(index.score('storage accounts').size).toBe(0);
    expect(index.score('file').size).toBe(0);
  });

  it('ignores tools without a server', () => {
    const index = new ServerIndex();
    index.add(tool('forecast', 'Weather forecast.'));
    index.add(tool('alerts', 'Weather alerts.'));
    expect(index.size).toBe(0);
  });
});

describe('coverage clauses', () => {
  it('are the clauses, also cut at a plain "and" between parts of a few words', () => {
    expect(
      coverageClauses('List the storage accounts in my subscription and save the list to a file'),
    ).toEqual(['List the storage accounts in my subscription', 'save the list to a file']);
    expect(coverageClauses('Find flights to Rome. Then book a hotel near the station')).toEqual([
      'Find flights to Rome.',
      'book a hotel near the station',
    ]);
  });

  it('are none for a single part, or for "and" inside a short list', () => {
    expect(coverageClauses('show disks and snapshots')).toEqual([]);
    expect(coverageClauses('weather in Rome')).toEqual([]);
  });
});

describe('clause winners', () => {
  it("take each clause's best match from the server the clause matches best", () => {
    const index = new ServerIndex();
    const tools = [
      tool('files__write', 'Write a file to disk.'),
      tool('files__read', 'Read a file from disk.'),
      tool('storage__account_list', 'List storage accounts.'),
      tool('storage__file_share', 'Create a file share in storage.'),
    ];
    for (const item of tools) index.add(item);
    const byId = new Map(tools.map((item) => [item.qualifiedName, item]));
    const id = (name: string) => tools.find((item) => item.name === name)!.qualifiedName;
    const winners = clauseWinners(
      [
        // The clause's best lexical match is a storage tool, but the clause is about files.
        {
          text: 'write the file to disk',
          hits: [
            { id: id('storage__file_share'), normalized: 0.6 },
            { id: id('files__write'), normalized: 0.5 },
          ],
        },
        {
          text: 'list storage accounts',
          hits: [{ id: id('storage__account_list'), normalized: 1 }],
        },
      ],
      index,
      (key) => byId.get(key),
    );
    expect(winners).toEqual([id('files__write'), id('storage__account_list')]);
  });
});

describe('clause coverage', () => {
  const names = ['a__1', 'a__2', 'a__3', 'a__4', 'a__5', 'a__6', 'a__7', 'a__8', 'a__9', 'a__10'];
  const ranked = ranking([...names, 'a__11', 'b__write', 'c__mail']);
  const id = (name: string) =>
    ranked.find((scored) => scored.tool.name === name)!.tool.qualifiedName;

  it("moves each part's tool into the places after the first five", () => {
    const covered = coverClauses(ranked, [id('a__1'), id('b__write'), id('c__mail')], 10, 0.5);
    expect(order(covered).slice(0, 5)).toEqual(names.slice(0, 5));
    expect(order(covered).slice(5, 7)).toEqual(['b__write', 'c__mail']);
    expect(order(covered)).toHaveLength(ranked.length);
    expect(covered[5]!.signals.coverage).toBe(1);
    expect(covered[0]!.signals.coverage).toBeUndefined();
  });

  it('leaves the order alone for one server, for the default five places, or when switched off', () => {
    expect(order(coverClauses(ranked, [id('a__1'), id('a__11')], 10, 0.5))).toEqual(order(ranked));
    expect(order(coverClauses(ranked, [id('a__1'), id('b__write')], 5, 0.5))).toEqual(
      order(ranked),
    );
    expect(order(coverClauses(ranked, [id('a__1'), id('b__write')], 10, 0))).toEqual(order(ranked));
  });
});

describe('server diversity', () => {
  it('spreads the first places over the wanted servers, the best tool first', () => {
    const ranked = ranking(['a__1', 'a__2', 'a__3', 'a__4', 'b__1', 'b__2']);
    const scores = new Map([
      ['a', 1],
      ['b', 0.8],
    ]);
    const wanted = wantedServers(scores);
    expect(wanted).toEqual(['a', 'b']);
    const diverse = diversifyServers(ranked, scores, wanted, 4, 0.5);
    expect(order(diverse)[0]).toBe('a__1');
    expect(order(diverse).slice(0, 4)).toContain('b__1');
    expect(order(diversifyServers(ranked, scores, wanted, 4, 0))).toEqual(order(ranked));
  });

  it('wants only servers close to the best one', () => {
    expect(
      wantedServers(
        new Map([
          ['a', 1],
          ['b', 0.2],
        ]),
      ),
    ).toEqual(['a']);
  });
});

describe('server routing in retrieval', () => {
  it('is explained in the breakdown and switched by the server and coverage weights', async () => {
    const arsenal = createArsenal();
    await arsenal.register([
      ...Array.from({ length: 10 }, (_, index) => ({
        name: `storage__account_task_${index}`,
        description: `Storage account task ${index}: list, show and change storage accounts of a subscription.`,
      })),
      { name: 'files__write_file', description: 'Write text to a local file on disk.' },
      { name: 'files__read_file', description: 'Read a local file from disk.' },
    ]);
    const query = 'list the storage accounts of my subscription and write them to a local file';
    const spread = await arsenal.retrieve({ query, limit: 4, weights: { server: 0.5 } });
    expect(spread.tools.some((scored) => scored.tool.name.startsWith('files__'))).toBe(true);
    expect(spread.tools.every((scored) => scored.signals.server !== undefined)).toBe(true);
    const flat = await arsenal.retrieve({ query, limit: 4, weights: { server: 0, coverage: 0 } });
    expect(flat.tools.every((scored) => scored.signals.server === undefined)).toBe(true);
    expect(flat.tools.every((scored) => scored.signals.coverage === undefined)).toBe(true);
  });
});
