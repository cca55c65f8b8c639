import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import { createInMemoryVectorStore } from '../memory/in-memory-vector-store.js';
import { createSecurityPolicy } from '../policy/security-policy.js';
import type { Embedder } from '../ports/embedder.js';
import type { ToolDefinitionInput } from '../tool/tool-definition.js';

const catalog: ToolDefinitionInput[] = [
  {
    name: 'book_flight',
    description: 'Book a seat on a flight.',
    dependencies: [
      { tool: 'get_passenger', kind: 'requires' },
      { tool: 'pay_invoice', kind: 'requires' },
    ],
  },
  {
    name: 'get_passenger',
    description: 'Look up a stored passenger profile.',
    dependencies: [{ tool: 'read_vault', kind: 'requires' }],
  },
  { name: 'read_vault', description: 'Read a secret from the vault.' },
  {
    name: 'pay_invoice',
    description: 'Pay an invoice for a flight booking.',
    capabilities: ['financial'],
  },
  { name: 'get_weather', description: 'Weather forecast for a city.' },
];

const failingEmbedder = (): Embedder & { fail: boolean } => {
  const embedder = {
    id: 'test:failing',
    dimensions: 4,
    fail: false,
    async embed(texts: readonly string[]) {
      if (embedder.fail) throw new Error('embedding service down');
      return texts.map(() => Float32Array.from([1, 0.5, 0.25, 0.125]));
    },
  };
  return embedder;
};

describe('retrieval robustness', () => {
  it('falls back to lexical results when the embedder fails, and says so', async () => {
    const embedder = failingEmbedder();
    const arsenal = createArsenal({ embedder, vectorStore: createInMemoryVectorStore() });
    await arsenal.register(catalog);
    embedder.fail = true;
    const result = await arsenal.retrieve('weather forecast');
    expect(result.tools[0]?.tool.name).toBe('get_weather');
    expect(result.tools[0]?.signals.semantic).toBeUndefined();
    expect(result.warnings?.[0]).toMatch(/semantic search skipped: embedding service down/);
  });

  it('keeps the first-stage order when the reranker fails', async () => {
    const arsenal = createArsenal({
      reranker: {
        id: 'broken',
        rerank: async () => Promise.reject(new Error('model unavailable')),
      },
    });
    await arsenal.register(catalog);
    const result = await arsenal.retrieve('flight booking');
    expect(result.tools[0]?.tool.name).toBe('book_flight');
    expect(result.warnings).toEqual(['reranking skipped: model unavailable']);
  });

  it('survives a telemetry sink that throws', async () => {
    const arsenal = createArsenal({
      telemetry: {
        emit: () => {
          throw new Error('sink down');
        },
      },
    });
    const summary = await arsenal.register(catalog);
    expect(summary.failed).toEqual([]);
    expect((await arsenal.retrieve('weather')).tools).toHaveLength(1);
  });

  it('follows requirements transitively and records who required what', async () => {
    const arsenal = createArsenal();
    await arsenal.register(catalog);
    const result = await arsenal.retrieve({
      query: 'book a flight seat',
      limit: 1,
      includeDependencies: true,
    });
    const byName = new Map(result.tools.map((t) => [t.tool.name, t]));
    expect([...byName.keys()]).toEqual([
      'book_flight',
      'get_passenger',
      'pay_invoice',
      'read_vault',
    ]);
    expect(byName.get('read_vault')?.requiredBy).toEqual(['default.get_passenger:1.0.0']);
  });

  it('records requiredBy on a dependency that was also retrieved on its own', async () => {
    const arsenal = createArsenal();
    await arsenal.register(catalog);
    const result = await arsenal.retrieve({
      query: 'book flight passenger',
      limit: 2,
      includeDependencies: true,
    });
    const passenger = result.tools.find((t) => t.tool.name === 'get_passenger');
    expect(passenger?.requiredBy).toEqual(['default.book_flight:1.0.0']);
  });

  it('lets the policy decide capability visibility when it does not check capabilities', async () => {
    const arsenal = createArsenal({ policy: createSecurityPolicy({ checkCapabilities: false }) });
    await arsenal.register(catalog);
    const result = await arsenal.retrieve({
      query: 'pay an invoice',
      principal: { id: 'p', capabilities: [] },
    });
    expect(result.tools.map((t) => t.tool.name)).toContain('pay_invoice');
  });

  it('does not count older versions as filtered', async () => {
    const arsenal = createArsenal();
    await arsenal.register([
      { name: 'get_weather', version: '1.0.0', description: 'Weather forecast for a city.' },
      {
        name: 'get_weather',
        version: '2.0.0',
        description: 'Weather forecast for a city, hourly.',
      },
    ]);
    const result = await arsenal.retrieve('weather forecast');
    expect(result.tools.map((t) => t.tool.version)).toEqual(['2.0.0']);
    expect(result.filteredCount).toBe(0);
    expect(result.candidateCount).toBe(1);
  });

  it('suggests tools used together with the ones already used', async () => {
    const arsenal = createArsenal();
    await arsenal.register(catalog);
    arsenal.learn({ query: 'book my trip', tool: 'book_flight', usedWith: ['get_weather'] });
    const result = await arsenal.retrieve({
      query: 'and now the other thing',
      context: { usedTools: ['book_flight'] },
    });
    expect(result.tools.map((t) => t.tool.name)).toContain('get_weather');
  });
});
