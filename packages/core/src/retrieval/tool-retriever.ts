import { InvalidArgumentError, throwIfAborted } from '../errors/arsenal-error.js';
import type { Telemetry } from '../events/events.js';
import type { Embedder } from '../ports/embedder.js';
import type { Principal } from '../ports/executor.js';
import type { MetadataFilter, MetadataValue, VectorStore } from '../ports/vector-store.js';
import type { RegistryChange, ToolRegistry } from '../registry/tool-registry.js';
import type { ToolDefinition, ToolHealth } from '../tool/tool-definition.js';
import { compileFilters, principalMaySee } from './filters.js';
import { type LexicalFieldOptions, LexicalIndex } from './lexical-index.js';
import { DEFAULT_LEXICAL_FIELDS, toEmbeddingText, toLexicalDocument } from './tool-document.js';
import { newTraceId } from './trace-id.js';
import type { RetrievalRequest, RetrievalResult, ScoredTool } from './types.js';

export interface RetrievalWeights {
  lexical: number;
  semantic: number;
}

export interface ToolRetrieverOptions {
  registry: ToolRegistry;
  /** Lexical fields and their weights. Default DEFAULT_LEXICAL_FIELDS. */
  fields?: Readonly<Record<string, LexicalFieldOptions>>;
  /** BM25 term-frequency saturation. Default 1.2. */
  k1?: number;
  embedder?: Embedder;
  /** Where tool vectors live. Required with an embedder. */
  vectorStore?: VectorStore;
  /** Fusion weights when an embedder is configured. Default lexical 0.35, semantic 0.65. */
  weights?: Partial<RetrievalWeights>;
  /** Candidates each retriever contributes before fusion. Default max(limit × 5, 50). */
  candidatePool?: number;
  /** Runtime health by tool, for excluding open breakers and explaining scores. */
  health?: (tool: ToolDefinition) => ToolHealth | undefined;
  /** Extra visibility rule (policy): return false to withhold a tool from a principal. */
  visibility?: (tool: ToolDefinition, principal: Principal | undefined) => boolean;
  telemetry?: Telemetry;
}

const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 1000;

function now(): number {
  return globalThis.performance?.now() ?? Date.now();
}

/**
 * Finds the tools that match a request: BM25F over tool fields always, fused with vector
 * similarity when an embedder and a vector store are configured; filtered by request filters,
 * principal and policy; every score explained by signal.
 */
export class ToolRetriever {
  readonly #registry: ToolRegistry;
  readonly #lexical: LexicalIndex;
  readonly #embedder: Embedder | undefined;
  readonly #vectorStore: VectorStore | undefined;
  readonly #weights: RetrievalWeights;
  readonly #options: ToolRetrieverOptions;
  /** Tools to embed, by qualified name; removals to apply to the vector store. */
  readonly #pendingEmbeddings = new Map<string, ToolDefinition>();
  readonly #pendingDeletes = new Set<string>();
  readonly #unsubscribe: () => void;

