import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import type { ToolDefinitionInput } from '../tool/tool-definition.js';
import { intentMatch, KeywordIntentClassifier } from './intent.js';
import { createLexicalReranker } from './lexical-reranker.js';
import { selectDiverse } from './mmr.js';
import { OutcomeMemory } from './outcome-memory.js';
import { decomposeQuery } from './query-decomposition.js';
import { combineSignals, DEFAULT_ROUTING_WEIGHTS } from './scoring.js';
import { estimateToolTokens } from './token-estimate.js';

const catalog: ToolDefinitionInput[] = [
  { name: 'search_flights', description: 'Search flights between two airports on a date.' },
  {
    name: 'book_flight',
    description: 'Book a seat on a flight for a passenger.',
    dependencies: [{ tool: 'get_passenger', kind: 'requires' }],
  },
  { name: 'get_passenger', description: 'Look up a stored passenger profile and passport data.' },
  { name: 'book_hotel', description: 'Book a hotel room in a city for given nights.' },
  {
    name: 'send_email',
    description: 'Send an email message with an optional attachment.',
    capabilities: ['network_access'],
  },
  {
    name: 'email_search',
    description: 'Search the mailbox for email messages by sender or subject.',
  },
  { name: 'email_archive', description: 'Archive old email messages from the mailbox.' },
  { name: 'get_weather', description: 'Weather forecast for a city and date.' },
  {
    name: 'refund_payment',
    description: 'Refund a customer payment in full or in part.',
    capabilities: ['financial'],
  },
];

async function arsenalWith(options: Parameters<typeof createArsenal>[0] = {}) {
  const arsenal = createArsenal(options);
  await arsenal.register(catalog);
  return arsenal;
}

const names = (result: { tools: { tool: { name: string } }[] }) =>
  result.tools.map((t) => t.tool.name);

describe('query decomposition', () => {
  it('splits multi-part requests into clauses', () => {
    expect(
      decomposeQuery(
        'Find flights to Rome. Then book a hotel near the station and finally email me the plan.',
      ),
    ).toEqual(['Find flights to Rome.', 'book a hotel near the station', 'email me the plan.']);
    expect(decomposeQuery('weather in Rome')).toEqual([]);
  });

  it('credits the best tool of each clause so every part of the request is covered', async () => {
    const arsenal = await arsenalWith();
    const result = await arsenal.retrieve({
      query:
        'Search flights from Paris to Rome on Friday. After that, book a hotel room for two nights.',
      limit: 2,
    });
    expect(names(result).sort()).toEqual(['book_hotel', 'search_flights']);
    expect(result.subqueries).toHaveLength(2);
    const off = await arsenal.retrieve({
      query:
        'Search flights from Paris to Rome on Friday. After that, book a hotel room for two nights.',
      limit: 2,
      weights: { subquery: 0 },
    });
    expect(off.tools.every((t) => t.signals.subquery === 1 || t.signals.subquery === 0)).toBe(true);
  });
});

describe('conversation signals', () => {
  it('drops a tool that failed in this conversation below its peers', async () => {
    const arsenal = await arsenalWith();
    const before = await arsenal.retrieve({ query: 'email messages', limit: 3 });
    const top = before.tools[0]!.tool.name;
    const after = await arsenal.retrieve({
      query: 'email messages',
      limit: 3,
      context: { failedTools: [top] },
    });
    expect(after.tools[0]!.tool.name).not.toBe(top);
    const failed = after.tools.find((t) => t.tool.name === top);
    if (failed) expect(failed.signals.penalty).toBe(DEFAULT_ROUTING_WEIGHTS.failedPenalty);
  });

  it('uses the conversation to rank a follow-up', async () => {
    const arsenal = await arsenalWith();
    const result = await arsenal.retrieve({
      query: 'do it again please',
      context: {
        recentMessages: [
          { role: 'user', content: 'What is the weather forecast in Oslo tomorrow?' },
        ],
      },
    });
    expect(result.tools[0]?.tool.name).toBe('get_weather');
    expect(result.tools[0]?.signals.conversation).toBe(1);
  });
});

