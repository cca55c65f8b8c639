import { describe, expect, it } from 'vitest';
import { ArsenalError, VectorStoreError } from '../errors/arsenal-error.js';
import { EmbedderError } from '../errors/model-errors.js';
import { InMemoryTelemetry } from '../events/telemetry.js';
import { createInMemoryVectorStore } from '../memory/index.js';
import type { Embedder } from '../ports/embedder.js';
import type { Transcoder } from '../ports/transcoder.js';
import type { VectorStore } from '../ports/vector-store.js';
import { analyze } from '../text/tokenize.js';
import type { ToolDefinitionInput } from '../tool/tool-definition.js';
import { createArsenal } from './arsenal.js';

const catalog: ToolDefinitionInput[] = [
  {
    name: 'send_email',
    description: 'Send an email message to a recipient.',
    capabilities: ['network_access'],
    tags: ['mail'],
  },
  { name: 'read_inbox', description: 'List the newest messages in the mailbox.', tags: ['mail'] },
  { name: 'get_weather', description: 'Current weather conditions and forecast for a city.' },
  {
    name: 'convert_currency',
    description: 'Convert an amount of money between currencies.',
    capabilities: ['financial'],
  },
  {
    name: 'create_issue',
    namespace: 'github',
    description: 'Open a new issue in a GitHub repository.',
  },
  { name: 'old_weather', description: 'Legacy weather lookup for a city.', deprecated: true },
];

/** A deterministic embedder: hashed bag of analysed words (so synonyms do not match). */
function hashingEmbedder(dimensions = 64): Embedder & { calls: number; texts: number } {
  const embedder = {
    id: 'test:hashing',
    dimensions,
    calls: 0,
    texts: 0,
    async embed(texts: readonly string[]) {
      embedder.calls++;
      embedder.texts += texts.length;
      return texts.map((text) => {
        const vector = new Float32Array(dimensions);
        for (const term of analyze(text)) {
          let hash = 0;
          for (const char of term) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
          vector[hash % dimensions]! += 1;
        }
        if (vector.every((value) => value === 0)) vector[0] = 1;
        return vector;
      });
    },
  };
  return embedder;
}

