import type { Reranker } from '../ports/reranker.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { type DiversityCandidate, selectDiverse } from './mmr.js';
import type { TokenCounter } from './token-estimate.js';
import { toEmbeddingText } from './tool-document.js';
import type { RetrievalRequest, RoutingWeights, ScoredTool } from './types.js';

export interface SelectionInput {
  request: RetrievalRequest;
  /** Candidates, best first. */
  ranked: ScoredTool[];
  limit: number;
  weights: RoutingWeights;
  registry: ToolRegistry;
  reranker: Reranker | undefined;
  rerankTopN: number;
  tokenCounter: TokenCounter;
  termVector: (tool: ToolDefinition) => ReadonlyMap<string, number>;
  vectorOf: (tool: ToolDefinition) => ArrayLike<number> | undefined;
  /** Whether the request's filters, principal and policy allow a tool (pins and dependencies too). */
  visible: (tool: ToolDefinition) => boolean;
}

export interface Selection {
  warnings: string[];
  tools: ScoredTool[];
  totalTokens: number;
  overBudgetCount: number;
}

async function rerank(
  input: SelectionInput,
  ranked: ScoredTool[],
  warnings: string[],
): Promise<ScoredTool[]> {
  const reranker = input.reranker;
  if (!reranker || ranked.length < 2 || input.weights.rerank <= 0) return ranked;
  const head = ranked.slice(0, input.rerankTopN);
  let results: Awaited<ReturnType<Reranker['rerank']>>;
  try {
    results = await reranker.rerank(
      input.request.query,
      head.map((scored) => ({
        id: scored.tool.qualifiedName,
        text: toEmbeddingText(scored.tool),
        score: scored.score,
      })),
      { signal: input.request.signal },
    );
  } catch (error) {
    if (input.request.signal?.aborted) throw error;
    // A failing reranker leaves the first-stage order; it does not fail the retrieval.
    warnings.push(`reranking skipped: ${(error as Error)?.message ?? String(error)}`);
    return ranked;
  }
  const byId = new Map(results.map((result) => [result.id, result.score]));
  const share = input.weights.rerank;
  for (const scored of head) {
    const value = Math.max(0, Math.min(1, byId.get(scored.tool.qualifiedName) ?? 0));
    scored.signals.rerank = value;
    scored.score = (1 - share) * scored.score + share * value;
  }
  head.sort((a, b) => b.score - a.score || (a.tool.qualifiedName < b.tool.qualifiedName ? -1 : 1));
  // Keep reranked candidates ahead of the rest: the reranker only judged these.
  return [...head, ...ranked.slice(input.rerankTopN)];
}

function resolveVisible(input: SelectionInput, reference: string): ToolDefinition | undefined {
  const tool = input.registry.get(reference);
  return tool && input.visible(tool) ? tool : undefined;
}

/** Rerank, diversify, pin, fit to the budget, add dependencies, order. */
export async function finalizeSelection(input: SelectionInput): Promise<Selection> {
  const { request, limit } = input;
  const warnings: string[] = [];
  const threshold = request.scoreThreshold ?? 0;
  // The threshold applies to final scores, after reranking.
  let ranked = (await rerank(input, input.ranked, warnings)).filter(
    (scored) => scored.score >= threshold,
  );
  const diversity = request.diversity ?? 0;
  if (diversity > 0) {
    const pool: DiversityCandidate<ScoredTool>[] = ranked
      .slice(0, Math.max(limit * 4, 20))
      .map((scored) => ({
        item: scored,
        relevance: scored.score,
        vector: input.vectorOf(scored.tool) ?? input.termVector(scored.tool),
      }));
    const diverse = selectDiverse(pool, pool.length, diversity).map((candidate) => candidate.item);
    ranked = [...diverse, ...ranked.slice(pool.length)];
  }

  const budget = request.tokenBudget ?? Number.POSITIVE_INFINITY;
  let totalTokens = 0;
  const selected: ScoredTool[] = [];
  const taken = new Set<string>();
  const take = (scored: ScoredTool): void => {
    selected.push(scored);
    taken.add(scored.tool.qualifiedName);
    totalTokens += scored.tokens ?? 0;
  };

  // Pinned tools come first and count against the budget, but not against the limit.
  for (const reference of request.pinned ?? []) {
    const tool = resolveVisible(input, reference);
    if (!tool || taken.has(tool.qualifiedName)) continue;
    const existing = ranked.find((scored) => scored.tool.qualifiedName === tool.qualifiedName);
    const scored: ScoredTool = existing ?? { tool, score: 0, rank: 0, signals: { lexical: 0 } };
    scored.pinned = true;
    scored.tokens = input.tokenCounter(tool);
    take(scored);
  }

  let overBudgetCount = 0;
  let chosen = 0;
  for (const scored of ranked) {
    if (chosen >= limit) break;
    if (taken.has(scored.tool.qualifiedName)) continue;
    const tokens = input.tokenCounter(scored.tool);
    if (totalTokens + tokens > budget) {
      overBudgetCount++;
      continue;
    }
    scored.tokens = tokens;
    take(scored);
    chosen++;
  }

  if (request.includeDependencies) {
    // Follow `requires` transitively: a dependency's own requirements come too.
    for (let index = 0; index < selected.length; index++) {
      const scored = selected[index]!;
      for (const dependency of scored.tool.dependencies) {
        if (dependency.kind !== 'requires') continue;
        const tool = resolveVisible(input, dependency.tool);
        if (!tool) continue;
        const existing = selected.find((item) => item.tool.qualifiedName === tool.qualifiedName);
        if (existing) {
          const requiredBy = existing.requiredBy ?? [];
          if (existing !== scored && !requiredBy.includes(scored.tool.qualifiedName)) {
            existing.requiredBy = [...requiredBy, scored.tool.qualifiedName];
          }
          continue;
        }
        const tokens = input.tokenCounter(tool);
        if (totalTokens + tokens > budget) {
          overBudgetCount++;
          continue;
        }
        take({
          tool,
          score: 0,
          rank: 0,
          signals: { lexical: 0 },
          requiredBy: [scored.tool.qualifiedName],
          tokens,
        });
      }
    }
  }

  if (request.stableOrder) {
    selected.sort((a, b) =>
      a.tool.qualifiedName < b.tool.qualifiedName
        ? -1
        : a.tool.qualifiedName > b.tool.qualifiedName
          ? 1
          : 0,
    );
  }
  selected.forEach((scored, index) => {
    scored.rank = index + 1;
  });
  return { tools: selected, totalTokens, overBudgetCount, warnings };
}
