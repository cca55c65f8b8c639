import { lexiconTerms } from '../text/lexicon.js';
import { now } from './clock.js';
import type { LexicalIndex } from './lexical-index.js';
import type { KeptScores, LexicalHit, LexicalSearchOptions } from './lexical-types.js';
import { denseCosine } from './mmr.js';
import type { OutcomeMemory } from './outcome-memory.js';
import { decomposeQuery } from './query-decomposition.js';
import { PLACEHOLDER_WEIGHT, searchableQuery } from './query-text.js';
import type { ClauseHits } from './server-routing.js';
import type { RetrievalRequest } from './types.js';
import type { VectorSync } from './vector-sync.js';

/** Best matches of each coverage clause that its winner is chosen from. */
const CLAUSE_HITS = 5;

/** Learned-signal value for a tool often used together with one already used. */
const CO_USAGE_HINT = 0.3;

/** The signals each source gave one candidate, before weighting. */
export interface RawSignals {
  lexical: number;
  semantic?: number;
  subquery: number;
  learned?: number;
  conversation?: number;
}

export interface GatheredCandidates {
  /** What could not be done (a failing embedder, vector store...); retrieval went on without it. */
  warnings: string[];
  candidates: Map<string, RawSignals>;
  /** Embeddings of candidates, for diversity. */
  vectors: Map<string, ArrayLike<number>>;
  subqueries: string[];
  /** Each coverage clause's best matches that are candidates too. */
  clauses: ClauseHits[];
  learnedActive: boolean;
  /** Semantic scores were computed (an embedder is configured and it worked). */
  semanticActive: boolean;
  conversationActive: boolean;
  candidateCount: number;
  filteredCount: number;
  embeddingMs: number;
  searchMs: number;
}

function conversationText(request: RetrievalRequest): string {
  const context = request.context;
  if (!context) return '';
  const messages = (context.recentMessages ?? []).slice(-10).map((message) => message.content);
  return [context.summary ?? '', ...messages].join('\n').trim();
}

/**
 * What outcome memory suggests for the request, and the tools that went together with the ones
 * this conversation already used (a lighter hint).
 */
function learnedHints(
  memory: OutcomeMemory | undefined,
  query: string,
  usedTools: readonly string[],
): Map<string, number> {
  const learned = memory?.suggest(query) ?? new Map<string, number>();
  for (const used of usedTools) {
    for (const other of memory?.usedWith(used) ?? []) {
      learned.set(other, Math.max(learned.get(other) ?? 0, CO_USAGE_HINT));
    }
  }
  return learned;
}

/**
 * The best match of the whole request in each wanted server that has none among `hits` (the
 * whole request's own), best server first.
 */
function bestOfMissingServers(
  lexical: LexicalIndex,
  query: string,
  hits: readonly LexicalHit[],
  servers: { wanted: readonly string[]; of: (id: string) => string | undefined },
  options: Pick<LexicalSearchOptions, 'weak' | 'related' | 'boundedBy'> & {
    accept: (id: string) => boolean | null;
  },
): LexicalHit[] {
  const present = new Set(hits.map((hit) => servers.of(hit.id)));
  const found: LexicalHit[] = [];
  for (const server of servers.wanted) {
    if (present.has(server)) continue;
    const inServer = (id: string) => (servers.of(id) === server ? options.accept(id) : false);
    const searchOptions = { ...options, limit: 1, accept: inServer, countMatches: false };
    const best = lexical.search(query, searchOptions).hits[0];
    if (best) found.push(best);
  }
  return found;
}

/**
 * Search the request's clauses: the best tool of each gets credit (the `subquery` signal), and
 * each coverage clause keeps its best matches that are candidates of the whole request too.
 */
function searchClauses(input: {
  query: string;
  decompose: boolean;
  coverageClauses: readonly string[];
  lexical: LexicalIndex;
  accept: (id: string) => boolean | null;
  related: LexicalSearchOptions['related'];
  get: (id: string) => RawSignals;
  isCandidate: (id: string) => boolean;
  /**
   * The whole request's scores: a clause's words are usually the request's own, and then no tool
   * scores more on the clause (the index checks, term by term, and ignores them where a word
   * weighs more in the clause, such as a placeholder the whole search counted as weak).
   */
  boundedBy: KeptScores | undefined;
}): { subqueries: string[]; clauses: ClauseHits[] } {
  const { lexical, accept, related, get, boundedBy } = input;
  const search = (clause: string, limit: number) =>
    lexical.search(clause, { limit, accept, related, countMatches: false, boundedBy }).hits;
  const subqueries = input.decompose ? decomposeQuery(input.query) : [];
  const clauses: ClauseHits[] = [];
  // A clause that is also a coverage part is searched once, for both. These searches need no
  // count of their matches, so they skip the postings that cannot change their few hits.
  const covering = new Set(input.coverageClauses);
  const searched = new Map<string, readonly LexicalHit[]>();
  for (const clause of subqueries) {
    const limit = covering.has(clause) ? CLAUSE_HITS : 1;
    const hits = search(clause, limit);
    if (limit > 1) searched.set(clause, hits);
    const [best] = hits;
    if (best) get(best.id).subquery = Math.max(get(best.id).subquery, 1);
  }
  // Clause coverage chooses among each part's best matches that the whole request found too.
  for (const clause of input.coverageClauses) {
    const hits = searched.get(clause) ?? search(clause, CLAUSE_HITS);
    clauses.push({ text: clause, hits: hits.filter((hit) => input.isCandidate(hit.id)) });
  }
  return { subqueries, clauses };
}