describe('health, policy and pins', () => {
  it('excludes a tool whose breaker is open, and ranks a flaky tool lower', async () => {
    const arsenal = await arsenalWith({
      retrieval: {
        health: (tool) =>
          tool.name === 'email_search'
            ? {
                successRate: 0,
                averageLatencyMs: 0,
                totalCalls: 5,
                consecutiveFailures: 5,
                circuitState: 'open',
              }
            : tool.name === 'email_archive'
              ? {
                  successRate: 0.2,
                  averageLatencyMs: 0,
                  totalCalls: 10,
                  consecutiveFailures: 2,
                  circuitState: 'closed',
                }
              : undefined,
      },
    });
    const result = await arsenal.retrieve({ query: 'email mailbox messages', limit: 5 });
    expect(names(result)).not.toContain('email_search');
    const archive = result.tools.find((t) => t.tool.name === 'email_archive');
    expect(archive?.signals.health).toBeCloseTo(0.2);
  });

  it('never gives a principal a tool needing a capability it lacks, even when pinned', async () => {
    const arsenal = await arsenalWith();
    const result = await arsenal.retrieve({
      query: 'refund the customer payment',
      principal: { id: 'support-bot', capabilities: ['network_access'] },
      pinned: ['refund_payment'],
    });
    expect(names(result)).not.toContain('refund_payment');
    // Nor counts it: a hidden tool is not a candidate the principal could learn of.
    expect(result.filteredCount).toBe(0);
  });

  it('keeps pinned tools whatever the query, on top of the limit', async () => {
    const arsenal = await arsenalWith();
    const result = await arsenal.retrieve({
      query: 'weather forecast',
      limit: 1,
      pinned: ['send_email'],
    });
    expect(names(result)).toEqual(['send_email', 'get_weather']);
    expect(result.tools[0]?.pinned).toBe(true);
  });

  it('adds required tools after the limit when asked', async () => {
    const arsenal = await arsenalWith();
    const result = await arsenal.retrieve({
      query: 'book a flight seat',
      limit: 1,
      includeDependencies: true,
    });
    expect(names(result)).toEqual(['book_flight', 'get_passenger']);
    expect(result.tools[1]?.requiredBy).toEqual(['default.book_flight:1.0.0']);
  });

  it('orders by name when asked, so the same set gives the same prompt', async () => {
    const arsenal = await arsenalWith();
    const a = await arsenal.retrieve({
      query: 'email search archive',
      limit: 3,
      stableOrder: true,
    });
    const b = await arsenal.retrieve({
      query: 'archive email old messages',
      limit: 3,
      stableOrder: true,
    });
    expect(names(a)).toEqual([...names(a)].sort());
    if (new Set(names(a)).size === new Set([...names(a), ...names(b)]).size)
      expect(names(a)).toEqual(names(b));
  });
});

describe('token budget', () => {
  it('returns the best set that fits the budget', async () => {
    const arsenal = await arsenalWith();
    const all = await arsenal.retrieve({ query: 'email messages mailbox', limit: 3 });
    const one = estimateToolTokens(all.tools[0]!.tool);
    const result = await arsenal.retrieve({
      query: 'email messages mailbox',
      limit: 3,
      tokenBudget: one + 1,
    });
    expect(result.tools).toHaveLength(1);
    expect(result.totalTokens).toBeLessThanOrEqual(one + 1);
    expect(result.overBudgetCount).toBeGreaterThan(0);
    await expect(arsenal.retrieve({ query: 'x', tokenBudget: -1 })).rejects.toThrow(/tokenBudget/);
  });

  it('uses a pluggable token counter', async () => {
    const arsenal = await arsenalWith({ retrieval: { tokenCounter: () => 100 } });
    const result = await arsenal.retrieve({
      query: 'email messages mailbox',
      limit: 5,
      tokenBudget: 250,
    });
    expect(result.tools).toHaveLength(2);
    expect(result.totalTokens).toBe(200);
  });
});

describe('diversity and reranking', () => {
  it('MMR spreads near-duplicates apart', () => {
    const a = new Map([
      ['email', 1],
      ['search', 1],
    ]);
    const picked = selectDiverse(
      [
        { item: 'a', relevance: 1, vector: a },
        { item: 'a2', relevance: 0.95, vector: new Map(a) },
        { item: 'b', relevance: 0.6, vector: new Map([['weather', 1]]) },
      ],
      2,
      0.5,
    );
    expect(picked.map((p) => p.item)).toEqual(['a', 'b']);
    expect(
      selectDiverse(
        [
          { item: 'a', relevance: 1, vector: a },
          { item: 'a2', relevance: 0.9, vector: a },
        ],
        2,
        0,
      ).map((p) => p.item),
    ).toEqual(['a', 'a2']);
  });

  it('applies diversity in retrieval', async () => {
    const arsenal = await arsenalWith();
    const plain = await arsenal.retrieve({
      query: 'email messages in the mailbox weather',
      limit: 2,
    });
    const diverse = await arsenal.retrieve({
      query: 'email messages in the mailbox weather',
      limit: 2,
      diversity: 0.9,
    });
    expect(names(plain).every((n) => n.includes('email'))).toBe(true);
    expect(names(diverse)).toContain('get_weather');
    await expect(arsenal.retrieve({ query: 'x', diversity: 2 })).rejects.toThrow(/diversity/);
  });

  it('blends the reranker score over the top candidates and explains it', async () => {
    const arsenal = await arsenalWith({ reranker: createLexicalReranker() });
    const result = await arsenal.retrieve({ query: 'archive old email messages', limit: 3 });
    expect(result.tools[0]?.tool.name).toBe('email_archive');
    expect(result.tools[0]?.signals.rerank).toBeGreaterThan(0);
    const skipped = await arsenal.retrieve({
      query: 'archive old email messages',
      limit: 3,
      rerank: false,
    });
    expect(skipped.tools[0]?.signals.rerank).toBeUndefined();
  });
});