describe('Arsenal (embedded defaults)', () => {
  it('registers a catalog and retrieves the right tool with explained scores', async () => {
    const arsenal = createArsenal();
    const summary = await arsenal.register(catalog);
    expect(summary).toMatchObject({ added: 6, updated: 0, unchanged: 0, failed: [] });
    const result = await arsenal.retrieve({ query: 'what is the weather in Paris', limit: 3 });
    expect(result.tools[0]?.tool.name).toBe('get_weather');
    expect(result.tools[0]?.rank).toBe(1);
    expect(result.tools[0]?.signals.lexical).toBeGreaterThan(0);
    expect(result.tools.map((t) => t.tool.name)).not.toContain('old_weather');
    expect(result.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(result.timings.totalMs).toBeGreaterThanOrEqual(0);
  });

  it('reports invalid tools instead of dropping them silently, and keeps the valid ones', async () => {
    const arsenal = createArsenal();
    const summary = await arsenal.register([...catalog, { name: 'Bad Name', description: 'x' }]);
    expect(summary.added).toBe(6);
    expect(summary.failed).toHaveLength(1);
    expect(summary.failed[0]).toMatchObject({ index: 6, name: 'Bad Name' });
    expect(ArsenalError.isInstance(summary.failed[0]?.error)).toBe(true);
  });

  it('applies namespace, tag, capability and tool filters and counts what it withheld', async () => {
    const arsenal = createArsenal();
    await arsenal.register(catalog);
    const mail = await arsenal.retrieve({
      query: 'send email message',
      filters: { excludedCapabilities: ['network_access'] },
    });
    expect(mail.tools.map((t) => t.tool.name)).toEqual(['read_inbox']);
    expect(mail.filteredCount).toBe(1);
    const github = await arsenal.retrieve({
      query: 'new issue',
      filters: { namespaces: ['github'] },
    });
    expect(github.tools.map((t) => t.tool.qualifiedName)).toEqual(['github.create_issue:1.0.0']);
    const deprecatedToo = await arsenal.retrieve({
      query: 'weather city',
      filters: { excludeDeprecated: false },
    });
    expect(deprecatedToo.tools.map((t) => t.tool.name)).toContain('old_weather');
  });

  it('never shows a principal a tool needing a capability it lacks', async () => {
    const arsenal = createArsenal();
    await arsenal.register(catalog);
    const result = await arsenal.retrieve({
      query: 'convert money between currencies',
      principal: { id: 'intern', capabilities: [] },
    });
    expect(result.tools.map((t) => t.tool.name)).not.toContain('convert_currency');
    // A tool hidden from the principal is not counted either: the counts would reveal it.
    expect(result.filteredCount).toBe(0);
  });

  it('excludes tools whose breaker is open', async () => {
    const arsenal = createArsenal({
      retrieval: {
        health: (tool) =>
          tool.name === 'get_weather'
            ? {
                successRate: 0,
                averageLatencyMs: 0,
                totalCalls: 9,
                consecutiveFailures: 9,
                circuitState: 'open',
              }
            : undefined,
      },
    });
    await arsenal.register(catalog);
    const result = await arsenal.retrieve('weather forecast for a city');
    expect(result.tools.map((t) => t.tool.name)).not.toContain('get_weather');
  });

  it('validates the request with clear errors', async () => {
    const arsenal = createArsenal();
    await expect(arsenal.retrieve({ query: 'x', limit: 0 })).rejects.toThrow(/limit/);
    await expect(arsenal.retrieve({ query: 42 as unknown as string })).rejects.toThrow(/query/);
    await expect(arsenal.retrieve({ query: 'x', scoreThreshold: 2 })).rejects.toThrow(
      /scoreThreshold/,
    );
  });

  it('drops results under the score threshold', async () => {
    const arsenal = createArsenal();
    await arsenal.register(catalog);
    const all = await arsenal.retrieve({ query: 'weather email', limit: 10 });
    const cut = all.tools[0]!.score;
    const result = await arsenal.retrieve({
      query: 'weather email',
      limit: 10,
      scoreThreshold: cut,
    });
    expect(result.tools.every((t) => t.score >= cut)).toBe(true);
    expect(result.tools.length).toBeLessThan(all.tools.length);
  });

  it('encodes retrieved tools with a registered transcoder and names the package when one is missing', async () => {
    const echo: Transcoder<{ name: string }> = {
      dialect: 'echo',
      encode: (tool) => ({ name: tool.name }),
      decode: (v) => ({ name: v.name, description: 'decoded tool here' }),
    };
    const arsenal = createArsenal({ transcoders: [echo] });
    await arsenal.register(catalog);
    expect(await arsenal.retrieveTools('weather in a city', { dialect: 'echo', limit: 1 })).toEqual(
      [{ name: 'get_weather' }],
    );
    await expect(arsenal.retrieveTools('weather', { dialect: 'openai' })).rejects.toThrow(
      /@arsenal\/transcoder-openai/,
    );
  });

  it('emits registration and retrieval events', async () => {
    const telemetry = new InMemoryTelemetry();
    const arsenal = createArsenal({ telemetry });
    await arsenal.register(catalog.slice(0, 2));
    await arsenal.retrieve('email');
    expect(telemetry.events('tool.registered')).toHaveLength(2);
    expect(telemetry.events('retrieval.completed')[0]?.results[0]?.tool).toBe(
      'default.send_email:1.0.0',
    );
  });
});

describe('Arsenal with an embedder', () => {
  it('fuses lexical and vector scores and never re-embeds unchanged tools', async () => {
    const embedder = hashingEmbedder();
    const arsenal = createArsenal({ embedder, vectorStore: createInMemoryVectorStore() });
    await arsenal.register(catalog);
    const embeddedTexts = embedder.texts;
    expect(embeddedTexts).toBe(6);
    await arsenal.register(catalog);
    expect(embedder.texts).toBe(embeddedTexts);
    const result = await arsenal.retrieve({ query: 'weather forecast', limit: 2 });
    expect(result.tools[0]?.tool.name).toBe('get_weather');
    expect(result.tools[0]?.signals.semantic).toBeGreaterThan(0);
    expect(result.timings.embeddingMs).toBeGreaterThanOrEqual(0);
    await arsenal.register({
      ...catalog[2]!,
      description: 'Weather conditions, forecast and alerts for a city.',
    });
    expect(embedder.texts).toBe(embeddedTexts + 2);
  });

  it('removes vectors of unregistered tools', async () => {
    const vectorStore = createInMemoryVectorStore();
    const arsenal = createArsenal({ embedder: hashingEmbedder(), vectorStore });
    await arsenal.register(catalog);
    await arsenal.unregister('get_weather');
    expect(await vectorStore.count()).toBe(5);
    const result = await arsenal.retrieve('weather forecast');
    expect(result.tools.map((t) => t.tool.name)).not.toContain('get_weather');
  });

  it('registers while the vector store is down, and the store catches up when it returns', async () => {
    const inner = createInMemoryVectorStore();
    let down = false;
    const unavailable = () =>
      new VectorStoreError('store unreachable', {
        retryable: true,
        code: 'vector_store_unavailable',
      });
    const vectorStore: VectorStore = {
      get dimensions() {
        return inner.dimensions;
      },
      upsert: (records, options) =>
        down ? Promise.reject(unavailable()) : inner.upsert(records, options),
      delete: (ids, options) => (down ? Promise.reject(unavailable()) : inner.delete(ids, options)),
      query: (query) => (down ? Promise.reject(unavailable()) : inner.query(query)),
      get: (ids, options) => (down ? Promise.reject(unavailable()) : inner.get(ids, options)),
      count: (options) => inner.count(options),
      clear: (options) => inner.clear(options),
    };
    const arsenal = createArsenal({ embedder: hashingEmbedder(), vectorStore });
    await arsenal.register(catalog.slice(0, 4));
    down = true;
    const summary = await arsenal.register(catalog.slice(4));
    expect(summary.added).toBe(2);
    expect(summary.deferred?.pending).toBe(2);
    expect(summary.deferred?.error.code).toBe('vector_store_unavailable');
    await arsenal.unregister('get_weather');
    const degraded = await arsenal.retrieve('weather forecast');
    expect(degraded.warnings?.join(' ')).toMatch(/semantic search skipped/);
    expect(await inner.count()).toBe(4);
    down = false;
    const recovered = await arsenal.retrieve('weather forecast');
    expect(recovered.warnings ?? []).toEqual([]);
    expect(await inner.count()).toBe(5);
    expect((await inner.get(['default.get_weather:1.0.0'])).length).toBe(0);
  });

  it('registers while the embedder is down, and embeds the tools when it returns', async () => {
    const inner = hashingEmbedder();
    let down = false;
    const embedder: Embedder = {
      id: 'flaky-hashing',
      get dimensions() {
        return inner.dimensions;
      },
      embed: (texts, options) =>
        down
          ? Promise.reject(new EmbedderError('embedder unreachable', { retryable: true }))
          : inner.embed(texts, options),
    };
    const vectorStore = createInMemoryVectorStore();
    const arsenal = createArsenal({ embedder, vectorStore });
    await arsenal.register(catalog.slice(0, 4));
    down = true;
    const summary = await arsenal.register(catalog.slice(4));
    expect(summary.added).toBe(2);
    expect(summary.deferred?.pending).toBe(2);
    expect(summary.deferred?.error.code).toBe('embedder_error');
    expect(arsenal.registry.list().length).toBe(catalog.length);
    const degraded = await arsenal.retrieve('weather forecast');
    expect(degraded.warnings?.join(' ')).toMatch(/embedder unreachable/);
    expect(degraded.tools.length).toBeGreaterThan(0);
    expect(await vectorStore.count()).toBe(4);
    down = false;
    const recovered = await arsenal.retrieve('weather forecast');
    expect(recovered.warnings ?? []).toEqual([]);
    expect(await vectorStore.count()).toBe(catalog.length);
  });

  it('still throws errors a retry cannot fix (a dimension mismatch)', async () => {
    const vectorStore = createInMemoryVectorStore({ dimensions: 3 });
    const arsenal = createArsenal({ embedder: hashingEmbedder(), vectorStore });
    await expect(arsenal.register(catalog)).rejects.toMatchObject({ code: 'dimension_mismatch' });
  });

  it('requires a vector store with an embedder', () => {
    expect(() => createArsenal({ embedder: hashingEmbedder() })).toThrow(/vector store/);
  });
});