/** Collect candidates from every source that can propose one. */
export async function gatherCandidates(input: {
  request: RetrievalRequest;
  pool: number;
  lexical: LexicalIndex;
  vectors: VectorSync | undefined;
  memory: OutcomeMemory | undefined;
  decompose: boolean;
  /** The parts of the request clause coverage looks at (none: coverage is off). */
  coverageClauses: readonly string[];
  /**
   * Servers the request matches as a whole (best first), and the server of a tool: a server with
   * no candidate among the lexical matches gets its best matching tool as one.
   */
  servers?: { wanted: readonly string[]; of: (id: string) => string | undefined };
  /** How much a lexicon match counts next to an exact one (0: not at all). */
  lexiconWeight: number;
  /** Qualified names of the tools this conversation already used. */
  usedTools: readonly string[];
  /** false: rejected by filters or policy; null: not a candidate (an older version). */
  accept: (id: string) => boolean | null;
}): Promise<GatheredCandidates> {
  const { request, pool, lexical, accept } = input;
  const candidates = new Map<string, RawSignals>();
  const get = (id: string): RawSignals => {
    let signals = candidates.get(id);
    if (!signals) {
      signals = { lexical: 0, subquery: 0 };
      candidates.set(id, signals);
    }
    return signals;
  };
  const searchStarted = now();
  const { text: query, placeholders } = searchableQuery(request.query);
  const weak = placeholders ? { text: placeholders, weight: PLACEHOLDER_WEIGHT } : undefined;
  const related =
    input.lexiconWeight > 0 ? { terms: lexiconTerms, weight: input.lexiconWeight } : undefined;
  const full = lexical.search(query, { limit: pool, accept, weak, related, keepScores: true });
  for (const hit of full.hits) get(hit.id).lexical = hit.normalized;
  if (input.servers) {
    const options = { accept, weak, related, boundedBy: full.kept };
    for (const best of bestOfMissingServers(lexical, query, full.hits, input.servers, options))
      get(best.id).lexical = best.normalized;
  }
  let candidateCount = full.candidateCount;
  let filteredCount = full.rejectedCount;

  const { subqueries, clauses } = searchClauses({
    query,
    decompose: input.decompose,
    coverageClauses: input.coverageClauses,
    lexical,
    accept,
    related,
    get,
    isCandidate: (id) => candidates.has(id),
    boundedBy: full.kept,
  });

  const learned = learnedHints(input.memory, request.query, input.usedTools);
  for (const [id, value] of learned) {
    if (accept(id) !== true) continue;
    get(id).learned = value;
  }

  const context = conversationText(request);
  let conversationActive = false;
  if (context) {
    conversationActive = true;
    const hits = lexical.search(context, { limit: pool, accept, countMatches: false }).hits;
    const top = hits[0]?.score ?? 0;
    for (const hit of hits) {
      const existing = candidates.get(hit.id);
      // Conversation adds weight to candidates of the query; it proposes new ones only for
      // follow-ups that name no tool-specific words themselves.
      if (existing || full.hits.length === 0)
        get(hit.id).conversation = top > 0 ? hit.score / top : 0;
    }
  }
  let searchMs = now() - searchStarted;

  const vectors = new Map<string, ArrayLike<number>>();
  let embeddingMs = 0;
  const warnings: string[] = [];
  if (input.vectors) {
    try {
      await input.vectors.sync({ signal: request.signal });
      const embedStarted = now();
      const queryVector = await input.vectors.embedQuery(request.query, request.signal);
      embeddingMs = now() - embedStarted;
      const vectorStarted = now();
      // The lexical candidates' vectors are fetched alongside the k-NN query, not after it: a
      // remote store answers both in the time of the slower one.
      const lexicalIds = [...candidates.keys()];
      const [matches, records] = await Promise.all([
        input.vectors.query(queryVector, pool, request),
        lexicalIds.length > 0
          ? input.vectors.store.get(lexicalIds, { signal: request.signal })
          : Promise.resolve([]),
      ]);
      for (const match of matches) {
        if (match.vector) vectors.set(match.id, match.vector);
        const existing = candidates.get(match.id);
        if (existing) {
          existing.semantic = Math.max(0, match.score);
          continue;
        }
        const decision = accept(match.id);
        if (decision === null) continue;
        candidateCount++;
        if (!decision) {
          filteredCount++;
          continue;
        }
        get(match.id).semantic = Math.max(0, match.score);
      }
      for (const record of records) {
        const signals = candidates.get(record.id);
        if (!signals || signals.semantic !== undefined) continue;
        vectors.set(record.id, record.vector);
        signals.semantic = Math.max(0, denseCosine(queryVector, record.vector));
      }
      searchMs += now() - vectorStarted;
    } catch (error) {
      if (request.signal?.aborted) throw error;
      // A failing embedder or vector store degrades retrieval to lexical; it does not fail it.
      warnings.push(`semantic search skipped: ${(error as Error)?.message ?? String(error)}`);
    }
  }
  return {
    warnings,
    candidates,
    vectors,
    subqueries,
    clauses,
    learnedActive: learned.size > 0,
    semanticActive: input.vectors !== undefined && warnings.length === 0,
    conversationActive,
    candidateCount,
    filteredCount,
    embeddingMs,
    searchMs,
  };
}