  constructor(options: ToolRetrieverOptions) {
    if (options.embedder && !options.vectorStore) {
      throw new InvalidArgumentError(
        'An embedder needs a vector store: pass vectorStore (createInMemoryVectorStore() works anywhere).',
      );
    }
    this.#options = options;
    this.#registry = options.registry;
    this.#lexical = new LexicalIndex({ fields: options.fields ?? DEFAULT_LEXICAL_FIELDS, k1: options.k1 });
    this.#embedder = options.embedder;
    this.#vectorStore = options.vectorStore;
    this.#weights = { lexical: options.weights?.lexical ?? 0.35, semantic: options.weights?.semantic ?? 0.65 };
    for (const tool of this.#registry.all()) this.#apply({ type: 'added', tool });
    this.#unsubscribe = this.#registry.onChange((change) => this.#apply(change));
  }

  /** Number of tools waiting to be embedded. */
  get pendingEmbeddings(): number {
    return this.#pendingEmbeddings.size;
  }

  #apply(change: RegistryChange): void {
    const id = change.tool.qualifiedName;
    if (change.type === 'removed') {
      this.#lexical.remove(id);
      this.#pendingEmbeddings.delete(id);
      if (this.#embedder) this.#pendingDeletes.add(id);
      return;
    }
    this.#lexical.add(id, toLexicalDocument(change.tool));
    if (this.#embedder) {
      this.#pendingDeletes.delete(id);
      this.#pendingEmbeddings.set(id, change.tool);
    }
  }

  /**
   * Embed and store every added or changed tool not yet embedded. Unchanged re-registrations
   * never reach this queue, so they cost no embedding call.
   */
  async sync(options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {}): Promise<void> {
    const embedder = this.#embedder;
    const store = this.#vectorStore;
    if (!embedder || !store) return;
    if (this.#pendingDeletes.size > 0) {
      const ids = [...this.#pendingDeletes];
      this.#pendingDeletes.clear();
      await store.delete(ids, { signal: options.signal });
    }
    const batchSize = embedder.maxBatchSize ?? 64;
    const total = this.#pendingEmbeddings.size;
    let done = 0;
    while (this.#pendingEmbeddings.size > 0) {
      throwIfAborted(options.signal);
      const batch = [...this.#pendingEmbeddings.values()].slice(0, batchSize);
      const vectors = await embedder.embed(batch.map(toEmbeddingText), { kind: 'document', signal: options.signal });
      await store.upsert(
        batch.map((tool, index) => ({ id: tool.qualifiedName, vector: vectors[index]!, metadata: vectorMetadata(tool) })),
        { signal: options.signal },
      );
      for (const tool of batch) {
        // Only drop it if it was not replaced while we were embedding.
        if (this.#pendingEmbeddings.get(tool.qualifiedName) === tool) this.#pendingEmbeddings.delete(tool.qualifiedName);
      }
      done += batch.length;
      options.onProgress?.(done, total);
    }
  }

  async retrieve(request: RetrievalRequest): Promise<RetrievalResult> {
    const started = now();
    if (typeof request?.query !== 'string') {
      throw new InvalidArgumentError('retrieve: "query" must be a string, e.g. retrieve({ query: "send an email" }).');
    }
    const limit = request.limit ?? DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      throw new InvalidArgumentError(`retrieve: "limit" must be an integer from 1 to ${MAX_LIMIT}, got ${String(request.limit)}.`);
    }
    const threshold = request.scoreThreshold ?? 0;
    if (typeof threshold !== 'number' || threshold < 0 || threshold > 1) {
      throw new InvalidArgumentError('retrieve: "scoreThreshold" must be a number from 0 to 1.');
    }
    throwIfAborted(request.signal);
    const traceId = request.traceId ?? newTraceId();
    const passesFilters = compileFilters(request.filters, this.#options.health);
    const principal = request.principal;
    const visibility = this.#options.visibility;
    const pinnedVersions = request.filters?.tools;
    const accept = (id: string): boolean => {
      const tool = this.#registry.get(id);
      if (!tool) return false;
      if (!pinnedVersions?.includes(tool.qualifiedName) && !this.#registry.isLatest(tool)) return false;
      if (!passesFilters(tool)) return false;
      if (!principalMaySee(tool, principal)) return false;
      return visibility ? visibility(tool, principal) : true;
    };

    const pool = Math.max(limit * 5, this.#options.candidatePool ?? 50);
    const searchStarted = now();
    const lexical = this.#lexical.search(request.query, { limit: pool, accept });
    const scores = new Map<string, { lexical: number; semantic?: number }>();
    for (const hit of lexical.hits) scores.set(hit.id, { lexical: hit.normalized });
    let candidateCount = lexical.candidateCount;
    let filteredCount = lexical.rejectedCount;
    let embeddingMs = 0;
    let searchMs = now() - searchStarted;

    if (this.#embedder && this.#vectorStore) {
      await this.sync({ signal: request.signal });
      const embedStarted = now();
      const [queryVector] = await this.#embedder.embed([request.query], { kind: 'query', signal: request.signal });
      embeddingMs = now() - embedStarted;
      const vectorStarted = now();
      const matches = await this.#vectorStore.query({
        vector: queryVector!,
        topK: pool,
        filter: toMetadataFilter(request),
        signal: request.signal,
      });
      for (const match of matches) {
        const existing = scores.get(match.id);
        if (existing) {
          existing.semantic = Math.max(0, match.score);
          continue;
        }
        candidateCount++;
        if (!accept(match.id)) {
          filteredCount++;
          continue;
        }
        scores.set(match.id, { lexical: 0, semantic: Math.max(0, match.score) });
      }
      const missing = [...scores].filter(([, score]) => score.semantic === undefined).map(([id]) => id);
      if (missing.length > 0) {
        for (const record of await this.#vectorStore.get(missing, { signal: request.signal })) {
          scores.get(record.id)!.semantic = Math.max(0, cosine(queryVector!, record.vector));
        }
      }
      searchMs += now() - vectorStarted;
    }

    const hasSemantic = this.#embedder !== undefined;
    const total = hasSemantic ? this.#weights.lexical + this.#weights.semantic : 1;
    const ranked: ScoredTool[] = [];
    for (const [id, signals] of scores) {
      const tool = this.#registry.get(id);
      if (!tool) continue;
      const score = hasSemantic
        ? (this.#weights.lexical * signals.lexical + this.#weights.semantic * (signals.semantic ?? 0)) / total
        : signals.lexical;
      if (score <= 0 || score < threshold) continue;
      ranked.push({
        tool,
        score,
        rank: 0,
        signals: hasSemantic ? { lexical: signals.lexical, semantic: signals.semantic ?? 0 } : { lexical: signals.lexical },
        health: this.#options.health?.(tool),
      });
    }
    ranked.sort((a, b) => b.score - a.score || (a.tool.qualifiedName < b.tool.qualifiedName ? -1 : 1));
    const tools = ranked.slice(0, limit);
    tools.forEach((scored, index) => {
      scored.rank = index + 1;
    });
    const timings = { embeddingMs, searchMs, totalMs: now() - started };
    this.#options.telemetry?.emit({
      type: 'retrieval.completed',
      time: new Date().toISOString(),
      traceId,
      query: request.query,
      principalId: principal?.id,
      results: tools.map((scored) => ({ tool: scored.tool.qualifiedName, score: scored.score })),
      candidateCount,
      filteredCount,
      timings,
    });
    return { query: request.query, tools, candidateCount, filteredCount, timings, traceId };
  }

  /** Term vector of an indexed tool (for diversity and explanations). */
  termVector(tool: ToolDefinition): Map<string, number> {
    return this.#lexical.termVector(tool.qualifiedName);
  }

  close(): void {
    this.#unsubscribe();
  }
}

function vectorMetadata(tool: ToolDefinition): Record<string, MetadataValue> {
  return {
    name: tool.name,
    namespace: tool.namespace,
    source: tool.source,
    deprecated: tool.deprecated,
    tags: [...tool.tags],
  };
}

/** The part of the request filters a vector store can apply itself (the rest is checked after). */
function toMetadataFilter(request: RetrievalRequest): MetadataFilter | undefined {
  const clauses: MetadataFilter[] = [];
  const filters = request.filters;
  if (filters?.namespaces) clauses.push({ namespace: { $in: [...filters.namespaces] } });
  if (filters?.sources) clauses.push({ source: { $in: [...filters.sources] } });
  if (filters?.excludeDeprecated ?? true) clauses.push({ deprecated: false });
  if (clauses.length === 0) return undefined;
  return clauses.length === 1 ? clauses[0] : { $and: clauses };
}

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return normA > 0 && normB > 0 ? dot / Math.sqrt(normA * normB) : 0;
}