describe('intent', () => {
  it('classifies with keywords and matches tools by name, tags and capabilities', async () => {
    const classifier = new KeywordIntentClassifier();
    expect(classifier.classify('send a message to the team')).toBe('communication');
    expect(classifier.classify('hello there')).toBeUndefined();
    const arsenal = await arsenalWith();
    const result = await arsenal.retrieve({ query: 'send the email now' });
    expect(result.intent).toBe('communication');
    expect(result.tools.find((t) => t.tool.name === 'send_email')?.signals.intent).toBe(1);
    expect(intentMatch(undefined, new Set(['x']))).toBe(0.5);
  });

  it('accepts custom intents', () => {
    const classifier = new KeywordIntentClassifier({ travel: ['flight', 'hotel'] });
    expect(classifier.classify('book a hotel')).toBe('travel');
  });
});

describe('learning from outcomes', () => {
  it('ranks the tool that worked for similar queries higher, and forgets beyond capacity', async () => {
    const arsenal = await arsenalWith();
    const query = 'grab my trip paperwork';
    const before = await arsenal.retrieve({ query, limit: 3 });
    expect(names(before)).not.toContain('get_passenger');
    arsenal.learn({ query: 'grab the paperwork for my trip', tool: 'get_passenger' });
    const after = await arsenal.retrieve({ query, limit: 3 });
    expect(names(after)[0]).toBe('get_passenger');
    expect(after.tools[0]?.signals.learned).toBeGreaterThan(0);

    const memory = new OutcomeMemory({ capacity: 2 });
    memory.record({ query: 'a b c', tool: 'x' });
    memory.record({ query: 'd e f', tool: 'y' });
    memory.record({ query: 'g h i', tool: 'z' });
    expect(memory.size).toBe(2);
    expect(memory.suggest('a b c').size).toBe(0);
  });

  it('decays old outcomes and remembers co-usage', () => {
    let clock = 0;
    const memory = new OutcomeMemory({ halfLifeMs: 1000, clock: () => clock });
    memory.record({ query: 'book a flight', tool: 'old', at: 0, usedWith: ['pay'] });
    clock = 5000;
    memory.record({ query: 'book a flight', tool: 'new' });
    const scores = memory.suggest('book a flight');
    expect(scores.get('new')).toBeGreaterThan(scores.get('old')!);
    expect(memory.usedWith('old')).toEqual(['pay']);
    expect(memory.export()).toHaveLength(2);
  });

  it('can be turned off', async () => {
    const arsenal = await arsenalWith({ retrieval: { memory: false } });
    arsenal.learn({ query: 'grab the paperwork for my trip', tool: 'get_passenger' });
    const result = await arsenal.retrieve({ query: 'grab my trip paperwork', limit: 3 });
    expect(names(result)).not.toContain('get_passenger');
  });
});

describe('scoring', () => {
  it('keeps final scores in [0,1] and subtracts penalties', () => {
    const base = {
      lexical: 1,
      subquery: 1,
      intent: 1,
      health: 1,
      cost: 1,
      used: false,
      failed: false,
      deprecated: false,
    };
    expect(combineSignals(base, DEFAULT_ROUTING_WEIGHTS).final).toBeCloseTo(1);
    const failed = combineSignals({ ...base, failed: true }, DEFAULT_ROUTING_WEIGHTS).final;
    expect(failed).toBeCloseTo(1 - DEFAULT_ROUTING_WEIGHTS.failedPenalty);
    expect(
      combineSignals(
        { ...base, lexical: 0, subquery: 0, intent: 0, health: 0, cost: 0, failed: true },
        DEFAULT_ROUTING_WEIGHTS,
      ).final,
    ).toBe(0);
  });
});
